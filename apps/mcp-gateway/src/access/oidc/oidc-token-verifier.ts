// Verifies JWT access tokens from the configured OpenID issuers (the gateway as an OAuth 2.1
// resource server) and maps them to a Principal. Never throws: every refusal is a reason code.
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { JWTPayload, ProtectedHeaderParameters } from 'jose';
import { mapClaimsToPrincipal, readScopes } from './oidc-claims';
import {
  ASYMMETRIC_ALGORITHMS,
  DEFAULT_CLAIM_MAPPING,
  DEFAULT_CLOCK_TOLERANCE_SECONDS,
  validateOidcVerifierConfig,
} from './oidc-config';
import type { OidcClaimMapping, OidcVerifierConfig } from './oidc-config';
import { propertyOf, SYSTEM_CLOCK } from '@platform/service-kit';
import { KeysUnavailableError, OidcIssuerKeys } from './oidc-issuer-keys';
import { looksLikeJwt, MAX_JWT_LENGTH } from './looks-like-jwt';
import { oidcFailure } from './oidc-verification-result';
import type { OidcVerificationFailure, OidcVerificationResult } from './oidc-verification-result';

export interface OidcVerifierRuntimeOptions {
  /** The clock for `exp`/`nbf`/`iat` checks. */
  readonly now?: () => Date;
  readonly discoveryTimeoutMs?: number;
  readonly discoveryRetrySeconds?: number;
  readonly jwksCooldownSeconds?: number;
}

/** RFC 9068 `at+jwt` (with or without `application/`), or the generic `JWT`; compared case-insensitively. */
const ACCEPTED_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt']);

export class OidcTokenVerifier {
  private readonly issuers: ReadonlySet<string>;
  private readonly audience: string[];
  private readonly algorithms: readonly string[];
  private readonly clockToleranceSeconds: number;
  private readonly mapping: OidcClaimMapping;
  private readonly now: () => Date;
  private readonly keys: OidcIssuerKeys;

  /** Throws `OidcConfigError` on an invalid configuration (a start-up failure, by design). */
  constructor(config: OidcVerifierConfig, options: OidcVerifierRuntimeOptions = {}) {
    validateOidcVerifierConfig(config);
    this.issuers = new Set(config.issuers);
    this.audience = typeof config.audience === 'string' ? [config.audience] : [...config.audience];
    this.algorithms = config.allowedAlgorithms ?? ASYMMETRIC_ALGORITHMS;
    this.clockToleranceSeconds = config.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
    this.mapping = { ...DEFAULT_CLAIM_MAPPING, ...config.claimMapping };
    this.now = options.now ?? (() => SYSTEM_CLOCK.now());
    this.keys = new OidcIssuerKeys({
      discoveryTimeoutMs: options.discoveryTimeoutMs ?? 5_000,
      discoveryRetryMs: (options.discoveryRetrySeconds ?? 10) * 1000,
      jwksCooldownMs: (options.jwksCooldownSeconds ?? 30) * 1000,
      now: this.now,
    });
  }

  async verify(token: string): Promise<OidcVerificationResult> {
    try {
      return await this.verifyOrThrow(token);
    } catch (error) {
      return oidcFailure(
        'internal-error',
        `unexpected ${String(propertyOf(error, 'name') ?? 'failure')} while verifying the token`,
      );
    }
  }

  private async verifyOrThrow(token: string): Promise<OidcVerificationResult> {
    if (typeof token !== 'string' || token.length > MAX_JWT_LENGTH) {
      return oidcFailure('malformed', `the token is not a string of at most ${MAX_JWT_LENGTH} characters`);
    }
    if (!looksLikeJwt(token))
      return oidcFailure('malformed', 'the token is not a compact JWS (three base64url segments)');
    let header: ProtectedHeaderParameters;
    let unverified: JWTPayload;
    try {
      header = decodeProtectedHeader(token);
      unverified = decodeJwt(token);
    } catch {
      return oidcFailure('malformed', 'the token header or payload is not base64url-encoded JSON');
    }
    const issuer = this.checkBeforeNetwork(header, unverified);
    if (typeof issuer !== 'string') return issuer;
    const keys = await this.keys.keysFor(issuer);
    if (!keys.ok) return oidcFailure('discovery-failed', `discovery of ${issuer} failed: ${keys.message}`);
    const now = this.now();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys.getKey, {
        issuer,
        audience: this.audience,
        algorithms: [...this.algorithms],
        clockTolerance: this.clockToleranceSeconds,
        currentDate: now,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      return describeVerifyError(error);
    }
    return this.accept(payload, issuer, now);
  }

  /**
   * Everything decidable from the unverified token alone, so that junk never causes a fetch.
   * Returns the configured issuer the token names, or the failure.
   */
  private checkBeforeNetwork(
    header: ProtectedHeaderParameters,
    claims: JWTPayload,
  ): OidcVerificationFailure | string {
    if (typeof header.alg !== 'string' || !this.algorithms.includes(header.alg)) {
      return oidcFailure(
        'disallowed-algorithm',
        `alg ${JSON.stringify(String(header.alg).slice(0, 40))} is not accepted`,
      );
    }
    if (header.typ !== undefined && !ACCEPTED_TYPES.has(String(header.typ).toLowerCase())) {
      return oidcFailure(
        'wrong-type',
        `typ ${JSON.stringify(String(header.typ).slice(0, 40))} is not an access token type`,
      );
    }
    if (typeof claims.iss !== 'string') return oidcFailure('malformed', 'the token has no iss claim');
    if (!this.issuers.has(claims.iss)) {
      // Unverified text: quoted and cut, so that it cannot forge log lines; shown because a
      // trailing-slash mismatch with the configured issuer is the usual misconfiguration.
      return oidcFailure(
        'unknown-issuer',
        `issuer ${JSON.stringify(claims.iss.slice(0, 200))} is not configured`,
      );
    }
    return claims.iss;
  }

  private accept(payload: JWTPayload, issuer: string, now: Date): OidcVerificationResult {
    const subject = payload.sub;
    const expiresAt = payload.exp;
    if (typeof subject !== 'string' || subject.trim() === '' || typeof expiresAt !== 'number') {
      return oidcFailure('invalid-claims', 'sub must be a non-empty string and exp a number');
    }
    // jose checks `iat` only together with maxTokenAge; a token from the future is refused here.
    if (typeof payload.iat === 'number' && payload.iat > now.getTime() / 1000 + this.clockToleranceSeconds) {
      return oidcFailure('not-yet-valid', 'the token was issued in the future (iat)');
    }
    const clientId = payload['client_id'];
    return {
      ok: true,
      principal: mapClaimsToPrincipal(payload, subject, this.mapping, issuer),
      subject,
      issuer,
      ...(typeof clientId === 'string' ? { clientId } : {}),
      scopes: readScopes(payload),
      expiresAt: new Date(expiresAt * 1000),
      acceptedUntil: new Date((expiresAt + this.clockToleranceSeconds) * 1000),
    };
  }
}

function describeVerifyError(error: unknown): OidcVerificationFailure {
  if (error instanceof KeysUnavailableError) return oidcFailure('keys-unavailable', error.message);
  if (error instanceof errors.JWTExpired) return oidcFailure('expired', 'the token has expired (exp)');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return oidcFailure('wrong-audience', 'the token is not meant for this resource (aud)');
    if (error.claim === 'nbf') return oidcFailure('not-yet-valid', 'the token is not valid yet (nbf)');
    return oidcFailure('invalid-claims', `claim ${error.claim} is invalid: ${error.reason}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return oidcFailure('bad-signature', 'the signature does not verify');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return oidcFailure('bad-signature', 'no single key of the issuer matches the token (kid)');
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return oidcFailure('disallowed-algorithm', 'the token algorithm or key type is not accepted');
  }
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) {
    return oidcFailure('malformed', `the token is invalid: ${error.message}`);
  }
  return oidcFailure(
    'internal-error',
    `unexpected ${String(propertyOf(error, 'name') ?? 'failure')} while verifying the token`,
  );
}
