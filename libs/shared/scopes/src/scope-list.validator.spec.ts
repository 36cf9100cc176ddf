import fc from 'fast-check';
import { MAX_SCOPES_PER_KEY, validateScopes } from './scope-list.validator';

describe('validateScopes', () => {
  it('returns the canonical, de-duplicated list in submitted order', () => {
    expect(validateScopes([' Media ', 'group:TV', 'server:media', 'ALL', 'template:mcp://a/{x}'])).toEqual({
      ok: true,
      scopes: ['server:media', 'category:tv', '*', 'resource_template:mcp://a/{x}'],
    });
  });

  it('names every offending scope with its position', () => {
    const result = validateScopes(['server:media', 'bad scope', 'tool:', 7]);
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          index: 1,
          scope: 'bad scope',
          message: "scope 'bad scope' is invalid: 'bad scope' is neither a known scope nor a valid server id",
        },
        {
          index: 2,
          scope: 'tool:',
          message: "scope 'tool:' is invalid: 'tool:' needs a value after the colon",
        },
        { index: 3, scope: '(number)', message: "scope '(number)' is invalid: a scope must be a string" },
      ],
    });
  });

  it('describes null and objects without converting them', () => {
    const result = validateScopes([null, Object.create(null)]);
    expect(result.ok === false && result.problems.map((problem) => problem.scope)).toEqual([
      '(null)',
      '(object)',
    ]);
  });

  it.each([
    [[], 'at least one scope is required'],
    ['*', 'scopes must be a list of strings'],
    [undefined, 'scopes must be a list of strings'],
    [Array.from({ length: MAX_SCOPES_PER_KEY + 1 }, (_, index) => `tool:t${index}`), 'at most 256 scopes'],
  ])('rejects the list %#', (list, message) => {
    const result = validateScopes(list);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.problems[0]?.message).toContain(message);
  });

  it('accepts exactly MAX_SCOPES_PER_KEY scopes', () => {
    const list = Array.from({ length: MAX_SCOPES_PER_KEY }, (_, index) => `tool:t${index}`);
    expect(validateScopes(list)).toEqual({ ok: true, scopes: list });
  });

  it('never throws and reports a problem for every invalid entry', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.anything())), (list) => {
        const result = validateScopes(list);
        if (result.ok) {
          expect(result.scopes.length).toBeGreaterThan(0);
        } else {
          expect(result.problems.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1 }), (list) => {
        const first = validateScopes(list);
        if (first.ok) {
          expect(validateScopes(first.scopes)).toEqual(first);
        }
      }),
    );
  });
});
