// Public API of @platform/jsonrpc: JSON-RPC 2.0 message types, a never-throwing classifier for
// transport input, the gateway's error codes (spec section 7) and response builders.

export type {
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcParams,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccessResponse,
} from './jsonrpc-message.types';
export { JSON_RPC_VERSION } from './jsonrpc-message.types';

export type {
  JsonRpcBatchClassification,
  JsonRpcClassification,
  JsonRpcInvalidClassification,
  JsonRpcMessageClassification,
  JsonRpcNotificationClassification,
  JsonRpcRequestClassification,
  JsonRpcResponseClassification,
} from './jsonrpc-classification.types';
export { classifyJsonRpc, parseJsonRpc } from './jsonrpc-input.classifier';

export { isJsonRpcId } from './jsonrpc-id';
export {
  isJsonRpcErrorResponse,
  isJsonRpcMessage,
  isJsonRpcNotification,
  isJsonRpcRequest,
  isJsonRpcResponse,
  isJsonRpcSuccessResponse,
} from './jsonrpc-message.guards';

export {
  DEFAULT_JSON_RPC_ERROR_MESSAGES,
  defaultJsonRpcErrorMessage,
  isJsonRpcErrorCode,
  JsonRpcErrorCode,
  JsonRpcErrorMessage,
} from './jsonrpc-error-code.constants';
export { jsonRpcError, jsonRpcResult } from './jsonrpc-response.builders';
export { JsonRpcException } from './jsonrpc.exception';
