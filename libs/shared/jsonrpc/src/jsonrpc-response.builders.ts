// Builders for the two response shapes, so no caller assembles `{ jsonrpc: '2.0', ... }` by hand.
// Ids pass through untouched: the caller hands back the id it received, with its type.

import { defaultJsonRpcErrorMessage, type JsonRpcErrorCode } from './jsonrpc-error-code.constants';
import {
  JSON_RPC_VERSION,
  type JsonRpcErrorObject,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcSuccessResponse,
} from './jsonrpc-message.types';

/** A success response answering the request with this id. */
export function jsonRpcResult<TResult>(id: JsonRpcId, result: TResult): JsonRpcSuccessResponse<TResult> {
  return { jsonrpc: JSON_RPC_VERSION, id, result };
}

/** An error response; for the spec's codes the message defaults to the standard one. */
export function jsonRpcError<TData = unknown>(
  id: JsonRpcId,
  code: JsonRpcErrorCode,
  message?: string,
  data?: TData,
): JsonRpcErrorResponse<TData>;
/** An error response with a code outside spec section 7 (e.g. relayed from a backend). */
export function jsonRpcError<TData = unknown>(
  id: JsonRpcId,
  code: number,
  message: string,
  data?: TData,
): JsonRpcErrorResponse<TData>;
export function jsonRpcError<TData>(
  id: JsonRpcId,
  code: number,
  message?: string,
  data?: TData,
): JsonRpcErrorResponse<TData> {
  const error: JsonRpcErrorObject<TData> = { code, message: message ?? defaultJsonRpcErrorMessage(code) };
  // Leave `data` out rather than set it to undefined: the wire shape then matches what peers send.
  return { jsonrpc: JSON_RPC_VERSION, id, error: data === undefined ? error : { ...error, data } };
}
