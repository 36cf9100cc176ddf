import fc from 'fast-check';
import { MAX_SCOPE_SLUG_LENGTH, SCOPE_SLUG_PATTERN } from './app-key-format.constants';
import { deriveScopeSlug, isValidScopeSlug } from './scope-slug.deriver';

describe('deriveScopeSlug', () => {
  // The README table, row by row.
  it.each([
    ['an administrator key, whatever its scopes', ['tool:a__x'], { administrator: true }, 'adm'],
    ['a global scope', ['*'], {}, 'glb'],
    ['a global alias', ['mcp_client'], {}, 'glb'],
    ['a category scope', ['category:Media'], {}, 'grp-media'],
    ['a group alias', ['group:home automation'], {}, 'grp-home-automation'],
    ['a server scope', ['server:media'], {}, 'srv-media'],
    ['a bare server id', ['my_server'], {}, 'srv-my-server'],
    ['a namespaced tool', ['tool:media__search'], {}, 'tool-media'],
    ['a native tool', ['tool:plex_search'], {}, 'tool-plex'],
    [
      'a native tool, configured prefix',
      ['tool:plex_search'],
      { nativeToolPrefixes: { plex: 'plex-2' } },
      'tool-plex-2',
    ],
    ['a tool without a server', ['tool:search'], {}, 'tool'],
    ['a prompt only', ['prompt:media__summary'], {}, 'usr'],
    ['resources, templates and completions only', ['resource:x', 'template:y', 'completion:z'], {}, 'usr'],
    ['no scopes', [], {}, 'usr'],
    ['only invalid scopes', ['not a scope', 'tool:'], {}, 'usr'],
  ])('gives %s', (_label, scopes, options, slug) => {
    expect(deriveScopeSlug(scopes, options)).toBe(slug);
  });

  it.each([
    [['tool:a__x', 'server:media', 'category:tv', '*'], 'glb'],
    [['tool:a__x', 'server:media', 'category:tv'], 'grp-tv'],
    [['prompt:p', 'tool:a__x', 'server:media'], 'srv-media'],
    [['prompt:p', 'tool:a__x'], 'tool-a'],
    [['server:one', 'server:two'], 'srv-one'],
    [['category:b', 'category:a'], 'grp-b'],
    [['bad scope', 'server:media'], 'srv-media'],
  ])('takes the broadest scope, first on ties: %p', (scopes, slug) => {
    expect(deriveScopeSlug(scopes)).toBe(slug);
  });

  it.each([
    ['category:--Média & TV!!', 'grp-m-dia-tv'],
    ['category:!!!', 'grp'],
    ['category:' + 'a'.repeat(40), 'grp-' + 'a'.repeat(28)],
    ['category:' + 'a'.repeat(27) + ' b', 'grp-' + 'a'.repeat(27)],
    ['server:' + 'x'.repeat(64), 'srv-' + 'x'.repeat(28)],
  ])('sanitizes and caps the qualifier of %p', (scope, slug) => {
    expect(deriveScopeSlug([scope])).toBe(slug);
  });

  it('always yields a slug of the slug grammar', () => {
    const scopes = fc.array(
      fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.string().map((value) => `category:${value}`),
        fc.string().map((value) => `tool:${value}`),
        fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/).map((id) => `server:${id}`),
      ),
    );
    fc.assert(
      fc.property(scopes, fc.boolean(), (list, administrator) => {
        const slug = deriveScopeSlug(list, { administrator });
        expect(slug).toMatch(SCOPE_SLUG_PATTERN);
        expect(slug.length).toBeLessThanOrEqual(MAX_SCOPE_SLUG_LENGTH);
      }),
    );
  });
});

describe('isValidScopeSlug', () => {
  it.each(['usr', 'adm', 'srv-media', 'a-b-c', '0', 'x'.repeat(32)])('accepts %p', (slug) => {
    expect(isValidScopeSlug(slug)).toBe(true);
  });

  it.each(['', '-a', 'a-', 'a--b', 'A', 'a_b', 'a b', 'x'.repeat(33), 42, null])('rejects %p', (slug) => {
    expect(isValidScopeSlug(slug)).toBe(false);
  });
});
