import fc from 'fast-check';
import { ownerKeyOf } from '../../mcp/sessions/session.registry';
import { confusableName } from '../look-alike-names.spec-fixtures';
import type { Principal } from '../principal';
import { userNameKey } from '../../user-names/user-names';
import { identityKeyOf, isSameIdentity, type Identity } from './identity';
import { asIdentitySource, type IdentitySource, oidcSource, ownsNothing } from './identity-source';

const SOURCES: readonly IdentitySource[] = [
  'sso',
  'admin-key',
  'unassigned',
  'legacy',
  oidcSource('https://a.example', 'preferred_username'),
  oidcSource('https://a.example', 'sub'),
  oidcSource('https://b.example', 'preferred_username'),
  oidcSource('https://a.example/', 'preferred_username'),
];

const identity = fc.record({ source: fc.constantFrom(...SOURCES), name: confusableName });

/** What the two identities are by definition: the same source that owns something, one name there. */
function oneByDefinition(left: Identity, right: Identity): boolean {
  if (ownsNothing(left.source) || left.source !== right.source) return false;
  return left.source.endsWith('#sub')
    ? left.name === right.name
    : userNameKey(left.name) === userNameKey(right.name);
}

describe('identities', () => {
  it('are one exactly when the source is the same and the name is one name there', () => {
    fc.assert(
      fc.property(identity, identity, (left, right) => {
        expect(isSameIdentity(left, right)).toBe(oneByDefinition(left, right));
        expect(identityKeyOf(left) === identityKeyOf(right)).toBe(oneByDefinition(left, right));
      }),
      { numRuns: 2000 },
    );
  });

  it('never make one name from two sources one person', () => {
    for (const left of SOURCES) {
      for (const right of SOURCES) {
        if (left === right) continue;
        expect(isSameIdentity({ source: left, name: 'alice' }, { source: right, name: 'alice' })).toBe(false);
      }
    }
  });

  it('compare OIDC subjects exactly and other names in ASCII case only', () => {
    const subject = oidcSource('https://a.example', 'sub');
    const username = oidcSource('https://a.example', 'preferred_username');
    expect(isSameIdentity({ source: subject, name: 'AbC' }, { source: subject, name: 'abc' })).toBe(false);
    expect(isSameIdentity({ source: username, name: 'AbC' }, { source: username, name: 'abc' })).toBe(true);
    expect(isSameIdentity({ source: 'sso', name: 'ADMIN' }, { source: 'sso', name: 'admin' })).toBe(true);
  });

  it('that own nothing are nobody, not even themselves', () => {
    for (const source of ['unassigned', 'legacy'] as const) {
      const nobody = { source, name: 'alice' };
      expect(isSameIdentity(nobody, nobody)).toBe(false);
      expect(identityKeyOf(nobody)).not.toBe(identityKeyOf(nobody));
    }
  });

  it('read stored sources back, and nothing else', () => {
    for (const source of SOURCES) expect(asIdentitySource(source)).toBe(source);
    for (const text of [
      '',
      'SSO',
      'oidc:',
      'oidc:https://a.example',
      'oidc:#sub',
      'oidc:https://a.example#',
      'ldap:x',
    ]) {
      expect(asIdentitySource(text)).toBeUndefined();
    }
  });
});

describe('session owners', () => {
  const person = (identitySource: IdentitySource, username: string): Principal => ({
    method: identitySource === 'sso' ? 'sso-header' : 'oauth',
    username,
    identitySource,
    roles: [],
    groups: [],
    sids: [],
    fullAdminClaim: false,
  });
  const administratorKey = (keyPrefix: string): Principal => ({
    method: 'admin-key',
    username: keyPrefix,
    identitySource: 'admin-key',
    roles: [],
    groups: [],
    sids: [],
    fullAdminClaim: false,
  });

  it('are one exactly when the identities are one', () => {
    const people = fc.record({
      source: fc.constantFrom(...SOURCES.filter((source) => source !== 'admin-key' && !ownsNothing(source))),
      name: confusableName,
    });
    fc.assert(
      fc.property(people, people, (left, right) => {
        expect(
          ownerKeyOf(person(left.source, left.name)) === ownerKeyOf(person(right.source, right.name)),
        ).toBe(oneByDefinition(left, right));
      }),
      { numRuns: 1000 },
    );
  });

  it('tell administrator keys apart from each other and from a person called like one', () => {
    const first = administratorKey('mcp-adm-0123456789abcdef0123456789abcdef');
    const second = administratorKey('mcp-adm-fedcba9876543210fedcba9876543210');
    expect(ownerKeyOf(first)).not.toBe(ownerKeyOf(second));
    expect(ownerKeyOf(first)).not.toBe(ownerKeyOf(person('sso', first.username)));
    expect(ownerKeyOf(person('sso', 'admin'))).not.toBe(ownerKeyOf({ ...first, username: 'admin' }));
  });
});
