// A keep-alive agent for http: backends whose every new socket goes through the connection gate.
// Sockets kept alive were checked when they were opened.
import { Agent, type AgentOptions, type ClientRequestArgs } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ConnectionCallback, ConnectionGate } from './connection-gate';

export class GuardedHttpAgent extends Agent {
  constructor(
    private readonly gate: ConnectionGate,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: Parameters<Agent['createConnection']>[1],
  ): undefined {
    if (callback === undefined)
      throw new Error('a guarded agent opens sockets asynchronously: pass a callback');
    // @types/node types the socket as always given; Node's agent reads only the error when there is one.
    // net.createConnection always returns a socket.
    this.gate.open(
      options,
      callback as ConnectionCallback,
      (pinned) => super.createConnection(pinned) as Duplex,
    );
    return undefined;
  }
}
