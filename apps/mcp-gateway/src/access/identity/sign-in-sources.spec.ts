import { DomainError } from '@platform/service-kit';
import type { Principal } from '../principal';
import { SignInSources } from './sign-in-sources';

const A = 'https://a.example/realms/main';
const B = 'https://b.example';
const DEFAULT_CLAIMS = ['preferred_username', 'sub'];

const sources = (sso: boolean, issuers: string[], usernameClaims = DEFAULT_CLAIMS) =>
  new SignInSources({ sso, issuers, usernameClaims });

const caller = (method: Principal['method'], identitySource: Principal['identitySource']): Principal => ({
  method,
  username: method === 'admin-key' ? 'mcp-adm-0123456789abcdef0123456789abcdef' : 'carol',
  identitySource,
  roles: [],
  groups: [],
  sids: [],
  fullAdminClaim: false,
});

function refusal(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sign-in sources', () => {
  it('list the proxy, then every issuer with each username claim and sub', () => {
    expect(sources(true, [A, B]).all).toEqual([
      'sso',
      `oidc:${A}#preferred_username`,
      `oidc:${A}#sub`,
      `oidc:${B}#preferred_username`,
      `oidc:${B}#sub`,
    ]);
    expect(sources(false, [A], ['email']).all).toEqual([`oidc:${A}#email`, `oidc:${A}#sub`]);
  });

  it.each([
    ['the proxy alone', true, [], 'sso'],
    ['one issuer alone', false, [A], `oidc:${A}#preferred_username`],
    ['the proxy and an issuer', true, [A], undefined],
    ['two issuers', false, [A, B], undefined],
    ['no sign-in at all', false, [], undefined],
  ])('with %s, give a bare name the source %s', (_label, sso, issuers, sole) => {
    expect(sources(sso, issuers).sole).toBe(sole);
  });

  it('accept the sources people sign in from and admin-key, exactly as spelled', () => {
    const known = sources(true, [A]);
    for (const text of ['sso', 'admin-key', `oidc:${A}#preferred_username`, `oidc:${A}#sub`]) {
      expect(known.accepts(text)).toBe(text);
    }
    for (const text of [
      'SSO',
      'unassigned',
      'legacy',
      `oidc:${A}/#preferred_username`,
      `oidc:${A}#email`,
      `oidc:${B}#preferred_username`,
      `oidc:${A}`,
    ]) {
      expect(known.accepts(text)).toBeUndefined();
    }
    expect(sources(false, [A]).accepts('sso')).toBeUndefined();
  });

  it('scope policies and group rows to a source people sign in from, never to admin-key', () => {
    const known = sources(true, [A]);
    expect(known.scope('sso')).toBe('sso');
    expect(known.scope(`oidc:${A}#sub`)).toBe(`oidc:${A}#sub`);
    for (const text of ['admin-key', 'unassigned', `oidc:${B}#preferred_username`]) {
      expect(refusal(() => known.scope(text))).toMatchObject({ code: 'identity.unknown-source' });
    }
    expect(refusal(() => sources(false, []).scope('sso')).message).toContain('nobody signs in');
  });

  describe('the source of an owner a request names', () => {
    const both = sources(true, [A]);
    const issuerUser = caller('oauth', `oidc:${A}#preferred_username`);
    const adminKey = caller('admin-key', 'admin-key');

    it("is the caller's own when the request names nobody", () => {
      expect(both.ownerSource(undefined, false, issuerUser)).toBe(`oidc:${A}#preferred_username`);
      expect(both.ownerSource(undefined, false, adminKey)).toBe('admin-key');
    });

    it("is a signed-in administrator's own for a name without a source", () => {
      expect(both.ownerSource(undefined, true, issuerUser)).toBe(`oidc:${A}#preferred_username`);
      expect(both.ownerSource(undefined, true, caller('sso-header', 'sso'))).toBe('sso');
    });

    it("is the gateway's only sign-in source for an administrator key, and must be named otherwise", () => {
      expect(sources(true, []).ownerSource(undefined, true, adminKey)).toBe('sso');
      expect(sources(false, [B]).ownerSource(undefined, true, adminKey)).toBe(`oidc:${B}#preferred_username`);
      for (const ambiguous of [both, sources(false, [])]) {
        const error = refusal(() => ambiguous.ownerSource(undefined, true, adminKey));
        expect(error).toMatchObject({ kind: 'invalid-input', code: 'identity.source-required' });
        expect(error.message).toContain('admin-key');
      }
    });

    it('is the one requested, when the gateway knows it', () => {
      expect(both.ownerSource('sso', true, adminKey)).toBe('sso');
      expect(both.ownerSource('admin-key', true, issuerUser)).toBe('admin-key');
      const error = refusal(() => both.ownerSource(`oidc:${B}#sub`, true, adminKey));
      expect(error).toMatchObject({ code: 'identity.unknown-source' });
      expect(error.message).toContain(`oidc:${A}#preferred_username`);
    });
  });
});
