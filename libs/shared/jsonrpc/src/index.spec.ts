import * as api from './index';

describe('public API', () => {
  // Guards the package surface: internals such as the untrusted-value reader stay private, and every
  // export resolves to a value of the expected kind.
  it('exports exactly the documented runtime values', () => {
    const kinds = Object.fromEntries(Object.entries(api).map(([name, value]) => [name, typeof value]));

    expect(kinds).toEqual({
      DEFAULT_JSON_RPC_ERROR_MESSAGES: 'object',
      JSON_RPC_VERSION: 'string',
      JsonRpcErrorCode: 'object',
      JsonRpcErrorMessage: 'object',
      JsonRpcException: 'function',
      classifyJsonRpc: 'function',
      defaultJsonRpcErrorMessage: 'function',
      isJsonRpcErrorCode: 'function',
      isJsonRpcErrorResponse: 'function',
      isJsonRpcId: 'function',
      isJsonRpcMessage: 'function',
      isJsonRpcNotification: 'function',
      isJsonRpcRequest: 'function',
      isJsonRpcResponse: 'function',
      isJsonRpcSuccessResponse: 'function',
      jsonRpcError: 'function',
      jsonRpcResult: 'function',
      parseJsonRpc: 'function',
    });
  });
});
