// The explain tool's layers are read off the pipeline's own decision: every trace ends in the
// decision `authorize` made, and each layer says what that layer did.
import fc from 'fast-check';
import { authorize } from './authorization.pipeline';
import type { AuthorizationRequest } from './authorization.types';
import {
  ADMIN_SID,
  allow,
  appKeyPrincipal,
  contextWith,
  deny,
  oauthPrincipal,
  ssoPrincipal,
} from './authorization.spec-fixtures';
import { traceDecision } from './decision-trace';
import type { Principal } from '../principal';

const CALL: AuthorizationRequest = { method: 'tools/call', target: 'media__search', serverId: 'media' };

function trace(principal: Principal, policies = [allow('server:media', 'McpClient')], request = CALL) {
  const context = contextWith(policies);
  const decision = authorize(principal, request, context);
  return { decision, layers: traceDecision(principal, request, decision, context) };
}

const verdicts = (layers: readonly { layer: string; verdict: string }[]) =>
  Object.fromEntries(layers.map(({ layer, verdict }) => [layer, verdict]));

describe('traceDecision', () => {
  it('an AppKey let through by a scope and an allow row: every layer, the scope and the row named', () => {
    const { decision, layers } = trace(appKeyPrincipal(['server:media']));
    expect(decision.allowed).toBe(true);
    expect(verdicts(layers)).toEqual({
      request: 'pass',
      scope: 'pass',
      groups: 'pass',
      'admin-bypass': 'skip',
      rbac: 'allow',
    });
    expect(layers.find((layer) => layer.layer === 'scope')?.matchedScope).toBe('server:media');
    const rbac = layers.find((layer) => layer.layer === 'rbac');
    expect(rbac?.policy).toEqual(allow('server:media', 'McpClient'));
    expect(rbac?.targetKeys).toContain('server:media');
  });

  it('an AppKey outside its scopes: refused at the scope layer, later layers not reached', () => {
    const { layers } = trace(appKeyPrincipal(['server:books']));
    expect(verdicts(layers)).toEqual({
      request: 'pass',
      scope: 'deny',
      groups: 'not-reached',
      'admin-bypass': 'not-reached',
      rbac: 'not-reached',
    });
  });

  it('an AppKey past its scope but with no allow row: the scope that passed, then RBAC default deny', () => {
    const { decision, layers } = trace(appKeyPrincipal(['tool:media__search']), []);
    expect(decision).toMatchObject({ allowed: false, stage: 'rbac', reason: 'no-matching-allow' });
    expect(layers.find((layer) => layer.layer === 'scope')).toMatchObject({
      verdict: 'pass',
      matchedScope: 'tool:media__search',
    });
    expect(layers.find((layer) => layer.layer === 'rbac')?.verdict).toBe('deny');
  });

  it('a person with a mapped group and a deny row: the groups after mappings and the deny row', () => {
    const { layers } = trace(ssoPrincipal({ username: 'bob', groups: ['Media-Users'] }), [
      allow('*', 'media-readers'),
      deny('category:video', 'media-readers'),
    ]);
    expect(verdicts(layers)).toMatchObject({ scope: 'skip', 'admin-bypass': 'pass', rbac: 'deny' });
    expect(layers.find((layer) => layer.layer === 'groups')?.effectiveGroups).toEqual([
      'Media-Users',
      'media-readers',
    ]);
    expect(layers.find((layer) => layer.layer === 'rbac')?.policy).toEqual(
      deny('category:video', 'media-readers'),
    );
  });

  it('an administrator by SID: the bypass decides and RBAC is skipped', () => {
    const { layers } = trace(oauthPrincipal({ sids: [ADMIN_SID] }), [deny('*', 'anyone')]);
    expect(verdicts(layers)).toMatchObject({ 'admin-bypass': 'allow', rbac: 'skip' });
  });

  it('a method outside the matrix: refused by the request check', () => {
    const { layers } = trace(ssoPrincipal(), [], { method: 'tools/destroy', target: 'x' });
    expect(verdicts(layers)).toMatchObject({ request: 'deny', rbac: 'not-reached' });
  });

  it('failing categories deny, and the layer says it failed', () => {
    const principal = appKeyPrincipal(['category:video']);
    const context = contextWith([allow('*', 'McpClient')], {
      categoriesOf: () => {
        throw new Error('registry down');
      },
    });
    const decision = authorize(principal, CALL, context);
    expect(decision.allowed).toBe(false);
    expect(verdicts(traceDecision(principal, CALL, decision, context))).toMatchObject({ scope: 'error' });
  });

  it('always ends in the decision: one deciding layer, and it agrees with authorize', () => {
    const principals = fc.oneof(
      fc
        .subarray(['server:media', 'tool:media__search', 'category:library', '*'])
        .map((scopes) => appKeyPrincipal(scopes)),
      fc
        .record({
          groups: fc.subarray(['Media-Users', 'ops', 'McpClient']),
          sids: fc.subarray([ADMIN_SID, 'S-1-5-21-100-1001']),
        })
        .map((identity) => ssoPrincipal({ username: 'alice', ...identity })),
    );
    const rows = fc.array(
      fc.record({
        targetId: fc.constantFrom(
          '*',
          'server:media',
          'category:video',
          'tool:media__search',
          'server:books',
        ),
        requiredGroup: fc.constantFrom('McpClient', 'media-readers', 'ops', 'book-club'),
        isAllowed: fc.constantFrom(0 as const, 1 as const),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(principals, rows, (principal, policies) => {
        const { decision, layers } = trace(principal, policies);
        const deciding = layers.filter((layer) => ['allow', 'deny', 'error'].includes(layer.verdict));
        expect(deciding).toHaveLength(1);
        expect(deciding[0]?.verdict === 'allow').toBe(decision.allowed);
      }),
    );
  });
});
