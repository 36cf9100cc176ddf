// One client message being handled: who sent it, through which view, and where messages about
// it (progress, server-to-client requests) can be sent while it runs.
import type { JsonRpcResponse } from '@platform/jsonrpc';
import type { Principal } from '../access/principal';
import type { ForwardOutcome } from '../backends/proxy/forwarded-call';
import type { ClientSession, MessageSink } from './client-session';
import type { GatewayMode } from './gateway-mode';

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
