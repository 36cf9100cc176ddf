import { readUntrustedValue } from './untrusted-value.reader';

describe('readUntrustedValue', () => {
  it.each([null, undefined, 0, 'x', true, 1n, Symbol('s')])('reads %p as a scalar', (value) => {
    expect(readUntrustedValue(value)).toEqual({ kind: 'scalar' });
  });

  it('reads own enumerable data members and skips undefined ones, as JSON.stringify would', () => {
    const value = Object.defineProperty({ a: 1, b: undefined }, 'hidden', { value: 2, enumerable: false });

    expect(readUntrustedValue(value)).toEqual({ kind: 'object', members: new Map([['a', 1]]) });
  });

  it('reads arrays element by element without visiting nested values', () => {
    const nested = { deep: [1] };

    expect(readUntrustedValue([1, nested])).toEqual({ kind: 'array', elements: [1, nested] });
  });

  it('reads an array with extra members as unreadable', () => {
    expect(readUntrustedValue(Object.assign([1], { extra: 2 }))).toEqual({ kind: 'unreadable' });
  });

  it('reads a huge sparse array as unreadable without walking its length', () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;

    expect(readUntrustedValue(sparse)).toEqual({ kind: 'unreadable' });
  });

  it('reads a proxy whose key vanishes between listing and reading as unreadable', () => {
    let reads = 0;
    const lying = new Proxy(
      { a: 1 },
      {
        getOwnPropertyDescriptor: (target, key) =>
          (reads += 1) === 1 ? Reflect.getOwnPropertyDescriptor(target, key) : undefined,
      },
    );

    expect(readUntrustedValue(lying)).toEqual({ kind: 'unreadable' });
  });
});
