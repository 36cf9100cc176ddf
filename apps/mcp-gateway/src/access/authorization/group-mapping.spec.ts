import fc from 'fast-check';
import { comparableName } from '@platform/scopes';
import {
  confusableName,
  LOOK_ALIKE_PAIRS,
  lookAlikePair,
  someUnicodeComparisonMerges,
} from '../look-alike-names.spec-fixtures';
import type { Principal } from '../principal';
import {
  ADMIN_SID,
  appKeyPrincipal,
  GROUP_MAPPINGS,
  oauthPrincipal,
  ssoPrincipal,
} from './authorization.spec-fixtures';
import { ADMIN_KEY_SOURCE, oidcSource, SSO_SOURCE, UNASSIGNED_SOURCE } from '../identity';
import { readMappingSubject, resolveEffectiveGroups } from './group-mapping';

describe('resolveEffectiveGroups', () => {
  it('holds groups, roles, SIDs and mapped groups, but not the username', () => {
    const principal = ssoPrincipal({
      username: 'alice',
      groups: ['Media-Users'],
      roles: ['Editor'],
      sids: ['S-1-5-21-100-1001'],
    });
    const groups = resolveEffectiveGroups(principal, GROUP_MAPPINGS, ADMIN_SID);
    expect(groups.display).toEqual([
      'Media-Users',
      'Editor',
      'S-1-5-21-100-1001',
      'media-readers',
      'ops',
      'book-club',
    ]);
    expect(groups.forAllow).toEqual(groups.forDeny);
    expect(groups.forDeny.has('alice')).toBe(false);
    expect(groups.forDeny.has('s-1-5-21-100-1001')).toBe(true);
  });

  it('matches external ids case-insensitively after trimming, and maps one level only', () => {
    const mappings = [
      { externalId: ' MEDIA-users ', internalGroup: 'readers' },
      { externalId: 'readers', internalGroup: 'writers' },
    ];
    const groups = resolveEffectiveGroups(ssoPrincipal({ groups: ['media-USERS'] }), mappings, ADMIN_SID);
    expect([...groups.forDeny]).toEqual(['media-users', 'readers']);
  });

  it('keeps the administrator SID and what it maps to out of the groups that satisfy allow rows', () => {
    const mappings = [
      { externalId: ADMIN_SID, internalGroup: 'admins-mapped' },
      { externalId: 'ops', internalGroup: ADMIN_SID },
    ];
    const groups = resolveEffectiveGroups(
      ssoPrincipal({ groups: ['ops'], sids: [ADMIN_SID] }),
      mappings,
      ADMIN_SID,
    );
    expect([...groups.forDeny].sort()).toEqual(['admins-mapped', 'ops', 's-1-5-32-544']);
    expect([...groups.forAllow]).toEqual(['ops']);
  });

  it('ignores blank identifiers and blank mapping rows', () => {
    const mappings = [{ externalId: '', internalGroup: 'everyone' }];
    const groups = resolveEffectiveGroups(ssoPrincipal({ username: '', groups: [' '] }), mappings, ADMIN_SID);
    expect(groups.forDeny.size).toBe(0);
    expect(groups.display).toEqual([]);
  });

  describe('user names and group names never meet (decision 019)', () => {
    const mappings = [
      { externalId: 'ops', internalGroup: 'Operators' },
      { externalId: 'user:carol', internalGroup: 'Auditors', identitySource: SSO_SOURCE },
      { externalId: 'S-1-5-21-100-512', internalGroup: 'DomainAdmins' },
    ];

    it('does not give the user named like a mapped group what the group is mapped to', () => {
      for (const principal of [
        ssoPrincipal({ username: 'ops' }),
        oauthPrincipal({ username: 'OPS' }),
        appKeyPrincipal(['*'], { username: 'ops' }),
      ]) {
        const groups = resolveEffectiveGroups(principal, mappings, ADMIN_SID);
        expect(groups.display).not.toContain('Operators');
        expect(groups.forDeny.has('operators')).toBe(false);
      }
      expect(
        resolveEffectiveGroups(ssoPrincipal({ groups: ['ops'] }), mappings, ADMIN_SID).display,
      ).toContain('Operators');
    });

    it('maps a user only through user:<name>, and never a group that is called like the user or the row', () => {
      const carol = resolveEffectiveGroups(ssoPrincipal({ username: 'Carol' }), mappings, ADMIN_SID);
      expect([...carol.forAllow]).toEqual(['auditors']);
      for (const groups of [['carol'], ['user:carol'], [' user: carol ']]) {
        expect(
          resolveEffectiveGroups(ssoPrincipal({ username: 'x', groups }), mappings, ADMIN_SID).display,
        ).not.toContain('Auditors');
      }
    });

    it('reads an ExternalId as a user, a SID or a name by its spelling', () => {
      expect(readMappingSubject(' USER: carol ')).toEqual({ kind: 'user', username: 'carol' });
      expect(readMappingSubject('user:')).toBeUndefined();
      expect(readMappingSubject('s-1-5-21-0100-512')).toEqual({ kind: 'sid', sid: 'S-1-5-21-100-512' });
      expect(readMappingSubject('S-1-5-21-100-512x')).toEqual({ kind: 'name', name: 'S-1-5-21-100-512x' });
      expect(readMappingSubject('users:carol')).toEqual({ kind: 'name', name: 'users:carol' });
      expect(readMappingSubject('  ')).toBeUndefined();
    });

    it('maps a SID from real SIDs only; a group name spelled like it counts for deny rows alone', () => {
      const real = resolveEffectiveGroups(ssoPrincipal({ sids: ['S-1-5-21-100-0512'] }), mappings, ADMIN_SID);
      expect(real.forAllow.has('domainadmins')).toBe(true);
      const spelled = resolveEffectiveGroups(
        ssoPrincipal({ groups: ['S-1-5-21-100-512'] }),
        mappings,
        ADMIN_SID,
      );
      expect(spelled.forAllow.has('domainadmins')).toBe(false);
      expect(spelled.forAllow.has('s-1-5-21-100-512')).toBe(false);
      expect(spelled.forDeny.has('domainadmins')).toBe(true);
      expect(spelled.forDeny.has('s-1-5-21-100-512')).toBe(true);
    });
  });

  describe('identity sources (decision 019)', () => {
    const issuerA = oidcSource('https://a.example', 'preferred_username');
    const issuerB = oidcSource('https://b.example', 'preferred_username');
    const alice = [
      ['the proxy', ssoPrincipal({ username: 'alice' })],
      ['issuer A', oauthPrincipal({ username: 'alice' }, issuerA)],
      ['issuer B', oauthPrincipal({ username: 'alice' }, issuerB)],
      [
        'a client of issuer A named by its sub',
        oauthPrincipal({ username: 'alice' }, oidcSource('https://a.example', 'sub')),
      ],
      ['an AppKey of the proxy user', appKeyPrincipal(['*'], { username: 'alice' })],
    ] as const;

    it('maps user:<name> for the user of that name in the row source only', () => {
      const mappings = [{ externalId: 'user:alice', internalGroup: 'Auditors', identitySource: issuerA }];
      const mapped = alice
        .filter(([, principal]) =>
          resolveEffectiveGroups(principal, mappings, ADMIN_SID).forAllow.has('auditors'),
        )
        .map(([label]) => label);
      expect(mapped).toEqual(['issuer A']);
    });

    it('maps a user row without a source, or unassigned, to nobody', () => {
      for (const identitySource of [undefined, null, UNASSIGNED_SOURCE, 'legacy']) {
        const mappings = [{ externalId: 'user:alice', internalGroup: 'Auditors', identitySource }];
        for (const [, principal] of alice) {
          expect(resolveEffectiveGroups(principal, mappings, ADMIN_SID).display).not.toContain('Auditors');
        }
      }
    });

    it('maps a group row with a source only for what people from that source present', () => {
      const mappings = [
        { externalId: 'ops', internalGroup: 'OpsFromA', identitySource: issuerA },
        { externalId: 'McpClient', internalGroup: 'KeysOfProxyUsers', identitySource: SSO_SOURCE },
        { externalId: 'ops', internalGroup: 'OpsAnywhere' },
      ];
      const groupsOf = (principal: Principal) =>
        resolveEffectiveGroups(principal, mappings, ADMIN_SID).display;
      expect(groupsOf(oauthPrincipal({ groups: ['ops'] }, issuerA))).toEqual([
        'ops',
        'OpsFromA',
        'OpsAnywhere',
      ]);
      expect(groupsOf(oauthPrincipal({ groups: ['ops'] }, issuerB))).toEqual(['ops', 'OpsAnywhere']);
      expect(groupsOf(ssoPrincipal({ groups: ['ops'] }))).toEqual(['ops', 'OpsAnywhere']);
      // An AppKey's role comes from the gateway, not from its owner's source.
      expect(groupsOf(appKeyPrincipal(['*'], { username: 'alice' }))).toEqual(['McpClient']);
    });

    it('never maps an administrator key through a person row', () => {
      const admin: Principal = {
        ...ssoPrincipal({ username: 'admin' }),
        method: 'admin-key' as const,
        identitySource: ADMIN_KEY_SOURCE,
      };
      const mappings = [{ externalId: 'user:admin', internalGroup: 'Admins', identitySource: SSO_SOURCE }];
      expect(resolveEffectiveGroups(admin, mappings, ADMIN_SID).display).toEqual([]);
    });
  });

  describe('look-alike names (decision 019)', () => {
    it.each(LOOK_ALIKE_PAIRS.map((pair) => [pair.label, pair] as const))(
      '%s: a mapping for one name maps neither a group nor a user called by the other',
      (_label, { name, lookAlike }) => {
        for (const [keyed, presented] of [
          [name, lookAlike],
          [lookAlike, name],
        ] as const) {
          const mappings = [
            { externalId: keyed, internalGroup: 'mapped-group' },
            { externalId: `user:${keyed}`, internalGroup: 'mapped-user', identitySource: SSO_SOURCE },
          ];
          const groups = resolveEffectiveGroups(
            ssoPrincipal({ username: presented, groups: [presented] }),
            mappings,
            ADMIN_SID,
          );
          expect([...groups.forDeny]).toEqual([comparableName(presented)]);
        }
      },
    );

    it('every pair is one that some Unicode-aware comparison would merge, and one the gateway keeps apart', () => {
      fc.assert(
        fc.property(lookAlikePair, ({ name, lookAlike }) => {
          expect(someUnicodeComparisonMerges(name, lookAlike)).toBe(true);
          expect(comparableName(name)).not.toBe(comparableName(lookAlike));
        }),
      );
    });

    it('maps a group or user exactly when the names are one by the ASCII-only rule', () => {
      fc.assert(
        fc.property(confusableName, confusableName, (keyed, presented) => {
          fc.pre(comparableName(keyed) !== '' && comparableName(presented) !== '');
          const mappings = [
            { externalId: keyed, internalGroup: 'mapped-group' },
            { externalId: `user:${keyed}`, internalGroup: 'mapped-user', identitySource: SSO_SOURCE },
          ];
          const byGroup = resolveEffectiveGroups(ssoPrincipal({ groups: [presented] }), mappings, ADMIN_SID);
          const byUser = resolveEffectiveGroups(
            ssoPrincipal({ username: presented.trim() }),
            mappings,
            ADMIN_SID,
          );
          const same = comparableName(keyed) === comparableName(presented);
          expect(byGroup.forAllow.has('mapped-group')).toBe(same);
          expect(byUser.forAllow.has('mapped-user')).toBe(
            comparableName(keyed) === comparableName(presented.trim()),
          );
        }),
        { numRuns: 1000 },
      );
    });
  });
});
