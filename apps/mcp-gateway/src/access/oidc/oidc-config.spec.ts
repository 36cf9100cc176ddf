import {
  ASYMMETRIC_ALGORITHMS,
  DEFAULT_CLAIM_MAPPING,
  OidcConfigError,
  readOidcSettings,
} from './oidc-config';

const RESOURCE = 'https://gw.example/mcp';

describe('readOidcSettings', () => {
  it('switches OAuth off when no issuer is configured', () => {
    expect(readOidcSettings({}, RESOURCE)).toBeUndefined();
    expect(readOidcSettings({ GATEWAY_OIDC_ISSUERS: ' , ' }, RESOURCE)).toBeUndefined();
  });

  it('defaults the audience to the resource URL and the rest to documented values', () => {
    expect(
      readOidcSettings(
        { GATEWAY_OIDC_ISSUERS: 'https://idp.example/realms/a, https://login.example/' },
        RESOURCE,
      ),
    ).toEqual({
      resource: RESOURCE,
      scopesSupported: [],
      verifier: {
        issuers: ['https://idp.example/realms/a', 'https://login.example/'],
        audience: [RESOURCE],
        clockToleranceSeconds: 30,
        allowedAlgorithms: ASYMMETRIC_ALGORITHMS,
        claimMapping: DEFAULT_CLAIM_MAPPING,
      },
    });
  });

  it('reads every override', () => {
    const settings = readOidcSettings(
      {
        GATEWAY_OIDC_ISSUERS: 'https://idp.example',
        GATEWAY_OIDC_AUDIENCE: 'api://gateway,https://gw.example/mcp',
        GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS: '5',
        GATEWAY_OIDC_ALGORITHMS: 'ES256',
        GATEWAY_OIDC_USERNAME_CLAIMS: 'upn,sub',
        GATEWAY_OIDC_GROUP_CLAIMS: 'groups,roles',
        GATEWAY_OIDC_ROLE_CLAIMS: 'realm_access.roles',
        GATEWAY_OIDC_SID_CLAIMS: 'onprem_sid',
        GATEWAY_OIDC_FULL_ADMIN_CLAIM: 'gateway_admin',
        GATEWAY_OIDC_SCOPES_SUPPORTED: 'mcp:tools',
      },
      RESOURCE,
    );
    expect(settings?.scopesSupported).toEqual(['mcp:tools']);
    expect(settings?.verifier).toEqual({
      issuers: ['https://idp.example'],
      audience: ['api://gateway', 'https://gw.example/mcp'],
      clockToleranceSeconds: 5,
      allowedAlgorithms: ['ES256'],
      claimMapping: {
        usernameClaims: ['upn', 'sub'],
        groupClaims: ['groups', 'roles'],
        roleClaims: ['realm_access.roles'],
        sidClaims: ['onprem_sid'],
        fullAdminClaim: 'gateway_admin',
      },
    });
  });

  it.each([
    ['plain http to a remote issuer', { GATEWAY_OIDC_ISSUERS: 'http://idp.example' }, /must use https/],
    ['an issuer that is not a URL', { GATEWAY_OIDC_ISSUERS: 'idp.example' }, /not an absolute URL/],
    ['an issuer with a query', { GATEWAY_OIDC_ISSUERS: 'https://idp.example/?tenant=1' }, /query/],
    // The URL parser drops an empty `#` and strips tabs; the issuer text is part of identity sources.
    ['an issuer with an empty fragment', { GATEWAY_OIDC_ISSUERS: 'https://idp.example/#' }, /fragment/],
    ['an issuer with a tab', { GATEWAY_OIDC_ISSUERS: 'https://idp.example/a\tb' }, /control characters/],
    ['a symmetric algorithm', { GATEWAY_OIDC_ALGORITHMS: 'RS256,HS256' }, /refused: HS256/],
    ['alg none', { GATEWAY_OIDC_ALGORITHMS: 'none' }, /refused: none/],
    ['the session id as a SID claim', { GATEWAY_OIDC_SID_CLAIMS: 'user_sid,sid' }, /session id/],
    ['a fractional tolerance', { GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS: '1.5' }, /integer/],
    ['a huge tolerance', { GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS: '3600' }, /0 to 300/],
  ])('refuses %s at start-up', (_name, overrides, message) => {
    const read = () =>
      readOidcSettings({ GATEWAY_OIDC_ISSUERS: 'https://idp.example', ...overrides }, RESOURCE);
    expect(read).toThrow(OidcConfigError);
    expect(read).toThrow(message);
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1:9000/realms/dev', 'http://[::1]:1234'])(
    'allows loopback http issuer %s',
    (issuer) => {
      expect(readOidcSettings({ GATEWAY_OIDC_ISSUERS: issuer }, RESOURCE)?.verifier.issuers).toEqual([
        issuer,
      ]);
    },
  );
});
