// What a client-facing transport hands the proxy core for one request, and what it gets back.
import type {
  JsonRpcErrorObject,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from '@platform/jsonrpc';

/** A request a backend sends towards the client (sampling, elicitation, roots/list). */
export interface ServerToClientRequest {
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** The client's answer to a server-to-client request. */
export type ServerToClientAnswer = { readonly result: unknown } | { readonly error: JsonRpcErrorObject };

export interface ForwardedCall {
  /** The client session (or, for a stateless request, its own one-off context). */
  readonly sessionId: string;
  /** The client's request with its original id (string, number or null). */
  readonly request: JsonRpcRequest;
  /** The caller's `X-Target-Auth`, already vetted; used only if the server allows pass-through. */
  readonly passThroughAuthorization?: string;
  /** Progress and other notifications the backend sends about this request, with the client's token restored. */
  readonly onNotification?: (notification: JsonRpcNotification) => void;
  /** Server-to-client requests attributed to this request. Aborted if the backend cancels them. */
  readonly onServerRequest?: (
    request: ServerToClientRequest,
    signal: AbortSignal,
  ) => Promise<ServerToClientAnswer>;
  /** Aborting cancels the request (the client went away, or a 2026-era stream was closed). */
  readonly signal?: AbortSignal;
  /** A shorter limit than the server's RequestTimeout (e.g. for aggregated lists). */
  readonly timeoutMs?: number;
}

export type ForwardOutcome =
  /** The backend answered (its answer may itself be a JSON-RPC error). */
  | 'completed'
  /** `notifications/cancelled` from the client, or the client went away: -32021. */
  | 'cancelled'
  /** No answer within RequestTimeout: -32001 and HTTP 504 where a response is still open. */
  | 'timed-out'
  /** The backend's connection dropped mid-call: -32020. */
  | 'connection-closed'
  /** The backend could not be reached or started: -32001, HTTP 502. */
  | 'unavailable'
  /** This request could not be sent as it is (not encodable, refused by the backend's HTTP server): -32603. */
  | 'refused'
  /** No enabled server with that id: HTTP 404. */
  | 'not-found'
  /** The session already waits on that id. */
  | 'duplicate';

export interface ForwardResult {
  readonly outcome: ForwardOutcome;
  /** Always carries the client's original id with its original type. */
  readonly response: JsonRpcResponse;
}
