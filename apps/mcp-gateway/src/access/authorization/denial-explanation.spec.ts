// What a denied caller is told: the layer, the reason and what to add, never the rules themselves.
// The properties check that the advice works (following it lets the request through that layer)
// and that it names nothing the caller did not already have.
import fc from 'fast-check';
import { DIRECT_PROXY_METHOD } from '@platform/scopes';
import type { Principal } from '../principal';
import { authorize } from './authorization.pipeline';
import {
  allow,
  appKeyPrincipal,
  contextWith,
  deny,
  oauthPrincipal,
  SERVER_CATEGORIES,
  ssoPrincipal,
} from './authorization.spec-fixtures';
import type {
  AccessPolicyRow,
  AuthorizationContext,
  AuthorizationDenial,
  AuthorizationRequest,
} from './authorization.types';
import { explainDenial } from './denial-explanation';

function denialOf(principal: Principal, request: AuthorizationRequest, context: AuthorizationContext) {
  const decision = authorize(principal, request, context);
  if (decision.allowed) throw new Error('expected a denial');
  return explainDenial(principal, request, decision, context);
}

const call = (target: string): AuthorizationRequest => ({ method: 'tools/call', target });

describe('explainDenial', () => {
  it('names the scope layer and the scopes that would cover the target', () => {
    const { explanation } = denialOf(
      appKeyPrincipal(['server:books']),
      call('media__search'),
      contextWith([]),
    );
    expect(explanation).toEqual({
      layer: 'scope',
      reason: 'scope-does-not-cover',
      hint: expect.stringContaining("this key's scopes do not cover 'media__search'"),
      scopes: ['tool:media__search', 'server:media', '*'],
    });
  });

  it('names the RBAC layer, the caller groups and the targets an allow row could name', () => {
    const { explanation } = denialOf(appKeyPrincipal(['*']), call('media__search'), contextWith([]));
    expect(explanation).toMatchObject({
      layer: 'rbac',
      reason: 'no-allow-policy',
      allowPolicy: { requiredGroups: ['McpClient'], targetIds: ['tool:media__search', 'server:media', '*'] },
    });
    expect(explanation.hint).toContain(
      'POST /api/policies {"targetId":"server:media","requiredGroup":"McpClient","isAllowed":1}',
    );
  });

  it('keeps the server categories (server metadata) for the administrator log only', () => {
    const report = denialOf(appKeyPrincipal(['*']), call('media__search'), contextWith([]));
    expect(JSON.stringify(report.explanation)).not.toMatch(/video|category:|group:/);
    expect(report.targetKeys).toEqual(expect.arrayContaining(['category:video', 'group:media']));
  });

  it('says a deny row decided without naming the row, its target or its group', () => {
    const context = contextWith([allow('*', 'readers'), deny('category:video', 'night-shift')]);
    const who = ssoPrincipal({ groups: ['readers', 'night-shift'] });
    const { explanation } = denialOf(who, call('media__search'), context);
    expect(explanation).toEqual({
      layer: 'rbac',
      reason: 'denied-by-policy',
      hint: expect.stringContaining('only an administrator who removes or narrows it'),
    });
    expect(JSON.stringify(explanation)).not.toMatch(/video|night-shift/);
  });

  it('tells a person without groups to get a mapping first', () => {
    const { explanation } = denialOf(
      oauthPrincipal({ username: 'ann' }),
      call('media__search'),
      contextWith([]),
    );
    expect(explanation.allowPolicy?.requiredGroups).toEqual([]);
    expect(explanation.hint).toContain('POST /api/group-mappings');
  });

  it('does not offer McpClient to a person who presents it: it would not satisfy an allow row', () => {
    const who = ssoPrincipal({ groups: ['McpClient', 'readers'] });
    const { explanation } = denialOf(who, call('media__search'), contextWith([]));
    expect(explanation.allowPolicy?.requiredGroups).toEqual(['readers']);
  });

  it('explains the direct proxy by the server id', () => {
    const request = { method: DIRECT_PROXY_METHOD, target: 'books', serverId: 'books' };
    expect(denialOf(appKeyPrincipal(['server:media']), request, contextWith([])).explanation.scopes).toEqual([
      'server:books',
      '*',
    ]);
    expect(
      denialOf(appKeyPrincipal(['server:books']), request, contextWith([])).explanation.allowPolicy
        ?.targetIds,
    ).toEqual(['server:books', '*']);
  });

  it.each([
    [appKeyPrincipal(null), 'no-usable-scopes'],
    [appKeyPrincipal(['server:media', 'bogus:']), 'no-usable-scopes'],
  ])('explains an unusable scope list (%#)', (who, reason) => {
    expect(denialOf(who, call('media__search'), contextWith([])).explanation).toMatchObject({
      layer: 'scope',
      reason,
    });
  });

  it('explains a failing context as unavailable rules', () => {
    const failing = contextWith([], {
      categoriesOf: () => {
        throw new Error('down');
      },
    });
    const { explanation } = denialOf(appKeyPrincipal(['*']), call('media__search'), failing);
    expect(explanation.reason).toBe('rules-unavailable');
  });
});

describe('explainDenial: properties', () => {
  const GROUPS = ['readers', 'ops', 'McpClient', 'night-shift', 'Media-Users'];
  const REQUESTS: readonly AuthorizationRequest[] = [
    call('media__search'),
    call('books__find'),
    { method: 'execute_tool', target: 'media__search' },
    { method: 'prompts/get', target: 'books__greet' },
    { method: 'resources/read', target: 'mcp://media/a' },
    { method: 'completion/complete', target: 'media__greet' },
    { method: DIRECT_PROXY_METHOD, target: 'plex', serverId: 'plex' },
  ];
  const SCOPES = ['*', 'server:media', 'server:books', 'category:library', 'tool:media__search'];
  const TARGETS = [
    '*',
    'server:media',
    'server:books',
    'category:video',
    'group:library',
    'tool:media__search',
  ];
  const rows = fc.array(
    fc.record({
      targetId: fc.constantFrom(...TARGETS),
      requiredGroup: fc.constantFrom(...GROUPS),
      isAllowed: fc.constantFrom<0 | 1>(0, 1),
    }),
    { maxLength: 6 },
  );
  const principal: fc.Arbitrary<Principal> = fc.oneof(
    fc.subarray(SCOPES).map((scopes) => appKeyPrincipal(scopes)),
    fc.subarray(GROUPS).map((groups) => ssoPrincipal({ username: 'ann', groups })),
  );
  const request = fc.constantFrom(...REQUESTS);
  const denied = (who: Principal, what: AuthorizationRequest, policies: readonly AccessPolicyRow[]) => {
    const context = contextWith(policies);
    const decision = authorize(who, what, context);
    return decision.allowed ? undefined : { decision, context };
  };

  it('following the advice of a no-allow denial grants the request', () => {
    fc.assert(
      fc.property(principal, request, rows, fc.nat(), fc.nat(), (who, what, policies, groupPick, keyPick) => {
        const result = denied(who, what, policies);
        fc.pre(result?.decision.reason === 'no-matching-allow');
        const { allowPolicy } = explain(who, what, result);
        const groups = allowPolicy?.requiredGroups ?? [];
        const targets = allowPolicy?.targetIds ?? [];
        fc.pre(groups.length > 0);
        const row = allow(targets[keyPick % targets.length] ?? '', groups[groupPick % groups.length] ?? '');
        // No deny row matched (the reason says so), so the advised allow row must be enough.
        expect(authorize(who, what, contextWith([...policies, row])).allowed).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('following the advice of a scope denial gets the request past the scope layer', () => {
    const keys = fc.subarray(SCOPES).map((scopes) => appKeyPrincipal(scopes));
    fc.assert(
      fc.property(keys, request, fc.nat(), (who, what, pick) => {
        const result = denied(who, what, []);
        fc.pre(result?.decision.reason === 'no-matching-scope');
        const scopes = explain(who, what, result).scopes ?? [];
        const widened = appKeyPrincipal([...(who.appKey?.scopes ?? []), scopes[pick % scopes.length] ?? '']);
        expect(authorize(widened, what, contextWith([]))).toMatchObject({ stage: 'rbac' });
      }),
      { numRuns: 300 },
    );
  });

  it('never names a category, another group or a deny row to the caller', () => {
    const categories = Object.values(SERVER_CATEGORIES)
      .flat()
      .map((category) => category.trim().toLowerCase());
    fc.assert(
      fc.property(principal, request, rows, (who, what, policies) => {
        const result = denied(who, what, policies);
        fc.pre(result !== undefined);
        const text = JSON.stringify(explain(who, what, result)).toLowerCase();
        for (const category of categories) expect(text).not.toContain(`category:${category}`);
        const own = new Set([...who.groups, ...who.roles].map((group) => group.toLowerCase()));
        for (const group of GROUPS.map((g) => g.toLowerCase()).filter((g) => !own.has(g))) {
          expect(text).not.toMatch(new RegExp(`(?<![\\w-])${group}(?![\\w-])`));
        }
      }),
      { numRuns: 400 },
    );
  });
});

function explain(
  who: Principal,
  what: AuthorizationRequest,
  result: { decision: AuthorizationDenial; context: AuthorizationContext } | undefined,
) {
  if (result === undefined) throw new Error('expected a denial');
  return explainDenial(who, what, result.decision, result.context).explanation;
}
