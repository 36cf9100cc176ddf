// The identity sources people can sign in from on this gateway (the SSO proxy when configured, and
// each OAuth issuer with each of its username claims), and which source a name given without one
// means when an administrator names a key's owner or a `user:` mapping (docs/decisions/019).
import { accessError, AccessErrorCode } from '../access.errors';
import type { Principal } from '../principal';
import { ADMIN_KEY_SOURCE, type IdentitySource, oidcSource, SSO_SOURCE } from './identity-source';

export const SIGN_IN_SOURCES = Symbol('SIGN_IN_SOURCES');

/** The claim every verified token has; the username of last resort. */
const SUBJECT_CLAIM = 'sub';

export interface SignInSourceSettings {
  readonly sso: boolean;
  readonly issuers: readonly string[];
  /** GATEWAY_OIDC_USERNAME_CLAIMS, in order. */
  readonly usernameClaims: readonly string[];
}

export class SignInSources {
  /** Every source a person can sign in from, in order: `sso`, then per issuer its claims and `sub`. */
  readonly all: readonly IdentitySource[];
  /**
   * The source a bare name means when the gateway has one way to sign in: `sso`, or the one
   * issuer's first username claim. Undefined with none or several (then a name needs its source).
   */
  readonly sole: IdentitySource | undefined;

  constructor(settings: SignInSourceSettings) {
    const claims = [...new Set([...settings.usernameClaims, SUBJECT_CLAIM])];
    const issuers = [...new Set(settings.issuers)];
    this.all = [
      ...(settings.sso ? [SSO_SOURCE as IdentitySource] : []),
      ...issuers.flatMap((issuer) => claims.map((claim) => oidcSource(issuer, claim))),
    ];
    const methods = (settings.sso ? 1 : 0) + issuers.length;
    const [issuer] = issuers;
    const [primaryClaim = SUBJECT_CLAIM] = claims;
    this.sole =
      methods !== 1 ? undefined : settings.sso ? SSO_SOURCE : oidcSource(issuer ?? '', primaryClaim);
  }

  /** What an administrator may name as an owner's source: these sign-in sources and `admin-key`. */
  accepts(text: string): IdentitySource | undefined {
    if (text === ADMIN_KEY_SOURCE) return ADMIN_KEY_SOURCE;
    return this.all.find((source) => source === text);
  }

  /**
   * The source of the owner a request names. `requested` when given (it must be one this gateway
   * knows); otherwise the actor's own source when the request names nobody else or the actor is a
   * signed-in person (an administrator of the proxy naming `bob` means the proxy's bob); for an
   * administrator key, the sole sign-in source, and a 400 naming the choices when there is none.
   */
  ownerSource(requested: string | undefined, namesSomeone: boolean, actor: Principal): IdentitySource {
    if (requested !== undefined) {
      const source = this.accepts(requested);
      if (source === undefined) {
        throw accessError(
          AccessErrorCode.IdentityUnknownSource,
          `identitySource must be one of: ${this.choices()}.`,
          {
            accepted: this.choices(),
          },
        );
      }
      return source;
    }
    if (!namesSomeone || isSignedInPerson(actor)) return actor.identitySource;
    if (this.sole !== undefined) return this.sole;
    throw accessError(
      AccessErrorCode.IdentitySourceRequired,
      this.all.length === 0
        ? `Nobody can sign in to this gateway, so a user name needs its identitySource: ${this.choices()}.`
        : `People sign in to this gateway in more than one way; say which user you mean with identitySource: ${this.choices()}.`,
      { accepted: this.choices() },
    );
  }

  /**
   * The source a policy row or a group, role or SID mapping is scoped to: one people sign in from
   * here (`admin-key` states no groups), 400 otherwise.
   */
  scope(requested: string): IdentitySource {
    const source = this.all.find((known) => known === requested);
    if (source !== undefined) return source;
    const choices = this.all.join(', ') || 'none: nobody signs in to this gateway';
    throw accessError(AccessErrorCode.IdentityUnknownSource, `identitySource must be one of: ${choices}.`, {
      accepted: choices,
    });
  }

  private choices(): string {
    return [...this.all, ADMIN_KEY_SOURCE].join(', ');
  }
}

function isSignedInPerson(principal: Principal): boolean {
  return principal.method === 'sso-header' || principal.method === 'oauth';
}
