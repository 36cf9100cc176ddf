// Type guards for untrusted values. Each one asks the classifier, so a guard and `classifyJsonRpc`
// can never disagree about what counts as a valid message.

import { classifyJsonRpcMessage } from './jsonrpc-message.classifier';
import type {
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccessResponse,
} from './jsonrpc-message.types';

export function isJsonRpcRequest(value: unknown): value is JsonRpcRequest {
  return classifyJsonRpcMessage(value).kind === 'request';
}

export function isJsonRpcNotification(value: unknown): value is JsonRpcNotification {
  return classifyJsonRpcMessage(value).kind === 'notification';
}

export function isJsonRpcResponse(value: unknown): value is JsonRpcResponse {
  return classifyJsonRpcMessage(value).kind === 'response';
}

export function isJsonRpcSuccessResponse(value: unknown): value is JsonRpcSuccessResponse {
  const classification = classifyJsonRpcMessage(value);
  return classification.kind === 'response' && 'result' in classification.message;
}

export function isJsonRpcErrorResponse(value: unknown): value is JsonRpcErrorResponse {
  const classification = classifyJsonRpcMessage(value);
  return classification.kind === 'response' && 'error' in classification.message;
}

/** True for a single valid message; a batch array is not a message. */
export function isJsonRpcMessage(value: unknown): value is JsonRpcMessage {
  return classifyJsonRpcMessage(value).kind !== 'invalid';
}
