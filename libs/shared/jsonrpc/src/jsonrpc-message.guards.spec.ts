import {
  isJsonRpcErrorResponse,
  isJsonRpcMessage,
  isJsonRpcNotification,
  isJsonRpcRequest,
  isJsonRpcResponse,
  isJsonRpcSuccessResponse,
} from './jsonrpc-message.guards';

const guards = {
  isJsonRpcRequest,
  isJsonRpcNotification,
  isJsonRpcResponse,
  isJsonRpcSuccessResponse,
  isJsonRpcErrorResponse,
  isJsonRpcMessage,
};

const examples: ReadonlyArray<readonly [string, unknown, ReadonlyArray<keyof typeof guards>]> = [
  ['a request', { jsonrpc: '2.0', id: '1', method: 'm' }, ['isJsonRpcRequest', 'isJsonRpcMessage']],
  ['a notification', { jsonrpc: '2.0', method: 'm' }, ['isJsonRpcNotification', 'isJsonRpcMessage']],
  [
    'a success response',
    { jsonrpc: '2.0', id: 1, result: {} },
    ['isJsonRpcResponse', 'isJsonRpcSuccessResponse', 'isJsonRpcMessage'],
  ],
  [
    'an error response',
    { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } },
    ['isJsonRpcResponse', 'isJsonRpcErrorResponse', 'isJsonRpcMessage'],
  ],
  ['a request with a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'm' }, []],
  ['a batch', [{ jsonrpc: '2.0', method: 'm' }], []],
  ['a string', 'request', []],
];

describe('message type guards', () => {
  it.each(examples)('recognise %s', (_label, value, expected) => {
    const matching = (Object.keys(guards) as Array<keyof typeof guards>).filter((name) =>
      guards[name](value),
    );

    expect(matching.sort()).toEqual([...expected].sort());
  });
});
