// Reverse-proxy SSO headers (spec 5.1): when to believe `Remote-User` and friends, and how
// forged copies are removed. See README.md in this folder for the trust rules.
export {
  createSsoHeaderMiddleware,
  INVALID_SSO_HEADER_CODE,
  SSO_PRINCIPAL,
  ssoPrincipalOf,
} from './sso-header.middleware';
export type {
  SsoHeaderMiddleware,
  SsoHeaderMiddlewareOptions,
  SsoHeaderOutcome,
  SsoHeaderRequest,
} from './sso-header.middleware';
export { readProxyIdentity } from './read-proxy-identity';
export type { ProxyIdentity, ProxyRequestHeaders, UntrustedReason } from './read-proxy-identity';
export { stripIdentityHeaders } from './strip-identity-headers';
export type { HeaderBearingRequest, StripMode } from './strip-identity-headers';
export {
  MAX_PROXY_SECRET_LENGTH,
  MIN_PROXY_SECRET_LENGTH,
  SSO_HEADERS_VARIABLE,
  SSO_PROXY_SECRET_VARIABLE,
  SSO_TRUSTED_PROXIES_VARIABLE,
  SsoConfig,
} from './sso-config';
export type { SsoSettings } from './sso-config';
export { DEFAULT_SSO_HEADERS, PROXY_PROOF_HEADER, SSO_HEADERS, SsoHeaderNames } from './sso-header-names';
export type { HeaderNameClass, SsoHeaderName } from './sso-header-names';
export { MAX_GROUP_NAME_LENGTH, MAX_GROUPS, MAX_SIDS, MAX_USERNAME_LENGTH } from './sso-header-values';
