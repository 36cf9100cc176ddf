// Requests for a session another replica holds (docs/decisions/057-gateway-scale-out.md). A
// session id is sealed by the replica that opened it and names that replica, where it is reached,
// and a tag of the session's owner. A request naming a session this replica does not hold is,
// after this replica authenticated its caller: refused (the caller answers 404, as for any unknown
// session) when the id is not a valid sealed id, names this replica (the session ended), or
// belongs to another caller; else sent on to the owner replica with the caller it speaks for and
// an HMAC proof, and the owner's answer (status, headers, body, event streams as they come) is
// relayed. The owner serves it exactly as if the caller had come to it, owner check included. An
// owner that cannot be reached is gone with its sessions: 404, so the client opens a new session.
import {
  request as httpRequest,
  Agent,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CLOCK, type Clock, HttpMetrics, markEndlessStream } from '@platform/service-kit';
import { Counter } from 'prom-client';
import type { Principal } from '../../access/principal';
import type { ForwardBinding } from '../../replicas/replica-keys';
import { ReplicaIdentity } from '../../replicas/replica-identity';
import { ownerKeyOf } from '../sessions/session.registry';
import { headerOf, type McpRequest } from './mcp-http';
import { sendError } from './request-guard.service';

/** The header carrying a forwarded request's caller and proof. */
export const FORWARD_HEADER = 'x-mcp-gateway-forwarded';
/** An owner that does not accept the connection within this is taken for gone. */
const CONNECT_TIMEOUT_MS = 2_000;
/** A legacy `POST /message` is answered 202 as soon as the owner has the message; longer is a stuck owner. */
const LEGACY_ANSWER_TIMEOUT_MS = 10_000;
/** Request headers the owner needs; the caller's credential goes only for the pass-through rule. */
const FORWARDED_HEADERS = [
  'accept',
  'authorization',
  'content-type',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'x-request-id',
  'x-target-auth',
];
/** Response headers that belong to one connection, not to the answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

type ForwardOutcome = 'relayed' | 'owner-gone' | 'owner-slow' | 'broken';

@Injectable()
export class ReplicaForwarder implements OnModuleDestroy {
  private readonly agent = new Agent({ keepAlive: true });
  /** Requests that came from another replica: never forwarded again. */
  private readonly fromReplicas = new WeakSet<McpRequest>();
  private readonly outcomes: Counter<'outcome'>;

  constructor(
    private readonly replica: ReplicaIdentity,
    @Inject(CLOCK) private readonly clock: Clock,
    metrics: HttpMetrics,
  ) {
    this.outcomes = new Counter({
      name: 'mcp_gateway_replica_forwards_total',
      help: 'Requests for a session held by another replica, by outcome (relayed, owner-gone: answered 404, owner-slow: 504, broken: ended mid-answer).',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
  }

  onModuleDestroy(): void {
    this.agent.destroy();
  }

  /**
   * The caller a request forwarded by another replica speaks for: undefined when the request
   * carries no forward; `elsewhere` when it was meant for the replica that was at this address
   * before (its sessions are gone); null when its proof does not hold (not from a replica of this
   * gateway, too old, or altered on the way).
   */
  forwardedCaller(request: McpRequest): Principal | 'elsewhere' | null | undefined {
    const header = headerOf(request, FORWARD_HEADER);
    if (header === undefined) return undefined;
    const caller = this.replica.keys.verifyForward(
      header,
      bindingOf(request),
      this.replica.id,
      this.clock.nowMs(),
    );
    if (caller === undefined) return null;
    if (caller === 'elsewhere') return caller;
    this.fromReplicas.add(request);
    return caller.principal;
  }

  /**
   * Sends a request naming a session this replica does not hold to the replica that holds it, and
   * relays its answer. False (nothing sent, the caller answers 404) when no other replica holds a
   * session of this caller under that id.
   */
  async forward(
    request: McpRequest,
    response: ServerResponse,
    sessionId: string,
    principal: Principal,
  ): Promise<boolean> {
    if (!this.replica.shared || this.fromReplicas.has(request)) return false;
    const owner = this.replica.owner(sessionId);
    if (owner === undefined || owner.replicaId === this.replica.id) return false;
    // Another caller's session is refused here as on the owner, without a hop.
    if (owner.ownerTag !== this.replica.keys.ownerTag(ownerKeyOf(principal))) return false;
    const binding = bindingOf(request);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = headerOf(request, name);
      if (value !== undefined) headers[name] = value;
    }
    if (binding.body !== '') {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(binding.body));
    }
    headers[FORWARD_HEADER] = this.replica.keys.signForward(
      { to: owner.replicaId, at: this.clock.nowMs(), principal },
      binding,
    );
    // The request's own path and query, on the owner's origin: nothing in the request picks the host.
    const target = new URL(`${new URL(owner.url).origin}/${binding.url.replace(/^\/+/, '')}`);
    const outcome = await this.relay(target, request, response, headers, binding.body);
    this.outcomes.inc({ outcome });
    return true;
  }

  private relay(
    target: URL,
    request: McpRequest,
    response: ServerResponse,
    headers: Record<string, string>,
    body: string,
  ): Promise<ForwardOutcome> {
    const legacyPost = request.method === 'POST' && request.path === '/message';
    return new Promise((resolve) => {
      let attempt = 0;
      const send = (): void => {
        attempt += 1;
        const upstream = httpRequest(target, { method: request.method, headers, agent: this.agent });
        const timers = [setTimeout(() => upstream.destroy(timeoutError('connect')), CONNECT_TIMEOUT_MS)];
        if (legacyPost)
          timers.push(setTimeout(() => upstream.destroy(timeoutError('answer')), LEGACY_ANSWER_TIMEOUT_MS));
        const clear = () => timers.forEach((timer) => clearTimeout(timer));
        onceConnected(upstream, () => clearTimeout(timers[0]));
        const clientGone = () => {
          if (!response.writableFinished) upstream.destroy();
        };
        response.once('close', clientGone);
        upstream.once('error', (error: NodeJS.ErrnoException) => {
          clear();
          response.off('close', clientGone);
          if (response.headersSent) {
            response.destroy();
            resolve('broken');
            return;
          }
          // A pooled connection the owner had just closed: once more on a fresh one.
          if (upstream.reusedSocket && error.code === 'ECONNRESET' && attempt < 3) {
            send();
            return;
          }
          if (error.code === SLOW_OWNER) {
            sendError(response, 504, 'The replica holding the session did not answer in time');
            resolve('owner-slow');
            return;
          }
          sendError(response, 404, 'Session not found');
          resolve('owner-gone');
        });
        upstream.once('response', (answer) => {
          clear();
          this.pipeAnswer(answer, response, resolve);
        });
        upstream.end(body === '' ? undefined : body);
      };
      send();
    });
  }

  private pipeAnswer(
    answer: IncomingMessage,
    response: ServerResponse,
    resolve: (outcome: ForwardOutcome) => void,
  ): void {
    response.statusCode = answer.statusCode ?? 502;
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) response.setHeader(name, value);
    }
    if ((answer.headers['content-type'] ?? '').includes('text/event-stream')) {
      // A relayed session stream is as endless as the owner's, and must flow as it comes.
      if (answer.statusCode === 200 && response.req.method === 'GET') markEndlessStream(response);
      response.flushHeaders();
      response.socket?.setNoDelay(true);
    }
    answer.once('aborted', () => response.destroy());
    answer.once('error', () => response.destroy());
    answer.once('end', () => resolve('relayed'));
    response.once('close', () => {
      if (!answer.complete) {
        answer.destroy();
        resolve('broken');
      }
    });
    answer.pipe(response);
  }
}

/** What a forward's proof covers: the request line, the session it names, the body as sent. */
function bindingOf(request: McpRequest): ForwardBinding {
  return {
    method: request.method ?? 'GET',
    url: request.url ?? '/',
    sessionHeader: headerOf(request, 'mcp-session-id'),
    body: request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : '',
  };
}

function onceConnected(upstream: ClientRequest, connected: () => void): void {
  upstream.once('socket', (socket) => {
    if (socket.connecting) socket.once('connect', connected);
    else connected();
  });
}

const SLOW_OWNER = 'SLOW_OWNER';

function timeoutError(what: 'connect' | 'answer'): NodeJS.ErrnoException {
  return what === 'connect'
    ? Object.assign(new Error('the owner replica did not accept the connection in time'), {
        code: 'ETIMEDOUT',
      })
    : Object.assign(new Error('the owner replica did not answer in time'), { code: SLOW_OWNER });
}
