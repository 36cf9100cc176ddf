// Reading JSON-RPC traffic for matching, and the replacement texts of the `malformed` fault.
import { describe, expect, it } from '@jest/globals';
import { classifyJsonRpc } from '@platform/jsonrpc';
import fc from 'fast-check';
import { idKey, malformedText, NOT_JSON_RPC_NOTE, readJsonRpcMessages } from './json-rpc-traffic';

describe('readJsonRpcMessages', () => {
  it('reads requests with their tool name, notifications and responses', () => {
    expect(
      readJsonRpcMessages(
        JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } },
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
          { jsonrpc: '2.0', id: 'a', result: {} },
        ]),
      ),
    ).toEqual([
      { kind: 'request', idKey: '1', subject: { method: 'tools/call', tool: 'echo' } },
      { kind: 'notification', subject: { method: 'notifications/cancelled' } },
      { kind: 'response', idKey: '"a"', subject: {} },
    ]);
  });

  it('reads no tool name outside tools/call or when the name is not a string', () => {
    expect(
      readJsonRpcMessages('{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"x"}}'),
    ).toEqual([{ kind: 'request', idKey: '1', subject: { method: 'prompts/get' } }]);
    expect(readJsonRpcMessages('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":7}}')).toEqual(
      [{ kind: 'request', idKey: '1', subject: { method: 'tools/call' } }],
    );
  });

  it('gives undefined for text that is not JSON-RPC, and skips invalid batch elements', () => {
    expect(readJsonRpcMessages('not json')).toBeUndefined();
    expect(readJsonRpcMessages('{"hello":"world"}')).toBeUndefined();
    expect(readJsonRpcMessages('[{"hello":1},{"jsonrpc":"2.0","method":"ping","id":2}]')).toEqual([
      { kind: 'request', idKey: '2', subject: { method: 'ping' } },
    ]);
  });

  it('keeps the type of an id in its key', () => {
    expect(idKey(1)).not.toBe(idKey('1'));
    expect(idKey(null)).toBe('null');
  });
});

const anyResponse = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
  result: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })),
});

describe('malformedText', () => {
  it('invalid-json: half of the original, which never parses', () => {
    fc.assert(
      fc.property(anyResponse, fc.constantFrom('', ' ', '\n'), (response, padding) => {
        const original = JSON.stringify(response) + padding;
        const replaced = malformedText(original, 'invalid-json');
        expect(original.startsWith(replaced)).toBe(true);
        expect(() => JSON.parse(replaced) as unknown).toThrow(SyntaxError);
      }),
    );
  });

  it('not-json-rpc: valid JSON with the same id that no JSON-RPC reader accepts', () => {
    fc.assert(
      fc.property(anyResponse, (response) => {
        const replaced = JSON.parse(malformedText(JSON.stringify(response), 'not-json-rpc')) as unknown;
        expect(replaced).toEqual({ id: response.id, note: NOT_JSON_RPC_NOTE });
        expect(classifyJsonRpc(replaced).kind).toBe('invalid');
      }),
    );
  });

  it('not-json-rpc: no id when the original had none or was a batch', () => {
    expect(JSON.parse(malformedText('{"jsonrpc":"2.0","method":"ping"}', 'not-json-rpc'))).toEqual({
      note: NOT_JSON_RPC_NOTE,
    });
  });
});
