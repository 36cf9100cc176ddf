// What direct-view sessions (`/{serverId}`) subscribed to on their backend: a log level
// (`logging/setLevel`) and resources (`resources/subscribe`). Every caller shares the gateway's one
// session with the backend, so a caller must not change it for the others: the gateway keeps each
// session's level and subscriptions, tells the backend only what all of them together need (the
// most verbose level any session asked for; a resource until its last subscriber leaves), and hands
// the backend's log messages and resource updates, which no transport ties to a request, only to
// the sessions that asked for them (docs/decisions/021-robust-mcp-paths.md).
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type JsonRpcId, jsonRpcError, type JsonRpcRequest, jsonRpcResult } from '@platform/jsonrpc';
import {
  type BackendNotificationEvent,
  BackendNotificationHub,
} from '../../backends/proxy/backend-notification.hub';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { randomHex128 } from '../../backends/proxy/random-hex';
import type { ClientSession } from '../sessions/client-session';
import type { DispatchResult, Exchange } from '../sessions/exchange';
import { LOG_LEVELS, type LogLevel, passesLevel, severityOf } from '../sessions/log-levels';
import { SessionRegistry } from '../sessions/session.registry';
import { isJsonRecord, jsonRecordOf } from '../../json-record';

/** The proxy core's session key for what the gateway itself asks of backends here. */
const GATEWAY_CONTEXT = 'gateway-subscriptions';

interface Subscriber {
  readonly session: ClientSession;
  /** Whether the session wants the backend's log messages (it set a level here; the level is the session's). */
  logs: boolean;
  readonly uris: Set<string>;
}

@Injectable()
export class DirectSubscriptions implements OnModuleDestroy {
  private readonly logger = new Logger('DirectSubscriptions');
  /** Sessions that subscribed to something, by backend. */
  private readonly byServer = new Map<string, Map<ClientSession, Subscriber>>();
  /** The severity last set on each backend's shared session. */
  private readonly upstreamSeverity = new Map<string, number>();
  private readonly stop: ReadonlyArray<() => void>;

  constructor(
    private readonly proxy: BackendProxy,
    hub: BackendNotificationHub,
    sessions: SessionRegistry,
  ) {
    this.stop = [
      hub.subscribe((event) => this.deliver(event)),
      sessions.onEnd((session) => void this.ended(session)),
    ];
  }

  onModuleDestroy(): void {
    for (const stop of this.stop) stop();
  }

  /** `logging/setLevel`: the session's own level; the backend's is the most verbose any session wants. */
  async setLogLevel(exchange: Exchange, serverId: string, request: JsonRpcRequest): Promise<DispatchResult> {
    const level = paramOf(request, 'level');
    const session = exchange.session;
    // Without a session there is no stream to deliver log messages on: nothing to keep.
    if (severityOf(level) === undefined || session === undefined) {
      return { response: jsonRpcResult(request.id, {}) };
    }
    const subscriber = this.subscriberOf(serverId, session);
    const previous = { logs: subscriber.logs, level: session.logLevel };
    subscriber.logs = true;
    session.logLevel = level as LogLevel;
    const refused = await this.syncLevel(serverId, request.id);
    if (refused !== undefined) {
      subscriber.logs = previous.logs;
      session.logLevel = previous.level;
      this.forgetIfUnused(serverId, subscriber);
      return refused;
    }
    return { response: jsonRpcResult(request.id, {}) };
  }

  /**
   * `resources/subscribe` and `resources/unsubscribe`: a subscription the backend accepted is kept
   * for the session; an unsubscribe reaches the backend only when no other session keeps the
   * subscription (the backend's is shared).
   */
  async resource(
    exchange: Exchange,
    serverId: string,
    request: JsonRpcRequest,
    forward: () => Promise<DispatchResult>,
  ): Promise<DispatchResult> {
    const uri = paramOf(request, 'uri');
    const session = exchange.session;
    if (typeof uri !== 'string') return forward();
    if (request.method === 'resources/subscribe') {
      const result = await forward();
      if (session !== undefined && !('error' in result.response)) {
        this.subscriberOf(serverId, session).uris.add(uri);
      }
      return result;
    }
    const subscriber = session === undefined ? undefined : this.byServer.get(serverId)?.get(session);
    if (subscriber !== undefined) {
      subscriber.uris.delete(uri);
      this.forgetIfUnused(serverId, subscriber);
    }
    if (this.isSubscribed(serverId, uri)) return { response: jsonRpcResult(request.id, {}) };
    return forward();
  }

  private deliver({ serverId, notification }: BackendNotificationEvent): void {
    const subscribers = this.byServer.get(serverId);
    if (subscribers === undefined) return;
    const params = jsonRecordOf(notification.params);
    const level = params['level'];
    const uri = params['uri'];
    switch (notification.method) {
      case 'notifications/message':
        for (const subscriber of subscribers.values()) {
          if (subscriber.logs && passesLevel(level, subscriber.session.logLevel)) {
            subscriber.session.send(notification);
          }
        }
        return;
      case 'notifications/resources/updated':
        if (typeof uri !== 'string') return;
        for (const subscriber of subscribers.values()) {
          if (subscriber.uris.has(uri)) subscriber.session.send(notification);
        }
        return;
      default:
        // Anything else no session subscribed to is not handed to anyone.
        return;
    }
  }

  /** A session ended: its level no longer counts, and subscriptions only it kept are ended upstream. */
  private async ended(session: ClientSession): Promise<void> {
    if (session.mode.kind !== 'direct') return;
    const serverId = session.mode.serverId;
    const subscriber = this.byServer.get(serverId)?.get(session);
    if (subscriber === undefined) return;
    this.byServer.get(serverId)?.delete(session);
    if (this.byServer.get(serverId)?.size === 0) this.byServer.delete(serverId);
    const orphaned = [...subscriber.uris].filter((uri) => !this.isSubscribed(serverId, uri));
    const failures = await Promise.all([
      subscriber.logs ? this.syncLevel(serverId, null) : undefined,
      ...orphaned.map((uri) => this.ask(serverId, null, 'resources/unsubscribe', { uri })),
    ]);
    for (const failure of failures) {
      if (failure !== undefined && 'error' in failure.response) {
        this.logger.debug(`"${serverId}" refused a subscription change: ${failure.response.error.message}`);
      }
    }
  }

  /**
   * Sets the backend's level to the most verbose one any session wants, when that differs from
   * what it has; undefined when nothing had to change or the backend took it, else its refusal.
   * With no session left wanting logs the backend keeps its level: nobody is given what it sends.
   */
  private async syncLevel(serverId: string, id: JsonRpcId): Promise<DispatchResult | undefined> {
    let wanted: number | undefined;
    for (const subscriber of this.byServer.get(serverId)?.values() ?? []) {
      const severity = subscriber.logs ? severityOf(subscriber.session.logLevel) : undefined;
      if (severity !== undefined) wanted = Math.min(wanted ?? severity, severity);
    }
    if (wanted === undefined || wanted === this.upstreamSeverity.get(serverId)) return undefined;
    const result = await this.ask(serverId, id, 'logging/setLevel', { level: LOG_LEVELS[wanted] });
    if ('error' in result.response) return result;
    this.upstreamSeverity.set(serverId, wanted);
    return undefined;
  }

  /** A request of the gateway's own on the backend's shared session; the answer carries `id`. */
  private async ask(
    serverId: string,
    id: JsonRpcId,
    method: string,
    params: Readonly<Record<string, unknown>>,
  ): Promise<DispatchResult> {
    const result = await this.proxy.forward(serverId, {
      sessionId: GATEWAY_CONTEXT,
      request: { jsonrpc: '2.0', id: randomHex128(), method, params },
    });
    const response = result.response;
    return {
      outcome: result.outcome,
      response:
        'error' in response
          ? jsonRpcError(id, response.error.code, response.error.message, response.error.data)
          : jsonRpcResult(id, response.result),
    };
  }

  private subscriberOf(serverId: string, session: ClientSession): Subscriber {
    let subscribers = this.byServer.get(serverId);
    if (subscribers === undefined) {
      subscribers = new Map();
      this.byServer.set(serverId, subscribers);
    }
    let subscriber = subscribers.get(session);
    if (subscriber === undefined) {
      subscriber = { session, logs: false, uris: new Set() };
      subscribers.set(session, subscriber);
    }
    return subscriber;
  }

  private forgetIfUnused(serverId: string, subscriber: Subscriber): void {
    if (subscriber.logs || subscriber.uris.size > 0) return;
    const subscribers = this.byServer.get(serverId);
    subscribers?.delete(subscriber.session);
    if (subscribers?.size === 0) this.byServer.delete(serverId);
  }

  private isSubscribed(serverId: string, uri: string): boolean {
    for (const subscriber of this.byServer.get(serverId)?.values() ?? []) {
      if (subscriber.uris.has(uri)) return true;
    }
    return false;
  }
}

/** An own member of the request's params (params were validated at the edge). */
function paramOf(request: JsonRpcRequest, name: string): unknown {
  const params = request.params;
  if (!isJsonRecord(params)) return undefined;
  return Object.hasOwn(params, name) ? params[name] : undefined;
}
