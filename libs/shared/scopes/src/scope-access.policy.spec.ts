import fc from 'fast-check';
import { DIRECT_PROXY_METHOD, MCP_METHODS } from './capability-matrix.constants';
import {
  decideScopeAccess,
  directProxyRequest,
  executeToolRequest,
  scopesCover,
  type ScopeContext,
  type ScopeRequest,
} from './scope-access.policy';
import { GLOBAL_SCOPE_ALIASES, isValidScope, parseScope } from './scope.parser';
import { isValidServerId } from './server-id.validator';

/** A mutable category registry, as the gateway's server table would be. */
function registry(initial: Record<string, readonly string[]> = {}): ScopeContext & {
  categories: Map<string, readonly string[]>;
  lookups: string[];
} {
  const categories = new Map(Object.entries(initial));
  const lookups: string[] = [];
  return {
    categories,
    lookups,
    categoriesOf(serverId) {
      lookups.push(serverId);
      return categories.get(serverId) ?? [];
    },
  };
}

const call = (target: string, serverId?: string): ScopeRequest => ({
  method: 'tools/call',
  target,
  serverId,
});

const serverIds = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/).filter(isValidServerId);
const categoryNames = fc.stringMatching(/^[a-z][a-z0-9 -]{0,15}$/).map((name) => name.trim());
const scopedMethods = MCP_METHODS.filter((method) => method !== 'search_tools');
const targetForms = {
  namespaced: (id: string) => `${id}__tool`,
  mcpUri: (id: string) => `mcp://${id}/x`,
  logsUri: (id: string) => `logs://${id}/x`,
  serverScope: (id: string) => `server:${id}`,
};
const targetForm = fc.constantFrom(...Object.values(targetForms));

describe('decideScopeAccess: the scope list', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', []],
  ])('denies a %s list', (_label, scopes) => {
    expect(decideScopeAccess(scopes, call('media__search'), registry())).toEqual({
      allowed: false,
      reason: 'no-scope-list',
    });
  });

  it('denies everything when any entry is invalid, even next to a global scope', () => {
    expect(decideScopeAccess(['*', 'not a scope'], call('media__search'), registry())).toEqual({
      allowed: false,
      reason: 'invalid-scope-list',
    });
    expect(
      scopesCover(['*', 7 as unknown as string], { method: 'search_tools', target: '' }, registry()),
    ).toBe(false);
  });

  it('denies a list of any invalid entry together with any valid ones', () => {
    const invalidScopes = fc.string({ unit: 'binary' }).filter((raw) => !isValidScope(parseScope(raw)));
    fc.assert(
      fc.property(fc.array(fc.constantFrom('*', 'server:a', 'category:c')), invalidScopes, (valid, bad) => {
        const decision = decideScopeAccess([...valid, bad], call('a__x'), registry({ a: ['c'] }));
        expect(decision).toEqual({ allowed: false, reason: 'invalid-scope-list' });
      }),
    );
  });

  it.each(['initialize', 'ping', 'notifications/cancelled', 'tools/delete', ''])(
    'denies the method %p, which the matrix does not cover, even to a global key',
    (method) => {
      expect(decideScopeAccess(['*'], { method, target: 'a__x' }, registry())).toEqual({
        allowed: false,
        reason: 'method-not-covered',
      });
    },
  );
});

describe('decideScopeAccess: global scopes', () => {
  it.each(GLOBAL_SCOPE_ALIASES)('%p covers every covered method and target', (scope) => {
    for (const method of MCP_METHODS) {
      expect(scopesCover([scope], { method, target: 'anything at all' }, registry())).toBe(true);
    }
  });

  it('reports the canonical scope that matched', () => {
    expect(decideScopeAccess(['ALL'], call('a__x'), registry())).toEqual({
      allowed: true,
      matchedScope: '*',
    });
  });
});

describe('decideScopeAccess: server scopes', () => {
  it.each([
    ['tools/call', 'media__search'],
    ['tools/list', 'MEDIA__Search'],
    ['prompts/get', 'media__summary'],
    ['resources/read', 'mcp://media/movies/1'],
    ['resources/read', 'logs://media/today'],
    ['resources/templates/list', 'mcp://media/{id}'],
    ['completion/complete', 'media__summary'],
  ])('server:media covers %s of %p', (method, target) => {
    expect(decideScopeAccess(['server:media'], { method, target }, registry())).toEqual({
      allowed: true,
      matchedScope: 'server:media',
    });
    expect(scopesCover(['media'], { method, target }, registry())).toBe(true);
  });

  it.each(['tv__search', 'mcp://tv/x', 'logs://recent', 'search', 'mediax__search'])(
    'server:media does not cover %p',
    (target) => {
      expect(decideScopeAccess(['server:media'], call(target), registry())).toEqual({
        allowed: false,
        reason: 'no-matching-scope',
      });
    },
  );

  it('covers router resources with server:router', () => {
    expect(
      scopesCover(['server:router'], { method: 'resources/read', target: 'router://status' }, registry()),
    ).toBe(true);
  });

  it('lets an explicit server id win over the target', () => {
    expect(scopesCover(['server:media'], call('search', 'media'), registry())).toBe(true);
    expect(scopesCover(['server:media'], call('media__search', 'tv'), registry())).toBe(false);
    expect(scopesCover(['server:media'], call('search', ' MEDIA '), registry())).toBe(true);
  });

  it('does not fall back to the target when the explicit server id is malformed', () => {
    expect(scopesCover(['server:media'], call('media__search', 'not valid'), registry())).toBe(false);
  });

  it('maps native tools through the configured prefixes', () => {
    const context = { ...registry(), nativeToolPrefixes: { plex: 'plex-media' } };
    expect(scopesCover(['server:plex-media'], call('plex_search'), context)).toBe(true);
    expect(scopesCover(['server:plex'], call('plex_search'), context)).toBe(false);
    expect(scopesCover(['server:plex'], call('plex_search'), registry())).toBe(true);
  });

  it('never lets a scope of one server cover another server’s target', () => {
    fc.assert(
      fc.property(
        serverIds,
        serverIds,
        targetForm,
        fc.constantFrom(...scopedMethods),
        categoryNames,
        (own, other, form, method, category) => {
          fc.pre(own !== other);
          const context = registry({ [own]: [category], [other]: ['not_generated'] });
          const ownScopes = [
            `server:${own}`,
            `category:${category}`,
            `tool:${own}__tool`,
            `resource:mcp://${own}/x`,
          ];
          if (!GLOBAL_SCOPE_ALIASES.includes(own)) {
            ownScopes.push(own);
          }
          for (const scope of ownScopes) {
            expect(scopesCover([scope], { method, target: form(other) }, context)).toBe(false);
          }
        },
      ),
    );
  });

  it('lets a server scope cover its own server in every target form', () => {
    fc.assert(
      fc.property(serverIds, targetForm, (id, form) => {
        expect(scopesCover([`server:${id}`], call(form(id)), registry())).toBe(true);
        expect(scopesCover([`server:${id}`], directProxyRequest(id), registry())).toBe(true);
      }),
    );
  });

  it('lets only global and exact-item scopes match a target without a server id', () => {
    const noServerTargets = fc.string().filter((target) => !/__|:|_/.test(target));
    fc.assert(
      fc.property(noServerTargets, serverIds, categoryNames, (target, id, category) => {
        const context = registry({ [id]: [category] });
        expect(scopesCover([`server:${id}`, `category:${category}`], call(target), context)).toBe(false);
        expect(context.lookups).toEqual([]);
        expect(scopesCover(['*'], call(target), context)).toBe(true);
      }),
    );
  });
});

describe('decideScopeAccess: category scopes', () => {
  it('covers the servers that carry the category now, and follows tag changes immediately', () => {
    const context = registry({ media: ['Media', 'tv'], tv: ['tv'] });
    expect(scopesCover(['group:media'], call('media__search'), context)).toBe(true);
    expect(scopesCover(['category:media'], call('tv__search'), context)).toBe(false);

    context.categories.set('tv', [' MEDIA ']);
    context.categories.set('media', []);
    expect(scopesCover(['category:media'], call('tv__search'), context)).toBe(true);
    expect(scopesCover(['category:media'], call('media__search'), context)).toBe(false);
  });

  it('covers a target iff its server currently has the category', () => {
    fc.assert(
      fc.property(
        serverIds,
        categoryNames,
        fc.array(fc.array(categoryNames, { maxLength: 4 }), { minLength: 2, maxLength: 4 }),
        targetForm,
        (id, category, history, form) => {
          const context = registry();
          for (const categories of history) {
            context.categories.set(id, categories);
            const expected = categories.includes(category);
            expect(scopesCover([`category:${category}`], call(form(id)), context)).toBe(expected);
          }
        },
      ),
    );
  });

  it('looks up the target server’s categories at most once per decision', () => {
    const context = registry({ media: ['media'] });
    expect(scopesCover(['category:a', 'category:b', 'category:media'], call('media__x'), context)).toBe(true);
    expect(context.lookups).toEqual(['media']);
  });

  it('opens the direct proxy for a server in the category', () => {
    expect(scopesCover(['category:media'], directProxyRequest('plex'), registry({ plex: ['media'] }))).toBe(
      true,
    );
  });
});

describe('decideScopeAccess: exact-item scopes', () => {
  it.each([
    ['tool:media__search', 'tools/call', 'media__search', true],
    ['tool:media__search', 'tools/list', ' Media__Search ', true],
    ['tool:media__search', 'tools/call', 'media__search2', false],
    ['tool:media__search', 'prompts/get', 'media__search', false],
    ['tool:plex_search', 'tools/call', 'plex_search', true],
    ['prompt:media__summary', 'prompts/get', 'media__summary', true],
    ['prompt:media__summary', 'prompts/list', 'media__summary', true],
    ['prompt:media__summary', 'tools/call', 'media__summary', false],
    ['resource:mcp://media/a', 'resources/read', 'mcp://media/a', true],
    ['resource:mcp://media/a', 'resources/read', 'mcp://media/b', false],
    ['resource:mcp://media/{id}', 'resources/templates/list', 'mcp://media/{id}', false],
    ['template:mcp://media/{id}', 'resources/templates/list', 'mcp://media/{id}', true],
    ['resource_template:mcp://media/{id}', 'resources/read', 'mcp://media/{id}', false],
    ['prompt:media__summary', 'completion/complete', 'media__summary', true],
    ['resource:mcp://media/{id}', 'completion/complete', 'mcp://media/{id}', true],
    ['completion:media__summary', 'completion/complete', 'media__summary', true],
    ['completion:media__summary', 'prompts/get', 'media__summary', false],
    ['template:mcp://media/{id}', 'completion/complete', 'mcp://media/{id}', false],
    ['tool:media__search', DIRECT_PROXY_METHOD, 'media', false],
  ])('%s for %s of %p: %p', (scope, method, target, allowed) => {
    expect(scopesCover([scope], { method, target }, registry())).toBe(allowed);
  });

  it('filters a listing item by item', () => {
    const tools = ['media__search', 'media__delete', 'tv__search', 'plex_search'];
    const scopes = ['tool:media__search', 'server:plex'];
    const visible = tools.filter((target) =>
      scopesCover(scopes, { method: 'tools/list', target }, registry()),
    );
    expect(visible).toEqual(['media__search', 'plex_search']);
  });
});

describe('decideScopeAccess: Meta-Mode and the direct proxy', () => {
  it('lets any valid scope list search, without naming a matching scope', () => {
    expect(decideScopeAccess(['prompt:x__y'], { method: 'search_tools', target: '' }, registry())).toEqual({
      allowed: true,
    });
  });

  it('checks execute_tool as a tools/call of the inner tool', () => {
    expect(
      scopesCover(['server:media'], { method: 'execute_tool', target: 'media__search' }, registry()),
    ).toBe(true);
    expect(scopesCover(['server:media'], { method: 'execute_tool', target: 'tv__search' }, registry())).toBe(
      false,
    );
    expect(executeToolRequest('media__search')).toEqual({ method: 'tools/call', target: 'media__search' });
    expect(scopesCover(['tool:search'], executeToolRequest('search', 'media'), registry())).toBe(true);
    expect(scopesCover(['server:media'], executeToolRequest('search', 'media'), registry())).toBe(true);
  });

  it('opens the direct proxy only for global, server and category scopes', () => {
    expect(directProxyRequest('media')).toEqual({
      method: DIRECT_PROXY_METHOD,
      target: 'media',
      serverId: 'media',
    });
    expect(scopesCover(['mcp_client'], directProxyRequest('media'), registry())).toBe(true);
    expect(scopesCover(['server:media'], directProxyRequest('media'), registry())).toBe(true);
    expect(scopesCover(['server:media'], directProxyRequest('tv'), registry())).toBe(false);
    expect(scopesCover(['tool:media__x', 'prompt:media__y'], directProxyRequest('media'), registry())).toBe(
      false,
    );
  });

  it('reads the proxy target itself as the server id when none is given', () => {
    expect(
      scopesCover(['server:media'], { method: DIRECT_PROXY_METHOD, target: ' Media ' }, registry()),
    ).toBe(true);
    expect(
      scopesCover(['server:media'], { method: DIRECT_PROXY_METHOD, target: 'media/x' }, registry()),
    ).toBe(false);
  });
});

describe('decideScopeAccess: invariants', () => {
  const anyScopeText = fc.oneof(
    fc.string(),
    fc.constantFrom('*', 'server:a', 'a', 'category:c', 'tool:a__x', 'prompt:a__p', 'resource:mcp://a/x'),
  );
  const anyRequest = fc.record({
    method: fc.oneof(fc.constantFrom(...MCP_METHODS), fc.string()),
    target: fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('a__x', 'mcp://a/x', 'a', 'plex_x')),
    serverId: fc.option(fc.string(), { nil: undefined }),
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.option(fc.array(anyScopeText)), anyRequest, (scopes, request) => {
        expect(() => decideScopeAccess(scopes, request, registry({ a: ['c'] }))).not.toThrow();
      }),
    );
  });

  it('never takes access away when valid scopes are added', () => {
    const validScopes = fc.array(
      fc.constantFrom('*', 'server:a', 'b', 'category:c', 'tool:a__x', 'prompt:b__p', 'resource:mcp://a/x'),
      { minLength: 1 },
    );
    fc.assert(
      fc.property(validScopes, validScopes, anyRequest, (base, extra, request) => {
        const context = registry({ a: ['c'] });
        if (scopesCover(base, request, context)) {
          expect(scopesCover([...base, ...extra], request, context)).toBe(true);
        }
      }),
    );
  });
});
