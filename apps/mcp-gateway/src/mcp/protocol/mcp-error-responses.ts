// The one place an error the gateway itself raises on an MCP path becomes a JSON-RPC error object:
// callers name the error, this maps the name to its code (and, unless the caller words it, its
// message) with one exhaustive switch. Errors a backend sent are relayed as they came, with
// `jsonRpcError`, not through here. The names are the rows of docs/mcp-errors.md.
import {
  jsonRpcError,
  JsonRpcErrorCode,
  JsonRpcErrorMessage,
  type JsonRpcErrorObject,
  type JsonRpcErrorResponse,
  type JsonRpcId,
} from '@platform/jsonrpc';
import { GatewayErrorCode } from './gateway-error-codes';

export type McpErrorName = keyof typeof JsonRpcErrorCode | keyof typeof GatewayErrorCode;

/** What a caller adds to the named error: its own wording and machine-readable `data`. */
export interface McpErrorDetail {
  readonly message?: string;
  readonly data?: unknown;
}

/** The code and standard message of each error the gateway raises. */
export function mcpErrorCodeOf(name: McpErrorName): { readonly code: number; readonly message: string } {
  switch (name) {
    case 'ParseError':
    case 'InvalidRequest':
    case 'MethodNotFound':
    case 'InvalidParams':
    case 'ResourceNotFound':
    case 'InternalError':
    case 'ServerDisconnected':
    case 'ServerNotRunning':
    case 'ConnectionClosed':
    case 'RequestCancelled':
    case 'MissingRequiredClientCapability':
      return { code: JsonRpcErrorCode[name], message: JsonRpcErrorMessage[name] };
    case 'PermissionDenied':
      return { code: GatewayErrorCode.PermissionDenied, message: 'Permission denied' };
    case 'SessionLimitReached':
      return { code: GatewayErrorCode.SessionLimitReached, message: 'Session limit reached' };
    case 'HeaderMismatch':
      return { code: GatewayErrorCode.HeaderMismatch, message: 'Header mismatch' };
    case 'UnsupportedProtocolVersion':
      return { code: GatewayErrorCode.UnsupportedProtocolVersion, message: 'Unsupported protocol version' };
    default:
      return unknownName(name);
  }
}

/** The error object alone, for answers that carry no id of their own (HTTP-level refusals, server requests). */
export function mcpErrorObject(name: McpErrorName, detail: McpErrorDetail = {}): JsonRpcErrorObject {
  const { code, message } = mcpErrorCodeOf(name);
  const error = { code, message: detail.message ?? message };
  // Leave `data` out rather than set it to undefined: the wire shape then matches what peers send.
  return detail.data === undefined ? error : { ...error, data: detail.data };
}

/** The error response answering the request with this id. */
export function jsonRpcErrorFor(
  name: McpErrorName,
  id: JsonRpcId,
  detail: McpErrorDetail = {},
): JsonRpcErrorResponse {
  const { code, message } = mcpErrorObject(name, detail);
  return jsonRpcError(id, code, message, detail.data);
}

function unknownName(name: never): never {
  throw new Error(`No JSON-RPC mapping for the MCP error ${String(name)}`);
}
