import { DEFAULT_CLAIM_MAPPING } from './oidc-config';
import { mapClaimsToPrincipal, normalizeSid, readClaim, readScopes, readStringList } from './oidc-claims';

const USER_SID = 'S-1-5-21-3623811015-3361044348-30300820-1013';
const ISSUER = 'https://idp.example/realms/main';

describe('mapClaimsToPrincipal', () => {
  it('takes names as the identity provider wrote them: no case folding, only ASCII spaces trimmed or split on', () => {
    const principal = mapClaimsToPrincipal(
      {
        preferred_username: ' \u212Aarl\u00a0',
        groups: 'ops\u00a0admins \uFF4Fps,\u3000kids',
        roles: ['Editor\u00a0', ' \u017Fam '],
      },
      'subject',
      DEFAULT_CLAIM_MAPPING,
      ISSUER,
    );
    expect(principal).toMatchObject({
      username: '\u212Aarl\u00a0',
      groups: ['ops\u00a0admins', '\uFF4Fps', '\u3000kids'],
      roles: ['Editor\u00a0', '\u017Fam'],
    });
  });

  it('maps the default claims into an oauth principal', () => {
    const principal = mapClaimsToPrincipal(
      {
        sub: 'f81d4fae',
        preferred_username: ' alice ',
        groups: 'media-admins, readers  family',
        roles: ['Operator', 42, 'Operator'],
        user_sid: USER_SID,
        onprem_sid: USER_SID,
        group_sids: ['S-1-5-32-544', 's-1-5-32-545'],
        full_admin: true,
      },
      'f81d4fae',
      DEFAULT_CLAIM_MAPPING,
      ISSUER,
    );
    expect(principal).toEqual({
      method: 'oauth',
      username: 'alice',
      identitySource: `oidc:${ISSUER}#preferred_username`,
      roles: ['Operator'],
      groups: ['media-admins', 'readers', 'family'],
      sids: [USER_SID, 'S-1-5-32-544', 'S-1-5-32-545'],
      userSid: 'S-1-5-21-3623811015-3361044348-30300820-1013',
      fullAdminClaim: true,
    });
  });

  it('never reads the OIDC session id `sid` as a Windows SID, and drops values that are not SIDs', () => {
    const principal = mapClaimsToPrincipal(
      {
        sid: 'S-1-5-21-1-2-3-500',
        user_sid: 'DOMAIN\\alice',
        group_sids: ['S-1-5', 'S-1-5-32-544; S-1-5-18'],
      },
      'alice',
      DEFAULT_CLAIM_MAPPING,
      ISSUER,
    );
    expect(principal.sids).toEqual([]);
  });

  it.each([['true'], [1], ['yes'], [[true]], [{ value: true }], [null]])(
    'treats full_admin %j as false',
    (value) => {
      expect(
        mapClaimsToPrincipal({ full_admin: value }, 's', DEFAULT_CLAIM_MAPPING, ISSUER).fullAdminClaim,
      ).toBe(false);
    },
  );

  it('falls back to sub when no username claim holds a non-empty string', () => {
    const principal = mapClaimsToPrincipal(
      { preferred_username: '  ', upn: 7 },
      'the-subject',
      { ...DEFAULT_CLAIM_MAPPING, usernameClaims: ['preferred_username', 'upn'] },
      ISSUER,
    );
    expect(principal.username).toBe('the-subject');
    expect(principal.identitySource).toBe(`oidc:${ISSUER}#sub`);
  });

  it('names the issuer and the claim a username came from: one name from two claims is two people', () => {
    const fromUsername = mapClaimsToPrincipal(
      { preferred_username: 'alice' },
      'f81d4fae',
      DEFAULT_CLAIM_MAPPING,
      ISSUER,
    );
    const fromSubject = mapClaimsToPrincipal({}, 'alice', DEFAULT_CLAIM_MAPPING, ISSUER);
    const otherIssuer = mapClaimsToPrincipal(
      { preferred_username: 'alice' },
      'x',
      DEFAULT_CLAIM_MAPPING,
      'https://other.example',
    );
    expect(fromUsername).toMatchObject({
      username: 'alice',
      identitySource: `oidc:${ISSUER}#preferred_username`,
    });
    expect(fromSubject).toMatchObject({ username: 'alice', identitySource: `oidc:${ISSUER}#sub` });
    expect(otherIssuer.identitySource).toBe('oidc:https://other.example#preferred_username');
  });

  it('takes a subject as it is, ASCII spaces included (OIDC compares it exactly)', () => {
    const mapping = { ...DEFAULT_CLAIM_MAPPING, usernameClaims: ['sub'] };
    expect(mapClaimsToPrincipal({ sub: ' Ab ' }, ' Ab ', mapping, ISSUER).username).toBe(' Ab ');
    expect(mapClaimsToPrincipal({ sub: '  ' }, 'fallback', mapping, ISSUER).username).toBe('fallback');
  });

  it('follows configured claim names, including namespaced and nested ones', () => {
    const principal = mapClaimsToPrincipal(
      {
        'https://example.com/groups': ['ns-group'],
        realm_access: { roles: ['kc-role'] },
        email: 'carol@example.com',
        is_admin: true,
      },
      'carol-id',
      {
        usernameClaims: ['email'],
        groupClaims: ['https://example.com/groups'],
        roleClaims: ['realm_access.roles'],
        sidClaims: [],
        fullAdminClaim: 'is_admin',
      },
      ISSUER,
    );
    expect(principal).toMatchObject({
      username: 'carol@example.com',
      groups: ['ns-group'],
      roles: ['kc-role'],
      fullAdminClaim: true,
    });
  });
});

describe('claim readers', () => {
  it('reads dotted paths only through plain objects', () => {
    expect(readClaim({ a: { b: { c: 1 } } }, 'a.b.c')).toBe(1);
    expect(readClaim({ a: [{ b: 1 }] }, 'a.0.b')).toBeUndefined();
    expect(readClaim({ 'a.b': 'exact', a: { b: 'nested' } }, 'a.b')).toBe('exact');
    expect(readClaim({}, 'constructor')).toBeUndefined();
  });

  it('splits list strings on spaces and commas and ignores non-strings', () => {
    expect(readStringList('a,b  c,,')).toEqual(['a', 'b', 'c']);
    expect(readStringList(['x y', '', 3, 'z'])).toEqual(['x y', 'z']);
    expect(readStringList({ a: 1 })).toEqual([]);
  });

  it('reads scopes from scope and scp, deduplicated', () => {
    expect(readScopes({ scope: 'mcp:tools  mcp:admin', scp: ['mcp:tools', 'files.read'] })).toEqual([
      'mcp:tools',
      'mcp:admin',
      'files.read',
    ]);
    expect(readScopes({ scp: 'User.Read Mail.Send' })).toEqual(['User.Read', 'Mail.Send']);
    expect(readScopes({ scope: 42 })).toEqual([]);
  });

  it.each([
    ['S-1-5-18', 'S-1-5-18'],
    ['s-1-5-32-544', 'S-1-5-32-544'],
    ['S-1-5', undefined],
    ['S-2-5-18', undefined],
    [`S-1-5${'-1'.repeat(16)}`, undefined],
    ['S-1-5-18 ', undefined],
    ['S-1-5-032-0544', 'S-1-5-32-544'],
    ['S-1-5-32-\u0665', undefined],
  ])('normalizeSid(%j) is %j', (text, expected) => {
    expect(normalizeSid(text)).toBe(expected);
  });
});
