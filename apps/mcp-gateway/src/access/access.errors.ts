// Errors of the access feature: every code a client can receive from it, each code's kind (which
// the problem+json transport turns into the HTTP status) in one exhaustive switch, and the spec's
// exact messages where it fixes them (5.1, 7). docs/api-errors.md lists the codes; a test holds
// the table to `ACCESS_ERROR_CODES`.
import { DomainError, type DomainErrorKind } from '@platform/service-kit';
import { OIDC_FAILURE_REASONS, type OidcFailureReason } from './oidc/oidc-verification-result';

export const AccessMessages = {
  invalidPrefix: 'Invalid App Key prefix.',
  invalidKey: 'Invalid App Key.',
  expired: 'App Key has expired.',
  credentialRequired: 'Authentication required: send an AppKey or access token.',
  machineTokenForbidden: 'AppKey callers cannot use the administration API.',
  administratorRequired: 'This operation needs an administrator.',
} as const;

export const AccessErrorCode = {
  AuthenticationRequired: 'authentication.required',
  InvalidSsoHeader: 'sso.invalid-header',
  MachineToken: 'api.machine-token',
  AdministratorRequired: 'api.administrator-required',
  AppKeyUsernameForbidden: 'appkey.username-forbidden',
  AppKeyNotFound: 'appkey.not-found',
  AppKeyInvalidScopes: 'appkey.invalid-scopes',
  AppKeyUnknownCategory: 'appkey.unknown-category',
  AppKeyQuotaExceeded: 'appkey.quota-exceeded',
  PolicyNotFound: 'policy.not-found',
  PolicyExists: 'policy.exists',
  SettingsEmptyChange: 'settings.empty-change',
  GroupMappingNotFound: 'group-mapping.not-found',
  GroupMappingExists: 'group-mapping.exists',
  GroupMappingInvalid: 'group-mapping.invalid',
  IdentityUnknownSource: 'identity.unknown-source',
  IdentitySourceRequired: 'identity.source-required',
  ExplainInvalidPrincipal: 'explain.invalid-principal',
  ExplainInvalidTarget: 'explain.invalid-target',
  ExplainUnknownServer: 'explain.unknown-server',
  ExplainRulesUnavailable: 'explain.rules-unavailable',
} as const;

/** Every way a presented AppKey is refused (the authenticator's reasons), in the order it checks. */
export const APP_KEY_FAILURE_REASONS = [
  'malformed',
  'bad-checksum',
  'unknown-prefix',
  'wrong-secret',
  'revoked',
  'expired',
] as const;

export type AppKeyFailureReason = (typeof APP_KEY_FAILURE_REASONS)[number];

/** A refused AppKey: `appkey.<reason>`. */
export type AppKeyFailureCode = `appkey.${AppKeyFailureReason}`;
/** A refused access token: `oauth.<reason>`. */
export type OAuthFailureCode = `oauth.${OidcFailureReason}`;

export type AccessErrorCode =
  (typeof AccessErrorCode)[keyof typeof AccessErrorCode] | AppKeyFailureCode | OAuthFailureCode;

export function appKeyFailureCode(reason: AppKeyFailureReason): AppKeyFailureCode {
  return `appkey.${reason}`;
}

export function oauthFailureCode(reason: OidcFailureReason): OAuthFailureCode {
  return `oauth.${reason}`;
}

/** Every code of the access feature, for the documentation check. */
export const ACCESS_ERROR_CODES: readonly AccessErrorCode[] = [
  ...Object.values(AccessErrorCode),
  ...APP_KEY_FAILURE_REASONS.map(appKeyFailureCode),
  ...OIDC_FAILURE_REASONS.map(oauthFailureCode),
];

/** What kind of failure each code is; the problem+json transport maps kinds to statuses once. */
export function accessErrorKind(code: AccessErrorCode): DomainErrorKind {
  switch (code) {
    case 'authentication.required':
    case 'appkey.malformed':
    case 'appkey.bad-checksum':
    case 'appkey.unknown-prefix':
    case 'appkey.wrong-secret':
    case 'appkey.revoked':
    case 'appkey.expired':
    case 'oauth.malformed':
    case 'oauth.unknown-issuer':
    case 'oauth.disallowed-algorithm':
    case 'oauth.wrong-type':
    case 'oauth.bad-signature':
    case 'oauth.expired':
    case 'oauth.not-yet-valid':
    case 'oauth.wrong-audience':
    case 'oauth.invalid-claims':
      return 'unauthenticated';
    // The gateway could not check the token: not the caller's fault (see classifyOidcFailure).
    case 'oauth.discovery-failed':
    case 'oauth.keys-unavailable':
    case 'oauth.internal-error':
    case 'explain.rules-unavailable':
      return 'unavailable';
    case 'api.machine-token':
    case 'api.administrator-required':
    case 'appkey.username-forbidden':
      return 'forbidden';
    case 'appkey.not-found':
    case 'policy.not-found':
    case 'group-mapping.not-found':
    case 'explain.unknown-server':
      return 'not-found';
    case 'policy.exists':
    case 'group-mapping.exists':
      return 'conflict';
    case 'sso.invalid-header':
    case 'appkey.invalid-scopes':
    case 'appkey.unknown-category':
    case 'settings.empty-change':
    case 'group-mapping.invalid':
    case 'identity.unknown-source':
    case 'identity.source-required':
    case 'explain.invalid-principal':
    case 'explain.invalid-target':
      return 'invalid-input';
    case 'appkey.quota-exceeded':
      return 'quota-exceeded';
    default:
      return unknownCode(code);
  }
}

/** A failure of the access feature, its kind taken from its code. */
export function accessError(
  code: AccessErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError(accessErrorKind(code), code, message, details);
}

function unknownCode(code: never): never {
  throw new Error(`No kind for the access error code ${String(code)}`);
}
