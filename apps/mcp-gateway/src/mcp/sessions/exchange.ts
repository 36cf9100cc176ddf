// One client message being handled: who sent it, through which view, and where messages about
// it (progress, server-to-client requests) can be sent while it runs; and the call the proxy core
// makes of it, so that what a backend sends meanwhile reaches the client on the request's own stream.
import type { JsonRpcRequest, JsonRpcResponse } from '@platform/jsonrpc';
import type { Principal } from '../../access/principal';
import type { ForwardedCall, ForwardOutcome } from '../../backends/proxy/forwarded-call';
import type { ClientSession, MessageSink } from './client-session';
import type { GatewayMode } from '../views/gateway-mode';
import { passesLevel } from './log-levels';
import { isJsonRecord } from '../../json-record';

export interface Exchange {
  readonly principal: Principal;
  readonly mode: GatewayMode;
  /** The stateful session, if any; stateless requests run in their own one-off context. */
  readonly session?: ClientSession;
  /** The proxy core's session key: the session id, or a fresh id per stateless request. */
  readonly contextId: string;
  /** `X-Target-Auth`, already vetted by the transport layer. */
  readonly passThroughAuthorization?: string;
  /** Aborts when the client goes away. */
  readonly signal?: AbortSignal;
  /** Where messages about this request go (its POST stream, or the session's stream). */
  readonly relay?: MessageSink;
}

export interface DispatchResult {
  readonly response: JsonRpcResponse;
  /** How a forwarded request ended, for HTTP status mapping (504, 502, 404). */
  readonly outcome?: ForwardOutcome;
  /** Set when the gateway refused the request before any backend saw it. */
  readonly denied?: boolean;
  /** The backend item the request reached (for the audit; for execute_tool, the inner tool). */
  readonly target?: { readonly serverId: string; readonly name: string };
}

/** What BackendProxy.forward needs to send `request` on behalf of the exchange. */
export function forwardedCall(exchange: Exchange, request: JsonRpcRequest): ForwardedCall {
  const { session } = exchange;
  const relay = withinLogLevel(exchange.relay, session);
  return {
    sessionId: exchange.contextId,
    request,
    ...(exchange.passThroughAuthorization === undefined
      ? {}
      : { passThroughAuthorization: exchange.passThroughAuthorization }),
    ...(exchange.signal === undefined ? {} : { signal: exchange.signal }),
    ...(relay === undefined ? {} : { onNotification: relay }),
    ...(session === undefined || relay === undefined
      ? {}
      : { onServerRequest: (serverRequest, signal) => session.ask(serverRequest, signal, relay) }),
  };
}

/**
 * The relay, keeping from it log lines below the level the session chose: the backend's own level
 * is the most verbose any caller chose (DirectSubscriptions), which must not reach this one.
 */
function withinLogLevel(
  relay: MessageSink | undefined,
  session: ClientSession | undefined,
): MessageSink | undefined {
  if (relay === undefined || session === undefined) return relay;
  return (message) => {
    const params =
      'method' in message && message.method === 'notifications/message' ? message.params : undefined;
    if (isJsonRecord(params) && !passesLevel(params['level'], session.logLevel)) {
      return;
    }
    relay(message);
  };
}
