// Turns a request into a Principal (spec 5.1): an AppKey or a JWT access token from the
// credential locations, else a trusted reverse-proxy identity, else 401. Every failure is
// audited with the reason and the key prefix only.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, DomainError } from '@platform/service-kit';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import {
  AccessErrorCode,
  accessError,
  accessErrorKind,
  AccessMessages,
  appKeyFailureCode,
  oauthFailureCode,
} from '../access.errors';
import { classifyOidcFailure, looksLikeJwt, type OidcTokenVerifier } from '../oidc';
import type { Principal } from '../principal';
import { ssoPrincipalOf } from '../sso';
import { AppKeyAuthenticator } from './app-key.authenticator';
import { AuthenticationFailureThrottle } from './authentication-failure.throttle';
import type { CredentialRequest } from './credential-request';
import { extractCredential } from './credential.extractor';

export const OIDC_VERIFIER = Symbol('OIDC_VERIFIER');

/** A 401 that carries the RFC 6750 error code for the `WWW-Authenticate` challenge. */
export class AuthenticationRequired extends DomainError {
  constructor(
    code: AccessErrorCode,
    message: string,
    readonly challengeError?: 'invalid_token',
  ) {
    super(accessErrorKind(code), code, message);
  }
}

@Injectable()
export class AuthenticationService {
  constructor(
    private readonly appKeys: AppKeyAuthenticator,
    @Inject(OIDC_VERIFIER) private readonly oidc: OidcTokenVerifier | null,
    private readonly audit: AuditService,
    private readonly throttle: AuthenticationFailureThrottle,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async authenticate(request: CredentialRequest): Promise<Principal> {
    const credential = extractCredential(request.headers, request.query);
    if (credential === undefined) {
      const sso = ssoPrincipalOf(request);
      if (sso !== undefined) return sso;
      throw new AuthenticationRequired(
        AccessErrorCode.AuthenticationRequired,
        AccessMessages.credentialRequired,
      );
    }
    if (this.oidc !== null && credential.source === 'authorization' && looksLikeJwt(credential.value)) {
      return this.authenticateToken(credential.value, request);
    }
    const result = await this.appKeys.authenticate(credential.value);
    if (result.ok) return result.principal;
    await this.recordFailure(request, 'app-key', result.reason, result.keyPrefix);
    throw new AuthenticationRequired(appKeyFailureCode(result.reason), result.message, 'invalid_token');
  }

  /**
   * Whether the credential a principal was built from would still be accepted: an AppKey not
   * revoked, deleted or expired (as of the key cache, like a request), a token not expired. SSO
   * identities are presented again with every request and have nothing to look up. Throws when the
   * key cannot be looked up (the caller decides what an unknown answer means).
   */
  async stillValid(principal: Principal, now = this.clock.now()): Promise<boolean> {
    const until = principal.credentialValidUntil;
    if (until !== undefined && until.getTime() <= now.getTime()) return false;
    if (principal.appKey !== undefined) return this.appKeys.isLive(principal.appKey, now);
    return true;
  }

  private async authenticateToken(token: string, request: CredentialRequest): Promise<Principal> {
    const result = await (this.oidc as OidcTokenVerifier).verify(token);
    if (result.ok) return { ...result.principal, credentialValidUntil: result.acceptedUntil };
    await this.recordFailure(request, 'oauth', result.reason);
    if (classifyOidcFailure(result.reason) === 'unavailable') {
      throw accessError(oauthFailureCode(result.reason), result.message);
    }
    throw new AuthenticationRequired(oauthFailureCode(result.reason), result.message, 'invalid_token');
  }

  private async recordFailure(
    request: CredentialRequest,
    method: string,
    reason: string,
    keyPrefix?: string,
  ): Promise<void> {
    const suppressed = this.throttle.admit();
    if (suppressed === undefined) return;
    await this.audit.record({
      kind: AuditEventKind.AuthenticationFailed,
      method: `${request.method} ${request.path}`,
      statusCode: 401,
      sourceAddress: request.socket.remoteAddress ?? null,
      details: {
        credential: method,
        reason,
        ...(keyPrefix ? { keyPrefix } : {}),
        ...(suppressed > 0 ? { suppressedBefore: suppressed } : {}),
      },
    });
  }
}
