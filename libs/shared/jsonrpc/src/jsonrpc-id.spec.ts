import fc from 'fast-check';

import { isJsonRpcId } from './jsonrpc-id';

describe('isJsonRpcId', () => {
  it.each(['1', '', 0, -0, 1, -42, Number.MAX_SAFE_INTEGER, null])('accepts %p', (id) => {
    expect(isJsonRpcId(id)).toBe(true);
  });

  it.each([
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 1,
    -(2 ** 60),
    1e300,
    undefined,
    true,
    {},
    [],
    [1],
    1n,
  ])('refuses %p', (id) => {
    expect(isJsonRpcId(id)).toBe(false);
  });

  it('refuses a number JSON.parse has already rounded, which could not be sent back as it came', () => {
    const parsed: unknown = JSON.parse('{"id": 12345678901234567891}');
    expect(isJsonRpcId((parsed as { id: unknown }).id)).toBe(false);
  });

  it('accepts exactly strings, safe integers and null', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withBoxedValues: true }), (value) => {
        const expected = value === null || typeof value === 'string' || Number.isSafeInteger(value);

        expect(isJsonRpcId(value)).toBe(expected);
      }),
    );
  });
});
