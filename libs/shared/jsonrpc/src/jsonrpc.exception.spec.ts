import { JsonRpcErrorCode } from './jsonrpc-error-code.constants';
import { jsonRpcError } from './jsonrpc-response.builders';
import { JsonRpcException } from './jsonrpc.exception';

describe('JsonRpcException', () => {
  it('carries a spec code with its standard message by default', () => {
    const exception = new JsonRpcException(JsonRpcErrorCode.RequestCancelled);

    expect(exception).toBeInstanceOf(Error);
    expect(exception).toBeInstanceOf(JsonRpcException);
    expect(exception.name).toBe('JsonRpcException');
    expect(exception.code).toBe(-32021);
    expect(exception.message).toBe('Request Cancelled');
    expect(exception.data).toBeUndefined();
  });

  it('relays a backend error unchanged into a response', () => {
    const exception = new JsonRpcException(-32042, 'URL elicitation required', { url: 'https://x' });

    expect(jsonRpcError('a', exception.code, exception.message, exception.data)).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      error: { code: -32042, message: 'URL elicitation required', data: { url: 'https://x' } },
    });
  });
});
