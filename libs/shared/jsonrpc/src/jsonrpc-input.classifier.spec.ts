import { jest } from '@jest/globals';
import fc from 'fast-check';

import type { JsonRpcClassification } from './jsonrpc-classification.types';
import { classifyJsonRpc, parseJsonRpc } from './jsonrpc-input.classifier';
import type { JsonRpcId } from './jsonrpc-message.types';

const idArbitrary = fc.oneof(fc.string(), fc.integer(), fc.maxSafeInteger(), fc.constant(null));
const paramsArbitrary = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()));
const methodArbitrary = fc.string({ minLength: 1 });

const requestArbitrary = fc.record(
  { jsonrpc: fc.constant('2.0'), id: idArbitrary, method: methodArbitrary, params: paramsArbitrary },
  { requiredKeys: ['jsonrpc', 'id', 'method'] },
);
const notificationArbitrary = fc.record(
  { jsonrpc: fc.constant('2.0'), method: methodArbitrary, params: paramsArbitrary },
  { requiredKeys: ['jsonrpc', 'method'] },
);
const errorObjectArbitrary = fc.record(
  { code: fc.integer(), message: fc.string(), data: fc.jsonValue() },
  { requiredKeys: ['code', 'message'] },
);
const successResponseArbitrary = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: idArbitrary,
  result: fc.jsonValue(),
});
const errorResponseArbitrary = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: idArbitrary,
  error: errorObjectArbitrary,
});
const responseArbitrary = fc.oneof(successResponseArbitrary, errorResponseArbitrary);
const messageArbitrary = fc.oneof(requestArbitrary, notificationArbitrary, responseArbitrary);

const nonArrayJsonValue = fc.jsonValue().filter((value) => !Array.isArray(value));

/** Ids that a request must not carry: fractions, non-finite numbers and non-scalar values. */
const unusableIdArbitrary = fc.oneof(
  fc.double({ noInteger: true }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.boolean(),
  fc.object(),
  fc.array(fc.jsonValue()),
);

/** Breaks a valid request in one way that makes it an Invalid Request while keeping its id. */
const requestDefectArbitrary = fc.oneof(
  fc.record({ jsonrpc: fc.oneof(fc.constant('1.0'), fc.constant(2), fc.constant(null)) }),
  fc.record({ method: fc.oneof(fc.constant(''), fc.integer(), fc.constant(null), fc.object()) }),
  fc.record({ params: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)) }),
  fc.record({ result: fc.jsonValue() }),
  fc.record({ extra: fc.jsonValue() }),
);

function expectInvalid(classification: JsonRpcClassification, code: number, id: JsonRpcId): void {
  expect(classification.kind).toBe('invalid');
  if (classification.kind !== 'invalid') return;
  expect(classification.response.error.code).toBe(code);
  // toBe, not toEqual: the id must keep its exact type ("1" is not 1).
  expect(classification.response.id).toBe(id);
}

describe('classifyJsonRpc', () => {
  describe('valid messages', () => {
    it('classifies a request, keeping its id and params', () => {
      const request = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'a__b' } };

      expect(classifyJsonRpc(request)).toEqual({ kind: 'request', message: request });
    });

    it('classifies a message without id as a notification', () => {
      const notification = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } };

      expect(classifyJsonRpc(notification)).toEqual({ kind: 'notification', message: notification });
    });

    it('treats an id of null as a request, not a notification', () => {
      expect(classifyJsonRpc({ jsonrpc: '2.0', id: null, method: 'ping' })).toEqual({
        kind: 'request',
        message: { jsonrpc: '2.0', id: null, method: 'ping' },
      });
    });

    it('accepts positional params', () => {
      expect(classifyJsonRpc({ jsonrpc: '2.0', method: 'sum', params: [1, 2] }).kind).toBe('notification');
    });

    it('classifies success responses with any result, including null', () => {
      const response = { jsonrpc: '2.0', id: 'a', result: null };

      expect(classifyJsonRpc(response)).toEqual({ kind: 'response', message: response });
    });

    it('classifies error responses, with and without data', () => {
      const withData = {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32602, message: 'Invalid params', data: [1] },
      };
      const withoutData = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };

      expect(classifyJsonRpc(withData)).toEqual({ kind: 'response', message: withData });
      expect(classifyJsonRpc(withoutData)).toEqual({ kind: 'response', message: withoutData });
    });

    it('drops unknown members of an error object, as the MCP SDK does', () => {
      const response = { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'm', stack: 'at x' } };

      expect(classifyJsonRpc(response)).toEqual({
        kind: 'response',
        message: { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'm' } },
      });
    });

    it('returns every valid message as a fresh object deep-equal to the input', () => {
      fc.assert(
        fc.property(messageArbitrary, (message) => {
          const classification = classifyJsonRpc(message);

          expect(classification.kind).toBe(
            'method' in message ? ('id' in message ? 'request' : 'notification') : 'response',
          );
          expect(classification).toHaveProperty('message', message);
          expect('message' in classification && classification.message).not.toBe(message);
        }),
      );
    });

    it('gives the same answer for the JSON text of a valid message', () => {
      fc.assert(
        fc.property(messageArbitrary, (message) => {
          const text = JSON.stringify(message);

          expect(parseJsonRpc(text)).toEqual(classifyJsonRpc(JSON.parse(text)));
          expect(parseJsonRpc(text)).toHaveProperty('message', JSON.parse(text));
        }),
      );
    });
  });

  describe('request id types', () => {
    it.each<[string, JsonRpcId]>([
      ['string "1"', '1'],
      ['number 1', 1],
      ['null', null],
      ['empty string', ''],
      ['negative number', -5],
    ])('keeps a %s id exactly', (_label, id) => {
      const parsed = parseJsonRpc(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }));

      expect(parsed.kind).toBe('request');
      expect(parsed).toHaveProperty('message.id', id);
      if (parsed.kind === 'request') expect(Object.is(parsed.message.id, id)).toBe(true);
    });

    it('keeps any usable id with its type through classification', () => {
      fc.assert(
        fc.property(idArbitrary, methodArbitrary, (id, method) => {
          const classification = classifyJsonRpc({ jsonrpc: '2.0', id, method });

          expect(classification.kind === 'request' && Object.is(classification.message.id, id)).toBe(true);
        }),
      );
    });
  });

  describe('invalid messages', () => {
    it.each([
      ['a number', 42],
      ['a string', '{"jsonrpc":"2.0"}'],
      ['null', null],
      ['undefined', undefined],
      ['an empty object', {}],
      ['a Map', new Map([['jsonrpc', '2.0']])],
    ])('answers %s with -32600 and id null', (_label, value) => {
      expectInvalid(classifyJsonRpc(value), -32600, null);
    });

    it('answers with the id of the broken request, with its type', () => {
      expectInvalid(classifyJsonRpc({ jsonrpc: '1.0', id: '1', method: 'm' }), -32600, '1');
      expectInvalid(classifyJsonRpc({ jsonrpc: '1.0', id: 1, method: 'm' }), -32600, 1);
    });

    it.each([
      ['jsonrpc is missing', { id: 1, method: 'm' }],
      ['jsonrpc is 2.0 as a number', { jsonrpc: 2.0, id: 1, method: 'm' }],
      ['method is empty', { jsonrpc: '2.0', id: 1, method: '' }],
      ['method is not a string', { jsonrpc: '2.0', id: 1, method: ['m'] }],
      ['params is a string', { jsonrpc: '2.0', id: 1, method: 'm', params: 'x' }],
      ['params is null', { jsonrpc: '2.0', id: 1, method: 'm', params: null }],
      ['a request has an unknown member', { jsonrpc: '2.0', id: 1, method: 'm', meta: {} }],
      ['a request also has a result', { jsonrpc: '2.0', id: 1, method: 'm', result: 1 }],
      [
        'a response has both result and error',
        { jsonrpc: '2.0', id: 1, result: 1, error: { code: 1, message: '' } },
      ],
      ['a response has an unknown member', { jsonrpc: '2.0', id: 1, result: 1, meta: {} }],
      ['the error is not an object', { jsonrpc: '2.0', id: 1, error: 'boom' }],
      ['the error code is fractional', { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'm' } }],
      ['the error code is a string', { jsonrpc: '2.0', id: 1, error: { code: '1', message: 'm' } }],
      ['the error message is missing', { jsonrpc: '2.0', id: 1, error: { code: 1 } }],
      ['there is neither method nor result nor error', { jsonrpc: '2.0', id: 1 }],
    ])('answers -32600 with the usable id when %s', (_label, value) => {
      expectInvalid(classifyJsonRpc(value), -32600, 1);
    });

    it('answers -32600 when an error response has no id, since nobody could match it', () => {
      expectInvalid(
        classifyJsonRpc({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }),
        -32600,
        null,
      );
    });

    it('answers -32600 with id null when the id itself is unusable', () => {
      fc.assert(
        fc.property(unusableIdArbitrary, fc.boolean(), (id, asResponse) => {
          const value = asResponse ? { jsonrpc: '2.0', id, result: 1 } : { jsonrpc: '2.0', id, method: 'm' };

          expectInvalid(classifyJsonRpc(value), -32600, null);
        }),
      );
    });

    it('answers any broken request with -32600 and the request id', () => {
      fc.assert(
        fc.property(requestArbitrary, requestDefectArbitrary, (request, defect) => {
          expectInvalid(classifyJsonRpc({ ...request, ...defect }), -32600, request.id);
        }),
      );
    });

    it('explains the problem in a reason that never echoes the input', () => {
      const classification = classifyJsonRpc({ jsonrpc: '2.0', id: 1, method: 'm', 'evil\nkey': 1 });

      expect(classification).toHaveProperty('reason', 'message has an unknown member');
    });
  });

  describe('hostile input', () => {
    it('does not read inherited members', () => {
      const inherited = Object.create({ jsonrpc: '2.0', method: 'm' }) as object;

      expectInvalid(classifyJsonRpc(inherited), -32600, null);
    });

    it('accepts a message whose prototype is null', () => {
      const message = Object.assign(Object.create(null) as object, { jsonrpc: '2.0', id: 1, method: 'm' });

      expect(classifyJsonRpc(message)).toEqual({
        kind: 'request',
        message: { jsonrpc: '2.0', id: 1, method: 'm' },
      });
    });

    it('refuses a __proto__ member at the top level and leaves Object.prototype alone', () => {
      const classification = parseJsonRpc(
        '{"jsonrpc":"2.0","id":1,"method":"m","__proto__":{"polluted":true}}',
      );

      expectInvalid(classification, -32600, 1);
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    it('passes a __proto__ key inside params through as plain data', () => {
      const classification = parseJsonRpc(
        '{"jsonrpc":"2.0","id":1,"method":"m","params":{"__proto__":{"polluted":true}}}',
      );

      expect(classification.kind).toBe('request');
      const params = classification.kind === 'request' ? classification.message.params : undefined;
      expect(params !== undefined && Object.hasOwn(params, '__proto__')).toBe(true);
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(classification).not.toHaveProperty('message.polluted');
    });

    it('never calls getters, and refuses objects that have them', () => {
      const getter = jest.fn(() => 'm');
      const value = Object.defineProperty({ jsonrpc: '2.0', id: 1 }, 'method', {
        get: getter,
        enumerable: true,
      });

      expectInvalid(classifyJsonRpc(value), -32600, null);
      expect(getter).not.toHaveBeenCalled();
    });

    it('does not mutate its input', () => {
      fc.assert(
        fc.property(fc.oneof(messageArbitrary, fc.jsonValue()), (value) => {
          const before = structuredClone(value);

          classifyJsonRpc(value);

          expect(value).toEqual(before);
        }),
      );
    });

    it('answers revoked proxies and throwing traps with -32600 instead of throwing', () => {
      const revocable = Proxy.revocable({}, {});
      revocable.revoke();
      const throwing = new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      );

      expectInvalid(classifyJsonRpc(revocable.proxy), -32600, null);
      expectInvalid(classifyJsonRpc(throwing), -32600, null);
    });

    it('classifies deeply nested params without exhausting the stack', () => {
      const depth = 200_000;
      const text = `{"jsonrpc":"2.0","id":1,"method":"m","params":${'['.repeat(depth)}${']'.repeat(depth)}}`;

      expect(parseJsonRpc(text).kind).toBe('request');
    });

    it('never throws on arbitrary values, and its answers are themselves valid responses', () => {
      const anything = fc.anything({
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withNullPrototype: true,
        withBigInt: true,
        withDate: true,
        withTypedArray: true,
        withSparseArray: true,
      });
      fc.assert(
        fc.property(fc.oneof(anything, fc.array(anything)), (value) => {
          const classification = classifyJsonRpc(value);
          const answers = classification.kind === 'batch' ? classification.items : [classification];

          for (const answer of answers) {
            if (answer.kind === 'invalid') expect(classifyJsonRpc(answer.response).kind).toBe('response');
          }
        }),
      );
    });
  });

  describe('batches', () => {
    it('classifies each element of a batch on its own', () => {
      fc.assert(
        fc.property(fc.array(fc.oneof(messageArbitrary, nonArrayJsonValue), { minLength: 1 }), (elements) => {
          expect(classifyJsonRpc(elements)).toEqual({
            kind: 'batch',
            items: elements.map((e) => classifyJsonRpc(e)),
          });
        }),
      );
    });

    it('treats a nested array as one invalid element, not as a batch', () => {
      expect(classifyJsonRpc([[{ jsonrpc: '2.0', method: 'm' }]])).toEqual({
        kind: 'batch',
        items: [expect.objectContaining({ kind: 'invalid' })],
      });
    });

    it('answers an empty batch with a single -32600', () => {
      expectInvalid(classifyJsonRpc([]), -32600, null);
      expectInvalid(parseJsonRpc('[]'), -32600, null);
    });

    it('refuses sparse arrays, which JSON cannot produce', () => {
      const sparse: unknown[] = [{ jsonrpc: '2.0', method: 'm' }];
      sparse[2] = 1;

      expectInvalid(classifyJsonRpc(sparse), -32600, null);
    });
  });
});

describe('parseJsonRpc', () => {
  it.each(['', '{', '{"jsonrpc":"2.0",}', 'undefined', "{'jsonrpc':'2.0'}", '[1,]'])(
    'answers malformed JSON %p with -32700 and id null',
    (text) => {
      expectInvalid(parseJsonRpc(text), -32700, null);
    },
  );

  it('answers -32700 exactly when JSON.parse fails, and classifies the value otherwise', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.json(),
      fc.json().map((text) => text.slice(0, -1)),
      fc.string({ unit: 'binary' }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          expectInvalid(parseJsonRpc(text), -32700, null);
          return;
        }
        expect(parseJsonRpc(text)).toEqual(classifyJsonRpc(value));
      }),
    );
  });
});
