// What verifying an OAuth access token produces: the caller's principal and the token facts a
// cache needs, or a reason code with a message that is safe to log (it never contains the token).
import type { Principal } from '../principal';

/** Every way a token can be refused. The transport maps each code once (see `classifyOidcFailure`). */
export const OIDC_FAILURE_REASONS = [
  /** Not a compact JWS, too long, undecodable header or payload, or no `iss`. */
  'malformed',
  /** `iss` is not one of the configured issuers (rejected without any network call). */
  'unknown-issuer',
  /** `alg` is `none`, symmetric (HS*) or otherwise not in the allow-list. */
  'disallowed-algorithm',
  /** The `typ` header names another kind of JWT (e.g. `dpop+jwt`, `logout+jwt`). */
  'wrong-type',
  /** The issuer's discovery document could not be fetched or failed its checks. */
  'discovery-failed',
  /** The issuer's JWKS could not be fetched (network, timeout, non-200, invalid set). */
  'keys-unavailable',
  /** The signature does not verify, or no key of the issuer matches the token's `kid`. */
  'bad-signature',
  'expired',
  /** `nbf` (or `iat`) lies in the future beyond the clock tolerance. */
  'not-yet-valid',
  /** `aud` does not contain the gateway's resource URL (RFC 8707). */
  'wrong-audience',
  /** A required claim is missing or has the wrong type (`exp`, `sub`, `iat`, ...). */
  'invalid-claims',
  /** A bug or an unexpected runtime failure; the message names the error class only. */
  'internal-error',
] as const;

export type OidcFailureReason = (typeof OIDC_FAILURE_REASONS)[number];

export interface OidcVerifiedToken {
  readonly ok: true;
  readonly principal: Principal;
  /** `sub`: for client-credentials tokens usually the client id. */
  readonly subject: string;
  readonly issuer: string;
  /** RFC 9068 `client_id`, when present. */
  readonly clientId?: string;
  /** From `scope` (space-separated) and `scp` (array or space-separated), deduplicated. */
  readonly scopes: readonly string[];
  /** From `exp`: a caller may cache the verdict until then, never longer. */
  readonly expiresAt: Date;
  /** `exp` plus the clock tolerance: the verifier accepts the token until then. */
  readonly acceptedUntil: Date;
}

export interface OidcVerificationFailure {
  readonly ok: false;
  readonly reason: OidcFailureReason;
  readonly message: string;
}

export type OidcVerificationResult = OidcVerifiedToken | OidcVerificationFailure;

/**
 * Whose fault a failure is: `invalid-token` means the caller must get a new token (HTTP 401,
 * `error="invalid_token"`); `unavailable` means the gateway could not check it (HTTP 503).
 */
export function classifyOidcFailure(reason: OidcFailureReason): 'invalid-token' | 'unavailable' {
  switch (reason) {
    case 'malformed':
    case 'unknown-issuer':
    case 'disallowed-algorithm':
    case 'wrong-type':
    case 'bad-signature':
    case 'expired':
    case 'not-yet-valid':
    case 'wrong-audience':
    case 'invalid-claims':
      return 'invalid-token';
    case 'discovery-failed':
    case 'keys-unavailable':
    case 'internal-error':
      return 'unavailable';
  }
}

export function oidcFailure(reason: OidcFailureReason, message: string): OidcVerificationFailure {
  return { ok: false, reason, message };
}
