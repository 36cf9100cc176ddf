// Invariants of the pipeline over random policy sets, identities and requests (fast-check).
import fc from 'fast-check';
import { comparableName, DIRECT_PROXY_METHOD, scopesCover } from '@platform/scopes';
import { confusableName, lookAlikePair } from '../look-alike-names.spec-fixtures';
import type { Principal } from '../principal';
import { adminBypassBasis } from './admin-bypass';
import { authorize } from './authorization.pipeline';
import {
  ADMIN_SID,
  SERVER_CATEGORIES,
  allow,
  appKeyPrincipal,
  contextWith,
  oauthPrincipal,
  ssoPrincipal,
} from './authorization.spec-fixtures';
import type { AccessPolicyRow, AuthorizationDecision, AuthorizationRequest } from './authorization.types';
import { buildRbacTargetKeys } from './rbac-target-keys';

const GROUPS = [
  'readers',
  'Readers',
  'blocked',
  'Media-Users',
  'media-readers',
  'ops',
  'McpClient',
  ADMIN_SID,
  'admins-mapped',
];
const SIDS = [ADMIN_SID, 's-1-5-32-544', 'S-1-5-21-100-1001', 'S-1-5-21-7'];
const TARGET_IDS = [
  'media__search',
  'tool:media__search',
  ' TOOL: Media__Search ',
  'server:media',
  'server:books',
  'category:media',
  'group:video',
  'category:library',
  'prompt:media__greet',
  'resource:mcp://media/a',
  'template:mcp://media/{a}',
  'completion:media__greet',
  'tool:search_tools',
  'media',
  '*',
];
const SCOPES = [
  '*',
  'server:media',
  'server:books',
  'category:library',
  'tool:media__search',
  'prompt:media__greet',
];
const REQUESTS: readonly AuthorizationRequest[] = [
  { method: 'tools/call', target: 'media__search' },
  { method: 'tools/list', target: 'books__find' },
  { method: 'execute_tool', target: 'media__search' },
  { method: 'search_tools', target: 'search_tools' },
  { method: 'prompts/get', target: 'media__greet' },
  { method: 'resources/read', target: 'mcp://media/a' },
  { method: 'resources/templates/list', target: 'mcp://media/{a}' },
  { method: 'completion/complete', target: 'media__greet' },
  { method: DIRECT_PROXY_METHOD, target: 'media' },
  { method: DIRECT_PROXY_METHOD, target: 'books' },
];

const policyRow: fc.Arbitrary<AccessPolicyRow> = fc.record({
  targetId: fc.constantFrom(...TARGET_IDS),
  requiredGroup: fc.constantFrom(...GROUPS, ...SIDS),
  isAllowed: fc.constantFrom<0 | 1>(0, 1),
});
const policies = fc.array(policyRow, { maxLength: 12 });
const identity = fc.record({
  username: fc.constantFrom('alice', 'bob'),
  groups: fc.subarray(GROUPS),
  roles: fc.subarray(['Administrators', 'Editor', 'readers']),
  sids: fc.subarray(SIDS),
  fullAdminClaim: fc.boolean(),
});
const principal: fc.Arbitrary<Principal> = fc.oneof(
  fc
    .tuple(fc.option(fc.subarray(SCOPES), { nil: null }), identity)
    .map(([scopes, id]) => appKeyPrincipal(scopes, id)),
  identity.map(oauthPrincipal),
  identity.map(ssoPrincipal),
);
const request = fc.constantFrom(...REQUESTS);
const nonBypassPrincipal = principal.filter((p) => adminBypassBasis(p, ADMIN_SID) === undefined);

const decide = (
  who: Principal,
  what: AuthorizationRequest,
  rows: readonly AccessPolicyRow[],
): AuthorizationDecision => authorize(who, what, contextWith(rows));

const outcome = (decision: AuthorizationDecision) =>
  decision.allowed
    ? { allowed: true, via: decision.via }
    : { allowed: false, stage: decision.stage, reason: decision.reason };

describe('authorize: properties', () => {
  it('never turns a denial into an allow when a deny row is added', () => {
    fc.assert(
      fc.property(principal, request, policies, policyRow, (who, what, rows, extra) => {
        const denyRow = { ...extra, isAllowed: 0 as const };
        if (decide(who, what, [...rows, denyRow]).allowed) {
          expect(decide(who, what, rows).allowed).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('denies a non-administrator once a deny row names one of its keys and one of its own groups', () => {
    fc.assert(
      fc.property(
        nonBypassPrincipal,
        request,
        policies,
        fc.nat(),
        fc.nat(),
        (who, what, rows, keyPick, groupPick) => {
          const own = [...who.groups, ...who.roles, ...who.sids].filter(
            (g) => g.toLowerCase() !== ADMIN_SID.toLowerCase(),
          );
          const keys = buildRbacTargetKeys(what, { categoriesOf: (id) => SERVER_CATEGORIES[id] ?? [] }).keys;
          fc.pre(own.length > 0 && keys.length > 0);
          const row: AccessPolicyRow = {
            targetId: keys[keyPick % keys.length] ?? '',
            requiredGroup: own[groupPick % own.length] ?? '',
            isAllowed: 0,
          };
          expect(decide(who, what, [...rows, row]).allowed).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never allows a caller without the administrator bypass when no allow rows exist', () => {
    fc.assert(
      fc.property(nonBypassPrincipal, request, policies, (who, what, rows) => {
        const denyRowsOnly = rows.filter((row) => row.isAllowed === 0);
        expect(decide(who, what, denyRowsOnly).allowed).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of policy rows', () => {
    const rowsAndShuffle = policies.chain((rows) =>
      fc.tuple(
        fc.constant(rows),
        fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }),
      ),
    );
    fc.assert(
      fc.property(principal, request, rowsAndShuffle, (who, what, [rows, shuffled]) => {
        expect(decide(who, what, shuffled)).toEqual(decide(who, what, rows));
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the letter case of policy rows', () => {
    fc.assert(
      fc.property(principal, request, policies, (who, what, rows) => {
        const shouted = rows.map((row) => ({
          ...row,
          targetId: row.targetId.toUpperCase(),
          requiredGroup: row.requiredGroup.toUpperCase(),
        }));
        expect(outcome(decide(who, what, shouted))).toEqual(outcome(decide(who, what, rows)));
      }),
      { numRuns: 300 },
    );
  });

  it('never widens an AppKey: an allowed key call is covered by its scopes and never bypasses', () => {
    const appKeys = fc
      .tuple(fc.option(fc.subarray(SCOPES), { nil: null }), identity)
      .map(([scopes, id]) => appKeyPrincipal(scopes, id));
    fc.assert(
      fc.property(appKeys, request, policies, (key, what, rows) => {
        const decision = decide(key, what, rows);
        if (decision.allowed) {
          expect(decision.via).toBe('policy');
          const scopeRequest = what.method === 'execute_tool' ? { ...what, method: 'tools/call' } : what;
          expect(scopesCover(key.appKey?.scopes, scopeRequest, contextWith(rows))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('lets a policy group reach exactly the callers whose group is the same name by the ASCII-only rule', () => {
    const call = { method: 'tools/call', target: 'media__search' };
    fc.assert(
      fc.property(confusableName, confusableName, (required, held) => {
        fc.pre(comparableName(required) !== '');
        const decision = decide(ssoPrincipal({ groups: [held] }), call, [allow('server:media', required)]);
        expect(decision.allowed).toBe(comparableName(required) === comparableName(held));
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets a look-alike of a policy group or of a mapped group through', () => {
    const call = { method: 'tools/call', target: 'media__search' };
    fc.assert(
      fc.property(lookAlikePair, fc.boolean(), ({ name, lookAlike }, swap) => {
        const [required, held] = swap ? [lookAlike, name] : [name, lookAlike];
        const direct = decide(ssoPrincipal({ groups: [held] }), call, [allow('server:media', required)]);
        const mapped = authorize(ssoPrincipal({ username: held, groups: [held] }), call, {
          ...contextWith([allow('server:media', 'mapped')]),
          groupMappings: [
            { externalId: required, internalGroup: 'mapped' },
            { externalId: `user:${required}`, internalGroup: 'mapped', identitySource: 'sso' },
          ],
        });
        expect(direct.allowed).toBe(false);
        expect(mapped.allowed).toBe(false);
      }),
    );
  });
});
