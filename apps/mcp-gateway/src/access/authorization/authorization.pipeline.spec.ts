// Forged identities, failing context and policy edge cases of the pipeline; the ordinary cases
// are in the decision table (authorization-matrix.spec.ts).
import { jest } from '@jest/globals';
import { DIRECT_PROXY_METHOD } from '@platform/scopes';
import { type IdentitySource, oidcSource } from '../identity';
import type { Principal } from '../principal';
import { authorize } from './authorization.pipeline';
import type { AccessPolicyRow } from './authorization.types';
import {
  ADMIN_SID,
  allow,
  appKeyPrincipal,
  contextWith,
  deny,
  oauthPrincipal,
  ssoPrincipal,
} from './authorization.spec-fixtures';

const call = (target: string) => ({ method: 'tools/call', target });

describe('authorize: forged administrator identities', () => {
  it('does not treat the administrator SID as a group name as an administrator', () => {
    const forged = ssoPrincipal({ groups: [ADMIN_SID, 'S-1-5-32-544 '] });
    expect(authorize(forged, call('media__search'), contextWith([]))).toMatchObject({
      allowed: false,
      stage: 'rbac',
    });
  });

  it('does not let a group named like the administrator SID satisfy allow rows written for it', () => {
    const forged = ssoPrincipal({ groups: [ADMIN_SID] });
    const context = contextWith([allow('server:media', ADMIN_SID)]);
    expect(authorize(forged, call('media__search'), context).allowed).toBe(false);
  });

  it('still applies deny rows to a group named like the administrator SID', () => {
    const forged = ssoPrincipal({ groups: [ADMIN_SID, 'readers'] });
    const context = contextWith([allow('server:media', 'readers'), deny('server:media', ADMIN_SID)]);
    expect(authorize(forged, call('media__search'), context)).toMatchObject({
      allowed: false,
      reason: 'explicit-deny',
    });
  });

  it.each(['Administrators', 'Admin', 'full_admin', 'S-1-5-32-544'])(
    'does not bypass for a role named %s',
    (role) => {
      const decision = authorize(oauthPrincipal({ roles: [role] }), call('media__search'), contextWith([]));
      expect(decision.allowed).toBe(false);
    },
  );

  it('does not bypass through a mapping whose InternalGroup is the administrator SID', () => {
    const context = contextWith([], { groupMappings: [{ externalId: 'ops', internalGroup: ADMIN_SID }] });
    expect(authorize(ssoPrincipal({ groups: ['ops'] }), call('media__search'), context).allowed).toBe(false);
  });

  it('bypasses for the configured SID, not the default one, when configured', () => {
    const context = contextWith([], { adminGroupSid: 'S-1-5-21-7-512' });
    expect(authorize(ssoPrincipal({ sids: ['s-1-5-21-7-512'] }), call('x__y'), context)).toMatchObject({
      allowed: true,
      via: 'admin-bypass',
      basis: 'admin-sid',
    });
    expect(authorize(ssoPrincipal({ sids: [ADMIN_SID] }), call('x__y'), context).allowed).toBe(false);
  });

  it('bypasses nobody when the configured SID is blank, not even a principal with a blank SID', () => {
    const context = contextWith([], { adminGroupSid: '  ' });
    expect(authorize(ssoPrincipal({ sids: ['', ' '] }), call('media__search'), context).allowed).toBe(false);
  });

  it('reports the full_admin claim as the basis of a bypass', () => {
    expect(authorize(oauthPrincipal({ fullAdminClaim: true }), call('x__y'), contextWith([]))).toMatchObject({
      via: 'admin-bypass',
      basis: 'full-admin-claim',
    });
  });
});

describe('authorize: AppKey callers never gain administrator rights', () => {
  const adminKey = appKeyPrincipal(['server:media'], { sids: [ADMIN_SID], fullAdminClaim: true });

  it('scope-checks an AppKey whose principal carries the administrator SID', () => {
    expect(authorize(adminKey, call('books__find'), contextWith([]))).toMatchObject({
      allowed: false,
      stage: 'scope',
      message: "AppKey rejected: requested target 'books__find' is outside the key's allowed scopes",
    });
  });

  it('RBAC-checks it after the scope check passes', () => {
    expect(authorize(adminKey, call('media__search'), contextWith([]))).toMatchObject({
      allowed: false,
      stage: 'rbac',
      reason: 'no-matching-allow',
    });
  });

  it('ignores allow rows naming the administrator SID or groups mapped from it', () => {
    const context = contextWith([allow('server:media', ADMIN_SID), allow('server:media', 'admins-mapped')]);
    expect(authorize(adminKey, call('media__search'), context).allowed).toBe(false);
  });

  it('allows through an ordinary policy and reports the scope that let it through', () => {
    const context = contextWith([allow('server:media', 'McpClient')]);
    expect(authorize(adminKey, call('media__search'), context)).toEqual({
      allowed: true,
      via: 'policy',
      matchedPolicy: allow('server:media', 'McpClient'),
      matchedScope: 'server:media',
      effectiveGroups: ['McpClient', ADMIN_SID, 'admins-mapped'],
    });
  });

  it('treats an app-key principal without its credential as a key without scopes', () => {
    const broken: Principal = { ...oauthPrincipal({ sids: [ADMIN_SID] }), method: 'app-key' };
    expect(
      authorize(broken, call('media__search'), contextWith([allow('server:media', ADMIN_SID)])),
    ).toMatchObject({
      allowed: false,
      stage: 'scope',
      reason: 'missing-app-key',
    });
  });

  it('treats a principal carrying an AppKey credential as an AppKey caller whatever its method says', () => {
    const disguised: Principal = { ...appKeyPrincipal(['*'], { sids: [ADMIN_SID] }), method: 'sso-header' };
    expect(authorize(disguised, call('media__search'), contextWith([])).allowed).toBe(false);
  });
});

describe('authorize: failing closed', () => {
  const throwing = () =>
    jest.fn((_serverId: string): readonly string[] => {
      throw new Error('server table unavailable');
    });

  it('denies at RBAC when categoriesOf throws, even with a matching allow row', () => {
    const categoriesOf = throwing();
    const decision = authorize(
      ssoPrincipal({ groups: ['readers'] }),
      call('media__search'),
      contextWith([allow('media__search', 'readers')], { categoriesOf }),
    );
    expect(decision).toMatchObject({ allowed: false, stage: 'rbac', reason: 'context-failure' });
    expect(decision.allowed === false && decision.cause).toEqual(new Error('server table unavailable'));
    expect(categoriesOf).toHaveBeenCalledWith('media');
  });

  it('denies at the scope check when categoriesOf throws for a category scope', () => {
    const decision = authorize(
      appKeyPrincipal(['category:media']),
      call('media__search'),
      contextWith([allow('server:media', 'McpClient')], { categoriesOf: throwing() }),
    );
    expect(decision).toMatchObject({
      allowed: false,
      stage: 'scope',
      reason: 'context-failure',
      message: "AppKey rejected: requested target 'media__search' is outside the key's allowed scopes",
    });
  });

  it('asks for categories once per decision, so both stages see the same answer', () => {
    const categoriesOf = jest.fn((_serverId: string): readonly string[] => ['media']);
    authorize(appKeyPrincipal(['category:media']), call('media__search'), contextWith([], { categoriesOf }));
    expect(categoriesOf).toHaveBeenCalledTimes(1);
  });

  it('does not consult categories for administrators (the bypass is immediate)', () => {
    const categoriesOf = throwing();
    const decision = authorize(
      ssoPrincipal({ sids: [ADMIN_SID] }),
      call('media__search'),
      contextWith([], { categoriesOf }),
    );
    expect(decision).toMatchObject({ allowed: true, via: 'admin-bypass' });
  });

  it('denies every non-administrator when there are no policies', () => {
    for (const principal of [
      oauthPrincipal({ groups: ['readers'] }),
      appKeyPrincipal(['*']),
      ssoPrincipal(),
    ]) {
      expect(authorize(principal, call('media__search'), contextWith([]))).toMatchObject({
        allowed: false,
        reason: 'no-matching-allow',
      });
    }
  });

  it.each(['initialize', 'tools/delete', '', 'constructor', '__proto__'])(
    'denies method %j before any stage, even for administrators',
    (method) => {
      const decision = authorize(
        oauthPrincipal({ fullAdminClaim: true }),
        { method, target: 'x' },
        contextWith([]),
      );
      expect(decision).toMatchObject({ allowed: false, stage: 'request', reason: 'method-not-covered' });
    },
  );

  it('treats a corrupted IsAllowed as a deny', () => {
    const corrupted = { targetId: 'server:media', requiredGroup: 'readers', isAllowed: 2 as 0 | 1 };
    const context = contextWith([allow('server:media', 'readers'), corrupted]);
    expect(authorize(ssoPrincipal({ groups: ['readers'] }), call('media__search'), context)).toMatchObject({
      allowed: false,
      reason: 'explicit-deny',
      deniedBy: corrupted,
    });
  });
});

describe('authorize: policy semantics', () => {
  const reader = ssoPrincipal({ groups: ['readers'] });

  it('lets an explicit deny beat an allow on a broader and on the same key', () => {
    for (const allowRow of [allow('server:media', 'readers'), allow('tool:media__search', 'readers')]) {
      const context = contextWith([allowRow, deny('tool:media__search', 'readers')]);
      expect(authorize(reader, call('media__search'), context)).toMatchObject({
        allowed: false,
        stage: 'rbac',
        reason: 'explicit-deny',
        deniedBy: deny('tool:media__search', 'readers'),
        message: "User does not have permission to execute tool 'media__search'",
      });
    }
  });

  it('ignores deny rows for groups the caller does not hold', () => {
    const context = contextWith([allow('server:media', 'readers'), deny('server:media', 'others')]);
    expect(authorize(reader, call('media__search'), context).allowed).toBe(true);
  });

  it('ignores rows with a blank RequiredGroup or TargetId', () => {
    const context = contextWith([
      allow('server:media', ' '),
      allow('', 'readers'),
      allow('tool:', 'readers'),
    ]);
    expect(authorize(ssoPrincipal({ groups: ['readers', ''] }), call('media__search'), context).allowed).toBe(
      false,
    );
  });

  it('follows server category changes at once', () => {
    const categories = new Map<string, readonly string[]>([['media', ['video']]]);
    const context = contextWith([allow('category:video', 'readers')], {
      categoriesOf: (id) => categories.get(id) ?? [],
    });
    expect(authorize(reader, call('media__search'), context).allowed).toBe(true);
    categories.set('media', ['audio']);
    expect(authorize(reader, call('media__search'), context).allowed).toBe(false);
  });

  it('uses an explicit server id for server keys, and a malformed one matches no server', () => {
    const context = contextWith([allow('server:media', 'readers')]);
    expect(
      authorize(reader, { method: 'resources/read', target: 'file:///a', serverId: 'media' }, context)
        .allowed,
    ).toBe(true);
    expect(
      authorize(reader, { method: 'tools/call', target: 'media__x', serverId: 'Not Valid' }, context).allowed,
    ).toBe(false);
  });

  it('does not let a target spelled like a category key reach that category policy on another server', () => {
    const context = contextWith([allow('category:video', 'readers')]);
    const request = { method: 'resources/read', target: 'category:video', serverId: 'books' };
    expect(authorize(reader, request, context).allowed).toBe(false);
  });

  it('evaluates the direct proxy for the server id', () => {
    const context = contextWith([allow('server:books', 'readers')]);
    expect(authorize(reader, { method: DIRECT_PROXY_METHOD, target: 'Books' }, context).allowed).toBe(true);
    expect(authorize(reader, { method: DIRECT_PROXY_METHOD, target: 'books/extra' }, context).allowed).toBe(
      false,
    );
  });

  it('uses native tool prefixes from the context', () => {
    const context = contextWith([allow('server:jelly', 'readers')], { nativeToolPrefixes: { jf: 'jelly' } });
    expect(authorize(reader, call('jf_search'), context).allowed).toBe(true);
    expect(authorize(reader, call('plex_search'), context).allowed).toBe(false);
  });
});

describe('authorize: McpClient, the AppKey role', () => {
  const seeded = [allow('*', 'McpClient')];

  it('lets an AppKey reach through the seeded `*` row exactly what its scopes cover', () => {
    const key = appKeyPrincipal(['server:media']);
    expect(authorize(key, call('media__search'), contextWith(seeded))).toMatchObject({ allowed: true });
    expect(authorize(key, call('books__find'), contextWith(seeded))).toMatchObject({ stage: 'scope' });
  });

  it.each([
    ['an SSO group', ssoPrincipal({ groups: ['McpClient'] })],
    ['a token role', oauthPrincipal({ roles: ['MCPCLIENT '] })],
  ])('does not let %s named McpClient satisfy the row', (_what, person) => {
    expect(authorize(person, call('media__search'), contextWith(seeded)).allowed).toBe(false);
  });

  it('honours a mapping an administrator made from a person to McpClient', () => {
    const context = contextWith(seeded, {
      groupMappings: [{ externalId: 'user:ann', internalGroup: 'McpClient', identitySource: 'sso' }],
    });
    expect(authorize(ssoPrincipal({ username: 'ann' }), call('media__search'), context).allowed).toBe(true);
  });
});

describe('authorize: policy rows scoped to an identity source (decision 019)', () => {
  const issuerA = oidcSource('https://a.example', 'preferred_username');
  const issuerB = oidcSource('https://b.example', 'preferred_username');
  const opsOf = (source: IdentitySource) => oauthPrincipal({ username: 'olga', groups: ['ops'] }, source);
  const scoped = (row: AccessPolicyRow, identitySource: IdentitySource): AccessPolicyRow => ({
    ...row,
    identitySource,
  });

  it("allow only the people of their source: issuer B's ops is not issuer A's ops", () => {
    const context = contextWith([scoped(allow('server:media', 'ops'), issuerA)]);
    expect(authorize(opsOf(issuerA), call('media__search'), context).allowed).toBe(true);
    expect(authorize(opsOf(issuerB), call('media__search'), context).allowed).toBe(false);
    expect(authorize(ssoPrincipal({ groups: ['ops'] }), call('media__search'), context).allowed).toBe(false);
  });

  it('deny only the people of their source', () => {
    const context = contextWith([allow('server:media', 'ops'), scoped(deny('server:media', 'ops'), issuerB)]);
    expect(authorize(opsOf(issuerA), call('media__search'), context).allowed).toBe(true);
    expect(authorize(opsOf(issuerB), call('media__search'), context)).toMatchObject({
      allowed: false,
      reason: 'explicit-deny',
    });
  });

  it("never speak about AppKeys, whose role is the gateway's, whoever owns them", () => {
    const key = appKeyPrincipal(['*'], { username: 'olga' });
    const allowed = contextWith([scoped(allow('server:media', 'McpClient'), key.identitySource)]);
    expect(authorize(key, call('media__search'), allowed).allowed).toBe(false);
    const denied = contextWith([allow('server:media', 'McpClient'), scoped(deny('*', 'McpClient'), 'sso')]);
    expect(authorize(key, call('media__search'), denied).allowed).toBe(true);
  });

  it('match nobody when unassigned', () => {
    const context = contextWith([scoped(allow('server:media', 'ops'), 'unassigned')]);
    expect(authorize(ssoPrincipal({ groups: ['ops'] }), call('media__search'), context).allowed).toBe(false);
  });
});
