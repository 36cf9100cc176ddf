import fc from 'fast-check';

import { JsonRpcErrorCode } from './jsonrpc-error-code.constants';
import { classifyJsonRpc } from './jsonrpc-input.classifier';
import type { JsonRpcId } from './jsonrpc-message.types';
import { jsonRpcError, jsonRpcResult } from './jsonrpc-response.builders';

const idArbitrary = fc.oneof(fc.string(), fc.integer(), fc.constant(null));

describe('jsonRpcResult', () => {
  it('builds a success response', () => {
    expect(jsonRpcResult(1, { tools: [] })).toEqual({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
  });

  it.each<JsonRpcId>(['1', 1, null])('keeps the id %p with its type, also through JSON', (id) => {
    const response = jsonRpcResult(id, {});

    expect(response.id).toBe(id);
    expect(JSON.parse(JSON.stringify(response))).toHaveProperty('id', id);
  });

  it('builds responses that the classifier accepts unchanged', () => {
    fc.assert(
      fc.property(idArbitrary, fc.jsonValue(), (id, result) => {
        const response = jsonRpcResult(id, result);

        expect(classifyJsonRpc(response)).toEqual({ kind: 'response', message: response });
        expect(Object.is(response.id, id)).toBe(true);
      }),
    );
  });
});

describe('jsonRpcError', () => {
  it('defaults the message to the standard one for the code', () => {
    expect(jsonRpcError('7', JsonRpcErrorCode.MethodNotFound)).toEqual({
      jsonrpc: '2.0',
      id: '7',
      error: { code: -32601, message: 'Method not found' },
    });
  });

  it('uses the given message and data', () => {
    const response = jsonRpcError(1, JsonRpcErrorCode.ResourceNotFound, 'Resource Not Found', {
      uri: 'x://y',
    });

    expect(response.error).toEqual({ code: -32602, message: 'Resource Not Found', data: { uri: 'x://y' } });
  });

  it('leaves data out entirely when there is none', () => {
    expect(jsonRpcError(1, JsonRpcErrorCode.InternalError).error).not.toHaveProperty('data');
  });

  it('keeps a data value of null', () => {
    expect(jsonRpcError(1, JsonRpcErrorCode.InternalError, undefined, null).error).toHaveProperty(
      'data',
      null,
    );
  });

  it('relays codes outside the spec with their own message', () => {
    expect(jsonRpcError(1, -32042, 'URL elicitation required').error).toEqual({
      code: -32042,
      message: 'URL elicitation required',
    });
  });

  it('falls back to a generic message when an untyped caller omits it for an unknown code', () => {
    // @ts-expect-error -- the overloads require a message for codes outside the spec; JS callers may not
    expect(jsonRpcError(1, 12).error.message).toBe('Unknown error');
  });

  it('builds responses that keep the id and that the classifier accepts unchanged', () => {
    fc.assert(
      fc.property(
        idArbitrary,
        fc.constantFrom(...Object.values(JsonRpcErrorCode)),
        fc.option(fc.jsonValue(), { nil: undefined }),
        (id, code, data) => {
          const response = jsonRpcError(id, code, undefined, data);

          expect(Object.is(response.id, id)).toBe(true);
          expect(classifyJsonRpc(response)).toEqual({ kind: 'response', message: response });
        },
      ),
    );
  });
});
