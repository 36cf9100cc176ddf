// The client-facing MCP transports over HTTP (spec 4.1): legacy HTTP+SSE (GET opens a session
// stream whose first event names the POST endpoint, POST /message carries the client's messages)
// and Streamable HTTP (POST answers with JSON or an SSE stream; `initialize` opens a stateful
// session; any other method without a session is served statelessly in its own context). Every
// message of a session is admitted to the session's own view with the rules as they are now. A
// request for a session another replica holds goes there (replica-forwarder.ts, decision 057).
import type { ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { classifyJsonRpc, type JsonRpcId, type JsonRpcMessage } from '@platform/jsonrpc';
import { markRoutineRequest, SseWriter } from '@platform/service-kit';
import type { Principal } from '../../access/principal';
import { passThroughAuthorization } from '../../backends/secrets';
import { ServerRegistry } from '../../backends/registry/server-registry.service';
import type { ClientSession, SessionTransport } from '../sessions/client-session';
import type { DispatchResult, Exchange } from '../sessions/exchange';
import type { GatewayMode } from '../views/gateway-mode';
import { headerOf, type McpRequest, setHeaders, writeEmpty, writeJson } from './mcp-http';
import { McpDispatcher, statelessContextId } from '../views/mcp-dispatcher.service';
import { classifyProtocolEra, inEra } from '../protocol/protocol-era';
import { ReplicaForwarder } from './replica-forwarder';
import { McpRequestGuard, sendError } from './request-guard.service';
import { jsonRpcErrorFor } from '../protocol/mcp-error-responses';
import { SessionLimitReached } from '../sessions/session-limit.error';
import { SessionRegistry } from '../sessions/session.registry';

export const SESSION_HEADER = 'mcp-session-id';
/** How long an answer may take before its event stream is opened anyway (keep-alives start then). */
const STREAM_AFTER_MS = 5_000;
/** Methods whose answer may be preceded by progress or server requests: those go out on an event stream when the client accepts one. */
const STREAMED_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read', 'completion/complete']);

@Injectable()
export class McpHttpTransport {
  private readonly logger = new Logger('McpHttpTransport');

  constructor(
    private readonly guard: McpRequestGuard,
    private readonly sessions: SessionRegistry,
    private readonly dispatcher: McpDispatcher,
    private readonly registry: ServerRegistry,
    private readonly replicas: ReplicaForwarder,
  ) {}

  /** `GET /sse`, `GET /{serverId}` without a session header: a legacy HTTP+SSE session. */
  async openLegacyStream(request: McpRequest, response: ServerResponse, mode: GatewayMode): Promise<void> {
    const principal = await this.guard.admit(request, response, mode);
    if (principal === undefined) return;
    const session = this.openSession(response, principal, mode, 'legacy-sse', null);
    if (session === undefined) return;
    const stream = new SseWriter(response);
    stream.event('endpoint', `/message?sessionId=${session.id}`);
    session.attach(
      (message) => stream.message(message),
      () => stream.end(),
    );
    response.on('close', () => this.sessions.end(session.id));
  }

  /** `POST /message?sessionId=…`: a message for a legacy session; answers go out on its stream. */
  async postLegacyMessage(request: McpRequest, response: ServerResponse): Promise<void> {
    markRoutineRequest(response);
    const sessionId = request.query['sessionId'];
    if (typeof sessionId !== 'string' || sessionId === '') {
      sendError(response, 400, 'sessionId is required');
      return;
    }
    const principal = await this.authenticate(request, response, { kind: 'aggregate' });
    if (principal === undefined) return;
    const session = this.sessions.find(sessionId, principal);
    if (session === undefined || session.transport !== 'legacy-sse') {
      if (session === undefined && (await this.replicas.forward(request, response, sessionId, principal)))
        return;
      sendError(response, 404, 'Session not found');
      return;
    }
    // Admitted to its view when the stream opened is not enough: the session's own view (a direct
    // one needs the server enabled and the direct-proxy right) is checked for every message.
    if (!(await this.admitToView(request, response, principal, session.mode))) return;
    const message = this.readMessage(request, response);
    if (message === undefined) return;
    writeEmpty(response, 202);
    const exchange = this.exchange(request, principal, session.mode, session, (relayed) =>
      session.send(relayed),
    );
    await this.handle(exchange, message, (answer) => session.send(answer.response));
  }

  /** `POST /sse`, `POST /mcp`, `POST /{serverId}`: Streamable HTTP. */
  async postStreamable(request: McpRequest, response: ServerResponse, mode: GatewayMode): Promise<void> {
    markRoutineRequest(response);
    const principal = await this.authenticate(request, response, mode);
    if (principal === undefined || !(await this.admitToView(request, response, principal, mode))) return;
    const message = this.readMessage(request, response);
    if (message === undefined) return;
    const era = classifyProtocolEra(message, request.headers);
    if (era.era === 'refused') {
      writeJson(response, era.status, era.response);
      return;
    }
    let session: ClientSession | undefined;
    // The 2026-07-28 era has no sessions: each request stands alone, whatever headers it carries.
    const sessionId = era.era === 'modern' ? undefined : headerOf(request, SESSION_HEADER);
    if (sessionId !== undefined) {
      session = this.sessions.find(sessionId, principal);
      if (session === undefined || session.transport !== 'streamable' || !sameMode(session.mode, mode)) {
        if (session === undefined && (await this.replicas.forward(request, response, sessionId, principal)))
          return;
        sendError(response, 404, 'Session not found');
        return;
      }
    } else if (
      era.era === 'legacy' &&
      'method' in message &&
      message.method === 'initialize' &&
      'id' in message
    ) {
      session = this.openSession(response, principal, mode, 'streamable', message.id);
      if (session === undefined) return;
      response.setHeader('Mcp-Session-Id', session.id);
    }
    if (!('method' in message)) {
      if (session !== undefined) session.answer(message);
      writeEmpty(response, 202);
      return;
    }
    if (!('id' in message)) {
      writeEmpty(response, 202);
      await this.dispatcher.notification(this.exchange(request, principal, mode, session), message);
      return;
    }
    const abort = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) abort.abort('client went away');
    });
    const wantsStream = acceptsEventStream(request) && STREAMED_METHODS.has(message.method);
    if (!wantsStream) {
      const result = await this.dispatcher.request(
        this.exchange(request, principal, mode, session, undefined, abort.signal),
        message,
      );
      this.sendJson(response, inEra(result, era, message.method), mode);
      return;
    }
    const reply = new DeferredEventStream(
      response,
      session === undefined ? {} : { 'Mcp-Session-Id': session.id },
    );
    const exchange = this.exchange(
      request,
      principal,
      mode,
      session,
      (relayed) => reply.relay(relayed),
      abort.signal,
    );
    const result = await this.dispatcher.request(exchange, message);
    reply.finish(inEra(result, era, message.method).response);
  }

  /** `GET` with a session header: the session's stream for server-initiated messages. */
  async openSessionStream(request: McpRequest, response: ServerResponse, mode: GatewayMode): Promise<void> {
    const principal = await this.authenticate(request, response, mode);
    if (principal === undefined || !(await this.admitToView(request, response, principal, mode))) return;
    const sessionId = headerOf(request, SESSION_HEADER) ?? '';
    const session = this.sessions.find(sessionId, principal);
    if (session === undefined || session.transport !== 'streamable' || !sameMode(session.mode, mode)) {
      if (session === undefined && (await this.replicas.forward(request, response, sessionId, principal)))
        return;
      sendError(response, 404, 'Session not found');
      return;
    }
    const stream = new SseWriter(response, { 'Mcp-Session-Id': session.id });
    session.attach(
      (message) => stream.message(message),
      () => stream.end(),
    );
    response.on('close', () => session.attach(undefined));
  }

  /** `DELETE` with a session header: the client ends its session. */
  async deleteSession(request: McpRequest, response: ServerResponse, mode: GatewayMode): Promise<void> {
    const principal = await this.authenticate(request, response, mode);
    if (principal === undefined || !(await this.admitToView(request, response, principal, mode))) return;
    const sessionId = headerOf(request, SESSION_HEADER);
    const session = sessionId === undefined ? undefined : this.sessions.find(sessionId, principal);
    if (session === undefined && sessionId !== undefined) {
      if (await this.replicas.forward(request, response, sessionId, principal)) return;
    }
    if (session === undefined) {
      sendError(
        response,
        sessionId === undefined ? 400 : 404,
        sessionId === undefined ? 'Mcp-Session-Id is required' : 'Session not found',
      );
      return;
    }
    this.sessions.end(session.id);
    writeEmpty(response, 204);
  }

  /**
   * The caller, or undefined after an error response was sent: as another replica vouches for it
   * when the request was forwarded from there, else as the guard authenticates it.
   */
  private async authenticate(
    request: McpRequest,
    response: ServerResponse,
    mode: GatewayMode,
  ): Promise<Principal | undefined> {
    const forwarded = this.replicas.forwardedCaller(request);
    if (forwarded === undefined) return this.guard.authenticate(request, response, mode);
    if (forwarded === 'elsewhere') {
      // For the replica that held this address before this one started: its sessions are gone.
      sendError(response, 404, 'Session not found');
      return undefined;
    }
    if (forwarded !== null) return forwarded;
    this.logger.warn(
      'Refused a request forwarded by a replica whose proof did not hold (another GATEWAY_REPLICA_SECRET, clocks apart, or not from a replica)',
    );
    sendError(response, 403, 'Invalid forwarded request');
    return undefined;
  }

  /**
   * Whether the principal may use the view now; if not, the refusal is answered, and the session
   * the request names, if it is this owner's, is ended at once when the refusal is for good (an
   * allow row gone, the server disabled): a session never outlives the decision that admitted it.
   * Sessions that send nothing are ended by the SessionAccessMonitor.
   */
  private async admitToView(
    request: McpRequest,
    response: ServerResponse,
    principal: Principal,
    mode: GatewayMode,
  ): Promise<boolean> {
    const refusal = await this.guard.viewRefusal(principal, mode);
    if (refusal === undefined) return true;
    sendError(response, refusal.status, refusal.message, refusal.explanation);
    const sessionId =
      typeof request.query['sessionId'] === 'string'
        ? request.query['sessionId']
        : headerOf(request, SESSION_HEADER);
    const session = sessionId === undefined ? undefined : this.sessions.find(sessionId, principal);
    if (refusal.lasting && session !== undefined && sameMode(session.mode, mode))
      this.sessions.end(session.id);
    return false;
  }

  /** A new session, or undefined after the refusal was sent (the caller or the gateway is at its limit). */
  private openSession(
    response: ServerResponse,
    principal: Principal,
    mode: GatewayMode,
    transport: SessionTransport,
    requestId: JsonRpcId,
  ): ClientSession | undefined {
    try {
      return this.sessions.open(principal, mode, transport);
    } catch (error) {
      if (!(error instanceof SessionLimitReached)) throw error;
      response.setHeader('Retry-After', String(error.retryAfterSeconds));
      writeJson(
        response,
        error.scope === 'principal' ? 429 : 503,
        jsonRpcErrorFor('SessionLimitReached', requestId, { message: error.message, data: error.details }),
      );
      return undefined;
    }
  }

  private async handle(
    exchange: Exchange,
    message: JsonRpcMessage,
    reply: (result: DispatchResult) => void,
  ): Promise<void> {
    if (!('method' in message)) {
      exchange.session?.answer(message);
      return;
    }
    if (!('id' in message)) {
      await this.dispatcher.notification(exchange, message);
      return;
    }
    reply(await this.dispatcher.request(exchange, message));
  }

  private exchange(
    request: McpRequest,
    principal: Principal,
    mode: GatewayMode,
    session: ClientSession | undefined,
    relay?: (message: JsonRpcMessage) => void,
    signal?: AbortSignal,
  ): Exchange {
    const passThrough = this.passThrough(request, mode);
    return {
      principal,
      mode,
      contextId: session?.id ?? statelessContextId(),
      ...(session === undefined ? {} : { session }),
      ...(passThrough === undefined ? {} : { passThroughAuthorization: passThrough }),
      ...(relay === undefined ? {} : { relay }),
      ...(signal === undefined ? {} : { signal }),
    };
  }

  /** `X-Target-Auth` for a direct view of a server that allows it; never the caller's own credential. */
  private passThrough(request: McpRequest, mode: GatewayMode): string | undefined {
    if (mode.kind !== 'direct') return undefined;
    const server = this.registry.get(mode.serverId)?.definition;
    if (server === undefined) return undefined;
    const credential = headerOf(request, 'authorization')?.replace(/^bearer\s+/i, '');
    const decision = passThroughAuthorization(request.headers['x-target-auth'], server, {
      callerCredentials: credential === undefined ? [] : [credential],
    });
    return decision.kind === 'pass-through' ? decision.authorization : undefined;
  }

  /** The body as one JSON-RPC message, or undefined after a 400 was sent. */
  private readMessage(request: McpRequest, response: ServerResponse): JsonRpcMessage | undefined {
    const classification = classifyJsonRpc(request.body);
    if (classification.kind === 'batch') {
      sendError(response, 400, 'Invalid Request: batches are not supported; send one message per request');
      return undefined;
    }
    if (classification.kind === 'invalid') {
      if (!response.headersSent) writeJson(response, 400, classification.response);
      return undefined;
    }
    return classification.message;
  }

  private sendJson(response: ServerResponse, result: DispatchResult, mode: GatewayMode): void {
    if (response.headersSent || !response.writable) return;
    writeJson(response, httpStatusOf(result, mode), result.response);
  }
}

/** HTTP status where a response is still open (spec 7): 504 on timeout; 502 and 404 for the direct proxy. */
function httpStatusOf(result: DispatchResult, mode: GatewayMode): number {
  const direct = mode.kind === 'direct';
  switch (result.outcome) {
    case 'timed-out':
      return 504;
    case 'unavailable':
      return direct ? 502 : 200;
    case 'not-found':
      return direct ? 404 : 200;
    case 'completed':
    case 'cancelled':
    case 'connection-closed':
    case 'duplicate':
    case 'refused':
    case undefined:
      return 200;
  }
}

/**
 * The answer to a request whose client accepts an event stream. The stream is opened only when a
 * message must go out before the answer (progress, a server-to-client request), or once the answer
 * has taken `STREAM_AFTER_MS`, so that keep-alives reach proxies that would drop a silent request;
 * an answer with nothing before it, the common case, goes out as one JSON body in one write. Either
 * way the status is 200 and errors travel as JSON-RPC errors, as they would on the stream.
 */
class DeferredEventStream {
  private stream: SseWriter | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly response: ServerResponse,
    private readonly headers: Readonly<Record<string, string>>,
  ) {
    this.timer = setTimeout(() => this.open(), STREAM_AFTER_MS);
    this.timer.unref();
    response.once('close', () => clearTimeout(this.timer));
  }

  relay(message: JsonRpcMessage): void {
    this.open().message(message);
  }

  finish(answer: JsonRpcMessage): void {
    clearTimeout(this.timer);
    if (this.stream !== undefined) {
      this.stream.message(answer);
      this.stream.end();
      return;
    }
    if (this.response.headersSent || !this.response.writable) return;
    setHeaders(this.response, this.headers);
    writeJson(this.response, 200, answer);
  }

  private open(): SseWriter {
    this.stream ??= new SseWriter(this.response, this.headers);
    return this.stream;
  }
}

function acceptsEventStream(request: McpRequest): boolean {
  return (headerOf(request, 'accept') ?? '').toLowerCase().includes('text/event-stream');
}

function sameMode(a: GatewayMode, b: GatewayMode): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'direct' || (b.kind === 'direct' && a.serverId === b.serverId);
}
