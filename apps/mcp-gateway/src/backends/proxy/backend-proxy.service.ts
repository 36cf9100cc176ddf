// The proxy core (spec 3.1 "Pending backend request", 4.1 "Request id handling"): forwards a
// client's request to a backend under a fresh 32-hex id, restores the client's id on the answer,
// and ends every request exactly once: answered, cancelled by the client, timed out, or failed
// because its backend went away. Backend-initiated traffic goes back only where it provably
// belongs: progress by its token; log lines and server requests that came on a request's own
// stream to that request; other server requests to the one request waiting on the backend, if
// only one is; other notifications to their subscribers (BackendNotificationHub).
import { Injectable, Logger } from '@nestjs/common';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  type JsonRpcId,
  type JsonRpcNotification,
  jsonRpcError,
  JsonRpcErrorMessage,
  type JsonRpcResponse,
} from '@platform/jsonrpc';
import { HttpMetrics } from '@platform/service-kit';
import { Counter } from 'prom-client';
import { jsonRpcErrorFor, type McpErrorName } from '../../mcp/protocol/mcp-error-responses';
import type { UpstreamHandler, UpstreamLink } from '../connections/backend-connection';
import { ConnectionManager } from '../connections/connection-manager.service';
import { upstreamMessage } from '../connections/upstream-message';
import { runWithPassThroughAuthorization } from '../connections/pass-through.context';
import { ServerRegistry } from '../registry/server-registry.service';
import type { ForwardedCall, ForwardOutcome, ForwardResult } from './forwarded-call';
import { BackendNotificationHub } from './backend-notification.hub';
import {
  DUPLICATE_REQUEST_ID_MESSAGE,
  type PendingRequest,
  PendingRequestTable,
} from './pending-request.table';
import { rewriteProgressToken } from './progress-token';
import { ServerRequestRouter } from './server-request.router';
import { deliverUpstream, describeError } from './upstream-delivery';
import { relatedUpstreamId, sendingFor } from './upstream-request.context';
import { isJsonRecord } from '../../json-record';

/** Why a request ends when a Streamable HTTP backend refuses the session it just renewed. */
const SESSION_REFUSED_AGAIN =
  'the backend refused the gateway session again right after the gateway re-initialized it';

/** Upstream ids are ours alone: the SDK client's own requests (handshake, ping) use numbers. */
const UPSTREAM_ID = /^[0-9a-f]{32}$/;

interface InFlight {
  readonly call: ForwardedCall;
  readonly pending: PendingRequest;
  readonly clientProgressToken?: string | number;
  readonly resolve: (result: ForwardResult) => void;
  link?: UpstreamLink;
  /** Set once the message is on a current link; before that a dropped link is the sender's business. */
  handedOver: boolean;
}

@Injectable()
export class BackendProxy implements UpstreamHandler {
  private readonly logger = new Logger('BackendProxy');
  private readonly table = new PendingRequestTable();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly serverRequests: ServerRequestRouter;
  private readonly outcomes: Counter<'server' | 'outcome'>;

  constructor(
    private readonly connections: ConnectionManager,
    private readonly registry: ServerRegistry,
    readonly notifications: BackendNotificationHub,
    metrics: HttpMetrics,
  ) {
    this.serverRequests = new ServerRequestRouter((serverId, message) => this.sendRaw(serverId, message));
    this.outcomes = new Counter({
      name: 'mcp_backend_requests_total',
      help: 'Requests forwarded to backends, by how they ended.',
      labelNames: ['server', 'outcome'],
      registers: [metrics.registry],
    });
    connections.attachUpstreamHandler(this);
  }

  /** Requests currently waiting on backends (for status pages and tests). */
  get pendingCount(): number {
    return this.table.size;
  }

  /** Forwards one request; the promise always resolves, with an answer carrying the client's id. */
  forward(serverId: string, call: ForwardedCall): Promise<ForwardResult> {
    const { request } = call;
    const server = this.registry.get(serverId)?.definition;
    if (server === undefined || !server.enabled) {
      return Promise.resolve(
        this.counted(
          serverId,
          'not-found',
          request.id,
          'MethodNotFound',
          `No enabled server with id '${serverId}'`,
        ),
      );
    }
    return new Promise((resolve) => {
      const pending = this.table.register({
        sessionId: call.sessionId,
        originalId: request.id,
        backendId: serverId,
        method: request.method,
        timeoutMs: call.timeoutMs ?? server.requestTimeoutMs,
        onTimeout: (ended) => this.timedOut(ended),
      });
      if (pending === 'duplicate') {
        resolve(
          this.counted(serverId, 'duplicate', request.id, 'InvalidRequest', DUPLICATE_REQUEST_ID_MESSAGE),
        );
        return;
      }
      const rewritten = rewriteProgressToken(request.params, pending.upstreamId);
      const entry: InFlight = {
        call,
        pending,
        resolve,
        handedOver: false,
        ...(rewritten.clientToken === undefined ? {} : { clientProgressToken: rewritten.clientToken }),
      };
      this.inFlight.set(pending.upstreamId, entry);
      call.signal?.addEventListener(
        'abort',
        () => this.cancel(call.sessionId, request.id, 'client went away'),
        {
          once: true,
        },
      );
      const message = upstreamMessage({
        id: pending.upstreamId,
        method: request.method,
        ...(rewritten.params === undefined ? {} : { params: rewritten.params }),
      });
      const passThrough = server.allowPassThroughAuth ? call.passThroughAuthorization : undefined;
      void this.send(entry, message, passThrough);
    });
  }

  /** `notifications/cancelled` from a client: ends the request now and tells the backend. */
  cancel(sessionId: string, originalId: JsonRpcId, reason = 'cancelled by the client'): boolean {
    const ended = this.table.cancel(sessionId, originalId);
    if (ended === undefined) return false;
    this.cancelled(ended, reason);
    return true;
  }

  /** A client session ended: everything it still waits for is cancelled upstream. */
  cancelSession(sessionId: string): void {
    for (const ended of this.table.cancelSession(sessionId)) this.cancelled(ended, 'client session ended');
  }

  /** A client notification for a backend (other than cancellation, which has its own method). */
  async notify(serverId: string, notification: JsonRpcNotification): Promise<void> {
    // The gateway did its own handshake with the backend; the client's is not the backend's business.
    if (notification.method === 'notifications/initialized') return;
    await this.sendRaw(serverId, upstreamMessage(notification));
  }

  intercept(serverId: string, message: JSONRPCMessage): boolean {
    if ('method' in message) {
      if ('id' in message) return this.serverRequest(serverId, message.id, message.method, message.params);
      return this.backendNotification(serverId, message);
    }
    if (!('id' in message) || typeof message.id !== 'string' || !UPSTREAM_ID.test(message.id)) return false;
    const entry = this.inFlight.get(message.id);
    const ended = entry === undefined ? undefined : this.table.complete(message.id);
    // An answer that comes after its request was cancelled or timed out is dropped here.
    if (entry === undefined || ended === undefined) return true;
    const response =
      'error' in message
        ? jsonRpcError(entry.call.request.id, message.error.code, message.error.message, message.error.data)
        : { jsonrpc: '2.0' as const, id: entry.call.request.id, result: message.result };
    this.finish(entry, 'completed', response);
    return true;
  }

  linkClosed(serverId: string, reason: string): void {
    this.serverRequests.abortBackend(serverId);
    // A request still on its way is ended (or sent again) by its own delivery, which sees the failure.
    const onItsWay = (request: PendingRequest) => this.inFlight.get(request.upstreamId)?.handedOver === false;
    for (const ended of this.table.failBackend(serverId, onItsWay)) {
      const entry = this.inFlight.get(ended.upstreamId);
      if (entry !== undefined) this.finish(entry, 'connection-closed', connectionClosed(ended, reason));
    }
  }

  private async send(
    entry: InFlight,
    message: JSONRPCMessage,
    passThrough: string | undefined,
  ): Promise<void> {
    const { pending } = entry;
    const outcome = await deliverUpstream({
      connect: () => this.connections.linkFor(pending.backendId),
      send: (link) =>
        runWithPassThroughAuthorization(passThrough, () =>
          sendingFor(pending.upstreamId, () => link.send(message, { requestSignal: pending.signal })),
        ),
      isPending: () => this.inFlight.has(pending.upstreamId),
      onLink: (link) => {
        entry.link = link;
      },
      onDelivered: () => {
        entry.handedOver = true;
      },
    });
    switch (outcome.kind) {
      case 'delivered':
      case 'ended':
        return;
      case 'unreachable':
        this.unavailable(entry, describeError(outcome.error));
        return;
      case 'link-lost':
        if (this.table.complete(pending.upstreamId) !== undefined) {
          this.finish(entry, 'connection-closed', connectionClosed(pending, outcome.reason));
        }
        return;
      case 'refused':
        this.refused(entry, describeError(outcome.error));
        return;
      case 'session-refused':
        this.unavailable(
          entry,
          `${SESSION_REFUSED_AGAIN} (${describeError(outcome.error)})`,
          JsonRpcErrorMessage.ServerDisconnected,
        );
        return;
    }
  }

  /** -32001: the backend cannot be reached, or (`Server Disconnected`) keeps refusing our session. */
  private unavailable(
    entry: InFlight,
    detail: string,
    message: string = JsonRpcErrorMessage.ServerNotRunning,
  ): void {
    if (this.table.complete(entry.pending.upstreamId) === undefined) return;
    const { originalId, backendId } = entry.pending;
    this.finish(
      entry,
      'unavailable',
      jsonRpcErrorFor('ServerNotRunning', originalId, {
        message,
        data: { serverId: backendId, reason: detail },
      }),
    );
  }

  /** -32603 for this request alone: it could not be sent as it is, and the link is fine. */
  private refused(entry: InFlight, detail: string): void {
    if (this.table.complete(entry.pending.upstreamId) === undefined) return;
    const { originalId, backendId } = entry.pending;
    this.finish(
      entry,
      'refused',
      jsonRpcErrorFor('InternalError', originalId, {
        data: { serverId: backendId, reason: `the request could not be delivered: ${clip(detail)}` },
      }),
    );
  }

  private timedOut(ended: PendingRequest): void {
    const entry = this.inFlight.get(ended.upstreamId);
    if (entry === undefined) return;
    this.tellBackendCancelled(entry, 'request timed out');
    const timeoutMs = entry.call.timeoutMs ?? this.registry.get(ended.backendId)?.definition.requestTimeoutMs;
    this.finish(
      entry,
      'timed-out',
      jsonRpcErrorFor('ServerDisconnected', ended.originalId, {
        message: 'Request timed out',
        data: { serverId: ended.backendId, timeoutMs },
      }),
    );
  }

  private cancelled(ended: PendingRequest, reason: string): void {
    const entry = this.inFlight.get(ended.upstreamId);
    if (entry === undefined) return;
    this.tellBackendCancelled(entry, reason);
    this.finish(entry, 'cancelled', jsonRpcErrorFor('RequestCancelled', ended.originalId));
  }

  private tellBackendCancelled(entry: InFlight, reason: string): void {
    const link = entry.link;
    if (link === undefined) return;
    const notification: JSONRPCMessage = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: entry.pending.upstreamId, reason },
    };
    link.send(notification).catch((error: unknown) => {
      this.logger.debug(`Could not tell "${link.serverId}" about a cancellation: ${String(error)}`);
    });
  }

  private finish(entry: InFlight, outcome: ForwardOutcome, response: JsonRpcResponse): void {
    this.inFlight.delete(entry.pending.upstreamId);
    this.outcomes.inc({ server: entry.pending.backendId, outcome });
    entry.resolve({ outcome, response });
  }

  private counted(
    serverId: string,
    outcome: ForwardOutcome,
    id: JsonRpcId,
    error: McpErrorName,
    message: string,
  ): ForwardResult {
    this.outcomes.inc({ server: serverId, outcome });
    return { outcome, response: jsonRpcErrorFor(error, id, { message }) };
  }

  private backendNotification(serverId: string, message: JSONRPCMessage & { method: string }): boolean {
    const params = 'params' in message ? message.params : undefined;
    if (message.method === 'notifications/progress') {
      const token = params?.['progressToken'];
      const entry = typeof token === 'string' ? this.inFlight.get(token) : undefined;
      if (entry?.clientProgressToken !== undefined) {
        entry.call.onNotification?.({
          jsonrpc: '2.0',
          method: message.method,
          params: { ...params, progressToken: entry.clientProgressToken },
        });
      }
      return true;
    }
    if (message.method === 'notifications/cancelled') {
      this.serverRequests.cancelledByBackend(serverId, params?.['requestId']);
      return true;
    }
    const notification: JsonRpcNotification = {
      jsonrpc: '2.0',
      method: message.method,
      ...(params === undefined ? {} : { params }),
    };
    // A log line sent on a request's own stream is that caller's; everything else, and every log
    // line no transport ties to a request, goes to whoever subscribed to it, never to a guessed caller.
    const related = this.relatedCall(serverId);
    if (related !== undefined && message.method === 'notifications/message') {
      related.call.onNotification?.(notification);
      return true;
    }
    this.notifications.publish(serverId, notification);
    return true;
  }

  private serverRequest(serverId: string, id: string | number, method: string, params: unknown): boolean {
    // The SDK client answers the backend's pings itself.
    if (method === 'ping') return false;
    this.serverRequests.route(
      serverId,
      id,
      { method, ...(isJsonRecord(params) ? { params } : {}) },
      (this.relatedCall(serverId) ?? this.soleRequestOn(serverId))?.call,
    );
    return true;
  }

  /** The pending request whose own stream the current message came on (upstream-request.context.ts). */
  private relatedCall(serverId: string): InFlight | undefined {
    const upstreamId = relatedUpstreamId();
    const entry = upstreamId === undefined ? undefined : this.inFlight.get(upstreamId);
    return entry?.pending.backendId === serverId ? entry : undefined;
  }

  /**
   * The request a server-to-client request (sampling, elicitation, roots) that came on no request's
   * stream can only have come from: stdio and legacy SSE say nothing of which request a backend's
   * request belongs to, so it is attributed only while exactly one request, of anyone, the
   * gateway's own included, waits on that backend; with two, either could be the cause and nobody
   * gets it (fail closed: one caller's sampling prompt must never reach another caller).
   */
  private soleRequestOn(serverId: string): InFlight | undefined {
    let found: InFlight | undefined;
    for (const entry of this.inFlight.values()) {
      if (entry.pending.backendId !== serverId) continue;
      if (found !== undefined) return undefined;
      found = entry;
    }
    return found;
  }

  private async sendRaw(serverId: string, message: JSONRPCMessage): Promise<void> {
    const link = await this.connections.linkFor(serverId);
    await link.send(message);
  }
}

/** A reason from a backend's HTTP answer can be a whole error page. */
function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function connectionClosed(request: PendingRequest, reason: string): JsonRpcResponse {
  return jsonRpcErrorFor('ConnectionClosed', request.originalId, {
    data: { serverId: request.backendId, reason },
  });
}
