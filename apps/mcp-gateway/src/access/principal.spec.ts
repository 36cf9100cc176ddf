import { adminBypassBasis } from './authorization/admin-bypass';
import {
  ADMIN_SID,
  appKeyPrincipal,
  oauthPrincipal,
  ssoPrincipal,
} from './authorization/authorization.spec-fixtures';
import { isMachineCaller, type Principal } from './principal';

describe('isMachineCaller', () => {
  const credential = appKeyPrincipal(['*']).appKey;

  it('is true for an AppKey caller as the authenticator builds it', () => {
    expect(isMachineCaller(appKeyPrincipal(['server:files']))).toBe(true);
  });

  it('is false for people: OAuth, SSO headers, an administrator key', () => {
    expect(isMachineCaller(oauthPrincipal())).toBe(false);
    expect(isMachineCaller(ssoPrincipal())).toBe(false);
    expect(isMachineCaller({ ...ssoPrincipal(), method: 'admin-key' })).toBe(false);
  });

  // Either half marks a machine token: a malformed principal must not pass as a person, which
  // would give it the administrator bypass and skip its scope check.
  it.each<[string, Principal]>([
    ['the app-key method without its credential', { ...appKeyPrincipal(['*']), appKey: undefined }],
    ['a credential under the oauth method', { ...oauthPrincipal(), appKey: credential }],
    ['a credential under the sso-header method', { ...ssoPrincipal(), appKey: credential }],
  ])('is true for %s', (_case, principal) => {
    expect(isMachineCaller(principal)).toBe(true);
    expect(
      adminBypassBasis({ ...principal, sids: [ADMIN_SID], fullAdminClaim: true }, ADMIN_SID),
    ).toBeUndefined();
  });
});
