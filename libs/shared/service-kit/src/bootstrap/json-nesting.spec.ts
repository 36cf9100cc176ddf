import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { nestsDeeperThan } from './json-nesting';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Nesting of arrays and objects in a parsed value: a scalar is 0, `[]` and `{}` are 1. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('nestsDeeperThan', () => {
  it('agrees with the depth of the parsed value for any JSON text, however it is spaced', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 12 }),
        fc.boolean(),
        fc.nat({ max: 14 }),
        (value, pretty, limit) => {
          const text = JSON.stringify(value, null, pretty ? 2 : undefined);
          expect(nestsDeeperThan(utf8(text), limit)).toBe(depthOf(value) > limit);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('does not count brackets, quotes and backslashes inside strings', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', 'é', '\u2028') }),
        (text) => {
          const body = JSON.stringify({ key: [text], [text]: text });
          expect(nestsDeeperThan(utf8(body), 2)).toBe(false);
          expect(nestsDeeperThan(utf8(body), 1)).toBe(true);
        },
      ),
    );
  });

  it('stops at the limit of a body nested 100,000 deep', () => {
    const body = utf8(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(nestsDeeperThan(body, 64)).toBe(true);
    expect(nestsDeeperThan(utf8(`${'['.repeat(64)}${']'.repeat(64)}`), 64)).toBe(false);
  });
});
