// The one error that carries a JSON-RPC error object through the layers: an upstream adapter throws
// it to relay a backend's error unchanged, the MCP dispatcher throws it for protocol conditions
// (unknown method, bad params), and the MCP transport's filter maps it with `jsonRpcError`.
// Feature modules keep their own exception classes; their transport maps those codes itself.

import { defaultJsonRpcErrorMessage, type JsonRpcErrorCode } from './jsonrpc-error-code.constants';

export class JsonRpcException extends Error {
  override readonly name = 'JsonRpcException';

  /** For the spec's codes the message defaults to the standard one. */
  constructor(code: JsonRpcErrorCode, message?: string, data?: unknown);
  /** Any other integer code, e.g. one relayed from a backend, needs its own message. */
  constructor(code: number, message: string, data?: unknown);
  constructor(
    readonly code: number,
    message?: string,
    readonly data?: unknown,
  ) {
    super(message ?? defaultJsonRpcErrorMessage(code));
  }
}
