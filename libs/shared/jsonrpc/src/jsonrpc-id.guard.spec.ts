import fc from 'fast-check';

import { isJsonRpcId } from './jsonrpc-id.guard';

describe('isJsonRpcId', () => {
  it.each(['1', '', 0, -0, 1, -42, Number.MAX_SAFE_INTEGER, null])('accepts %p', (id) => {
    expect(isJsonRpcId(id)).toBe(true);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, undefined, true, {}, [], [1], 1n])(
    'refuses %p',
    (id) => {
      expect(isJsonRpcId(id)).toBe(false);
    },
  );

  it('accepts exactly strings, integers and null', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withBoxedValues: true }), (value) => {
        const expected = value === null || typeof value === 'string' || Number.isInteger(value);

        expect(isJsonRpcId(value)).toBe(expected);
      }),
    );
  });
});
