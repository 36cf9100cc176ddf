// Identity sources and identities: what makes two principals one person (docs/decisions/019).
export {
  ADMIN_KEY_SOURCE,
  asIdentitySource,
  comparesNamesExactly,
  LEGACY_SOURCE,
  oidcSource,
  ownsNothing,
  readOidcSource,
  SSO_SOURCE,
  UNASSIGNED_SOURCE,
} from './identity-source';
export type { IdentitySource, OidcSource } from './identity-source';
export { identityKeyOf, identityOf, isSameIdentity, nameKeyOf } from './identity';
export type { Identity } from './identity';
export { SIGN_IN_SOURCES, SignInSources } from './sign-in-sources';
export type { SignInSourceSettings } from './sign-in-sources';
