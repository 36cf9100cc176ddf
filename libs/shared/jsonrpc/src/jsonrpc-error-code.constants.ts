// The gateway's JSON-RPC error codes and their standard messages, exactly as spec section 7 lists
// them. Transports map domain errors onto these once; nothing else should spell a code as a number.
//
// Beware: MCP 2026-07-28 gives -32020 (header mismatch) and -32022 (unsupported protocol version)
// other meanings than spec section 7 does. We follow our spec; see the README.

/**
 * Error codes by name. Two spec rows carry two messages for one code, so `ResourceNotFound` and
 * `ServerNotRunning` are aliases with the same value as `InvalidParams` and `ServerDisconnected`.
 */
export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  ResourceNotFound: -32602,
  InternalError: -32603,
  ServerDisconnected: -32001,
  ServerNotRunning: -32001,
  ConnectionClosed: -32020,
  RequestCancelled: -32021,
  MissingRequiredClientCapability: -32022,
} as const;

/** One of the gateway's error codes. */
export type JsonRpcErrorCode = (typeof JsonRpcErrorCode)[keyof typeof JsonRpcErrorCode];

/** The spec's message for each named condition, keyed like `JsonRpcErrorCode`. */
export const JsonRpcErrorMessage = {
  ParseError: 'Parse error',
  InvalidRequest: 'Invalid Request',
  MethodNotFound: 'Method not found',
  InvalidParams: 'Invalid params',
  ResourceNotFound: 'Resource Not Found',
  InternalError: 'Internal error',
  ServerDisconnected: 'Server Disconnected',
  // The spec writes "Server Disconnected / Not Running"; we read the subject as shared.
  ServerNotRunning: 'Server Not Running',
  ConnectionClosed: 'Connection Closed',
  RequestCancelled: 'Request Cancelled',
  MissingRequiredClientCapability: 'Missing Required Client Capability',
} as const satisfies Record<keyof typeof JsonRpcErrorCode, string>;

/** The message a code gets when the caller gives none: the first variant where the spec has two. */
export const DEFAULT_JSON_RPC_ERROR_MESSAGES: Readonly<Record<JsonRpcErrorCode, string>> = {
  [JsonRpcErrorCode.ParseError]: JsonRpcErrorMessage.ParseError,
  [JsonRpcErrorCode.InvalidRequest]: JsonRpcErrorMessage.InvalidRequest,
  [JsonRpcErrorCode.MethodNotFound]: JsonRpcErrorMessage.MethodNotFound,
  [JsonRpcErrorCode.InvalidParams]: JsonRpcErrorMessage.InvalidParams,
  [JsonRpcErrorCode.InternalError]: JsonRpcErrorMessage.InternalError,
  [JsonRpcErrorCode.ServerDisconnected]: JsonRpcErrorMessage.ServerDisconnected,
  [JsonRpcErrorCode.ConnectionClosed]: JsonRpcErrorMessage.ConnectionClosed,
  [JsonRpcErrorCode.RequestCancelled]: JsonRpcErrorMessage.RequestCancelled,
  [JsonRpcErrorCode.MissingRequiredClientCapability]: JsonRpcErrorMessage.MissingRequiredClientCapability,
};

/** Given to codes outside our table when the caller supplied no message (only untyped callers can). */
const FALLBACK_MESSAGE = 'Unknown error';

/** True for the codes listed in spec section 7. */
export function isJsonRpcErrorCode(code: unknown): code is JsonRpcErrorCode {
  return typeof code === 'number' && Object.hasOwn(DEFAULT_JSON_RPC_ERROR_MESSAGES, code);
}

/** The standard message for a code, or a generic one for codes the spec does not list. */
export function defaultJsonRpcErrorMessage(code: number): string {
  return isJsonRpcErrorCode(code) ? DEFAULT_JSON_RPC_ERROR_MESSAGES[code] : FALLBACK_MESSAGE;
}
