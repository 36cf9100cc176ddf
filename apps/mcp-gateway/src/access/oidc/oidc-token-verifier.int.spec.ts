// End to end against a real OpenID provider: tokens obtained over HTTP from its token endpoint
// (client-credentials grant, RFC 8707 resource indicator), verified through discovery and JWKS.
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { OidcTokenVerifier } from './oidc-token-verifier';
import type { OidcVerifierRuntimeOptions } from './oidc-token-verifier';
import { startTestProvider } from './testing/oidc-test-provider';
import type { TestProvider } from './testing/oidc-test-provider';

const GATEWAY = 'https://gateway.test/mcp';
const ALICE_CLAIMS = {
  preferred_username: 'alice',
  groups: ['media-admins', 'readers'],
  roles: 'Operator Viewer',
  user_sid: 'S-1-5-21-1004336348-1177238915-682003330-1001',
  group_sids: ['S-1-5-32-544', 'not-a-sid'],
  sid: 'session-id-not-a-windows-sid',
  full_admin: true,
};

describe('OidcTokenVerifier against a real OpenID provider', () => {
  let provider: TestProvider;
  let verifier: OidcTokenVerifier;
  const verifierFor = (options: OidcVerifierRuntimeOptions = {}): OidcTokenVerifier =>
    new OidcTokenVerifier({ issuers: [provider.issuer], audience: GATEWAY }, options);

  beforeAll(async () => {
    provider = await startTestProvider({
      clients: [
        { clientId: 'alice-agent', claims: ALICE_CLAIMS },
        { clientId: 'plain-client' },
        { clientId: 'string-admin', claims: { full_admin: 'true' } },
      ],
    });
    verifier = verifierFor();
  });
  afterAll(() => provider.stop());

  it('accepts a token issued for the gateway and maps its claims to the principal', async () => {
    const before = Date.now();
    const result = await verifier.verify(
      await provider.obtainToken('alice-agent', GATEWAY, 'mcp:tools mcp:admin'),
    );
    expect(result).toMatchObject({
      ok: true,
      subject: 'alice-agent',
      issuer: provider.issuer,
      clientId: 'alice-agent',
      principal: {
        method: 'oauth',
        username: 'alice',
        identitySource: `oidc:${provider.issuer}#preferred_username`,
        roles: ['Operator', 'Viewer'],
        groups: ['media-admins', 'readers'],
        sids: ['S-1-5-21-1004336348-1177238915-682003330-1001', 'S-1-5-32-544'],
        fullAdminClaim: true,
      },
    });
    if (!result.ok) return;
    expect([...result.scopes].sort()).toEqual(['mcp:admin', 'mcp:tools']);
    expect(result.expiresAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(result.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it('falls back to sub for the username and grants no admin flag without the boolean claim', async () => {
    const plain = await verifier.verify(await provider.obtainToken('plain-client', GATEWAY));
    expect(plain).toMatchObject({ ok: true, scopes: ['mcp:tools'] });
    expect(plain.ok && plain.principal).toEqual({
      method: 'oauth',
      username: 'plain-client',
      // Named by `sub` (no username claim): the issuer's namespace of subjects, not of usernames.
      identitySource: `oidc:${provider.issuer}#sub`,
      roles: [],
      groups: [],
      sids: [],
      fullAdminClaim: false,
    });
    const stringAdmin = await verifier.verify(await provider.obtainToken('string-admin', GATEWAY));
    expect(stringAdmin.ok && stringAdmin.principal.fullAdminClaim).toBe(false);
  });

  it('refuses a token the provider issued for another resource', async () => {
    const token = await provider.obtainToken('alice-agent', 'https://other-service.test/mcp');
    expect(await verifier.verify(token)).toMatchObject({ ok: false, reason: 'wrong-audience' });
  });

  it('refuses an expired token, allowing the configured clock tolerance (30 s)', async () => {
    const token = await provider.obtainToken('plain-client', GATEWAY);
    const later = (seconds: number) => verifierFor({ now: () => new Date(Date.now() + seconds * 1000) });
    expect((await later(600 + 20).verify(token)).ok).toBe(true);
    expect(await later(600 + 31).verify(token)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose signature or payload was altered', async () => {
    const token = await provider.obtainToken('plain-client', GATEWAY);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === 'A' ? 'B' : 'A';
    const badSignature = `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
    expect(await verifier.verify(badSignature)).toMatchObject({ ok: false, reason: 'bad-signature' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const escalated = Buffer.from(JSON.stringify({ ...claims, full_admin: true })).toString('base64url');
    expect(await verifier.verify(`${header}.${escalated}.${signature}`)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses alg none and HS256 tokens before any network call', async () => {
    const fresh = verifierFor();
    const requestsBefore = provider.requestCount();
    const claims = { iss: provider.issuer, aud: GATEWAY, sub: 'mallory', full_admin: true };
    const unsecured = new UnsecuredJWT(claims).setExpirationTime('5m').encode();
    const noneWithSignature = `${unsecured}c2lnbmF0dXJl`;
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-shared-secret-of-32-bytes-long!'));
    for (const token of [unsecured, noneWithSignature, hs256]) {
      expect(await fresh.verify(token)).toMatchObject({ ok: false, reason: 'disallowed-algorithm' });
    }
    expect(provider.requestCount()).toBe(requestsBefore);
  });

  it('refuses a token signed by a foreign key that claims a configured issuer and its kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ iss: provider.issuer, aud: GATEWAY, sub: 'mallory' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'key-1' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await verifier.verify(forged)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  describe('hand-made tokens signed with the provider key', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const base = () => ({
      iss: provider.issuer,
      aud: [GATEWAY, 'other'],
      sub: 'bob',
      iat: now(),
      exp: now() + 300,
    });

    it.each([
      ['an aud array containing the gateway, typ JWT', {}, { typ: 'JWT' }, true],
      ['no typ header', {}, { typ: undefined }, true],
      ['nbf two minutes ahead', { nbf: now() + 120 }, {}, 'not-yet-valid'],
      ['iat two minutes ahead', { iat: now() + 120 }, {}, 'not-yet-valid'],
      ['no exp', { exp: undefined }, {}, 'invalid-claims'],
      ['an empty sub', { sub: '' }, {}, 'invalid-claims'],
      ['typ dpop+jwt', {}, { typ: 'dpop+jwt' }, 'wrong-type'],
      ['an unknown kid', {}, { kid: 'never-published' }, 'bad-signature'],
    ] as const)('%s', async (_name, claims, header, expected) => {
      const token = await provider.signWithProviderKey({ ...base(), ...claims }, header);
      const result = await verifier.verify(token);
      expect(result.ok ? true : result.reason).toBe(expected);
    });

    it('refuses an oversized token without parsing it, and never echoes the token', async () => {
      const token = await provider.signWithProviderKey({ ...base(), padding: 'x'.repeat(16 * 1024) });
      const result = await verifier.verify(token);
      expect(result).toMatchObject({ ok: false, reason: 'malformed' });
      expect(JSON.stringify(result)).not.toContain(token.slice(0, 40));
    });
  });
});
