// Public API of the OAuth resource-server part of access control: JWT access-token
// verification against configured OpenID issuers, and RFC 9728 metadata.
export { looksLikeJwt, MAX_JWT_LENGTH } from './looks-like-jwt';
export { mapClaimsToPrincipal, readScopes } from './oidc-claims';
export type { JwtClaims } from './oidc-claims';
export {
  ASYMMETRIC_ALGORITHMS,
  DEFAULT_CLAIM_MAPPING,
  DEFAULT_CLOCK_TOLERANCE_SECONDS,
  OidcConfigError,
  readOidcSettings,
  validateOidcVerifierConfig,
} from './oidc-config';
export type { OidcClaimMapping, OidcSettings, OidcVerifierConfig } from './oidc-config';
export { OidcTokenVerifier } from './oidc-token-verifier';
export type { OidcVerifierRuntimeOptions } from './oidc-token-verifier';
export { classifyOidcFailure, OIDC_FAILURE_REASONS } from './oidc-verification-result';
export type {
  OidcFailureReason,
  OidcVerificationFailure,
  OidcVerificationResult,
  OidcVerifiedToken,
} from './oidc-verification-result';
export {
  buildProtectedResourceMetadata,
  buildWwwAuthenticateHeader,
  PROTECTED_RESOURCE_WELL_KNOWN,
  protectedResourceMetadataUrl,
} from './protected-resource-metadata';
export type {
  BearerChallengeInput,
  ProtectedResourceMetadata,
  ProtectedResourceMetadataInput,
} from './protected-resource-metadata';
