import { ADMIN_SID, GROUP_MAPPINGS, ssoPrincipal } from './authorization.spec-fixtures';
import { resolveEffectiveGroups } from './group-mapping';

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
});
