// A keep-alive agent for https: backends whose every new socket goes through the connection gate
// (the TLS session and certificate checks are node:https's own). Sockets kept alive were checked
// when they were opened.
import { Agent, type AgentOptions, type RequestOptions } from 'node:https';
import type { Duplex } from 'node:stream';
import type { ConnectionCallback, ConnectionGate } from './connection-gate';

export class GuardedHttpsAgent extends Agent {
  constructor(
    private readonly gate: ConnectionGate,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    options: RequestOptions,
    callback?: Parameters<Agent['createConnection']>[1],
  ): undefined {
    if (callback === undefined)
      throw new Error('a guarded agent opens sockets asynchronously: pass a callback');
    // @types/node types the socket as always given; Node's agent reads only the error when there is one.
    // https.Agent's createConnection always returns a TLS socket.
    this.gate.open(
      options,
      callback as ConnectionCallback,
      (pinned) => super.createConnection(pinned) as Duplex,
    );
    return undefined;
  }
}
