// One client's MCP session with the gateway (spec 3.1 "Client session"): who opened it, what it
// shows, which protocol revision was agreed, and the channel on which server-initiated messages
// reach it. Server-to-client requests (sampling, elicitation, roots) get session-local ids here
// and are matched with the client's answers. Closing a session closes its open stream, so a
// session ended because its owner lost access stops at once (docs/decisions/020-one-decision-per-item-in-every-view.md).
import { JsonRpcErrorMessage, type JsonRpcMessage, type JsonRpcResponse } from '@platform/jsonrpc';
import type { Principal } from '../../access/principal';
import { mcpErrorObject } from '../protocol/mcp-error-responses';
import type { ServerToClientAnswer, ServerToClientRequest } from '../../backends/proxy/forwarded-call';
import type { GatewayMode } from '../views/gateway-mode';
import type { LogLevel } from './log-levels';

export type SessionTransport = 'legacy-sse' | 'streamable';

/** The client capability each server-to-client request needs (MCP: a client declares what it answers). */
const REQUIRED_CAPABILITY: ReadonlyMap<string, string> = new Map([
  ['sampling/createMessage', 'sampling'],
  ['elicitation/create', 'elicitation'],
  ['roots/list', 'roots'],
]);

/** Where messages for the client go; undefined while the client has no open stream. */
export type MessageSink = (message: JsonRpcMessage) => void;

interface OutboundRequest {
  readonly resolve: (answer: ServerToClientAnswer) => void;
}

export class ClientSession {
  readonly openedAt = Date.now();
  lastSeen = Date.now();
  protocolVersion?: string;
  clientCapabilities: Readonly<Record<string, unknown>> = {};
  /** The level the client chose with `logging/setLevel`; log messages below it are not sent to it. */
  logLevel?: LogLevel;
  private sink?: MessageSink;
  private endStream?: () => void;
  /** Client requests of this session the gateway is still answering. */
  private answering = 0;
  private nextOutboundId = 1;
  private readonly outbound = new Map<string, OutboundRequest>();
  private current: Principal;

  constructor(
    /** Sealed: it names the replica holding the session (replicas/replica-keys.ts). */
    readonly id: string,
    principal: Principal,
    /** Stable identity of the principal; a session answers only to the one that opened it. */
    readonly ownerKey: string,
    readonly mode: GatewayMode,
    readonly transport: SessionTransport,
  ) {
    this.current = principal;
  }

  /**
   * The owner as of its latest request: an SSO user's groups and an OAuth token's claims may have
   * changed since the session opened, and what the session is sent unasked (list changes) and
   * whether it may go on are decided for the owner as it is now, not as it was.
   */
  get principal(): Principal {
    return this.current;
  }

  /** The owner presented its credential again (same owner key, possibly other groups or claims). */
  renew(principal: Principal): void {
    this.current = principal;
  }

  touch(): void {
    this.lastSeen = Date.now();
  }

  /** The client's open stream (`end` closes it), or undefined when it has none. */
  attach(sink: MessageSink | undefined, end?: () => void): void {
    this.sink = sink;
    this.endStream = sink === undefined ? undefined : end;
  }

  get hasStream(): boolean {
    return this.sink !== undefined;
  }

  /** A client request of this session is being answered (paired with `answered`). */
  answeringRequest(): void {
    this.answering += 1;
  }

  answered(): void {
    this.answering -= 1;
    this.touch();
  }

  /**
   * In use: a stream is open or a request is being answered. Such a session is never ended to make
   * room for another, nor reaped as idle.
   */
  get isActive(): boolean {
    return this.sink !== undefined || this.answering > 0;
  }

  send(message: JsonRpcMessage): boolean {
    if (this.sink === undefined) return false;
    this.sink(message);
    return true;
  }

  /**
   * Sends a server-to-client request over `via` (or the session stream) and waits for the client's
   * answer. A client that did not declare the capability the request needs is not asked.
   */
  ask(request: ServerToClientRequest, signal: AbortSignal, via?: MessageSink): Promise<ServerToClientAnswer> {
    const needed = REQUIRED_CAPABILITY.get(request.method);
    if (needed !== undefined && !Object.hasOwn(this.clientCapabilities, needed)) {
      return Promise.resolve({
        error: mcpErrorObject('MissingRequiredClientCapability', {
          message: `${JsonRpcErrorMessage.MissingRequiredClientCapability}: the client did not declare '${needed}'`,
        }),
      });
    }
    const deliver = via ?? this.sink;
    if (deliver === undefined) {
      return Promise.resolve({
        error: mcpErrorObject('MethodNotFound', {
          message: 'The client has no open stream for server requests',
        }),
      });
    }
    const id = `gw-${this.nextOutboundId++}`;
    return new Promise((resolve) => {
      this.outbound.set(id, { resolve });
      signal.addEventListener(
        'abort',
        () => {
          if (!this.outbound.delete(id)) return;
          deliver({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: id, reason: String(signal.reason) },
          });
          resolve({ error: mcpErrorObject('RequestCancelled') });
        },
        { once: true },
      );
      deliver({
        jsonrpc: '2.0',
        id,
        method: request.method,
        ...(request.params === undefined ? {} : { params: request.params }),
      });
    });
  }

  /** The client answered one of our requests; false when the id is not ours (or already answered). */
  answer(response: JsonRpcResponse): boolean {
    const key = typeof response.id === 'string' ? response.id : undefined;
    const open = key === undefined ? undefined : this.outbound.get(key);
    if (key === undefined || open === undefined) return false;
    this.outbound.delete(key);
    open.resolve('error' in response ? { error: response.error } : { result: response.result });
    return true;
  }

  close(): void {
    for (const open of this.outbound.values()) open.resolve({ error: mcpErrorObject('ConnectionClosed') });
    this.outbound.clear();
    const end = this.endStream;
    this.sink = undefined;
    this.endStream = undefined;
    end?.();
  }
}
