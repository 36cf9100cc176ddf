// Who is calling the gateway, however they authenticated. Every authentication path (AppKey,
// OAuth access token, reverse-proxy SSO headers, administrator key) produces this one shape,
// and the authorization pipeline reads only this shape.
import type { IdentitySource } from './identity/identity-source';

/** How the caller proved who they are. */
export type AuthenticationMethod =
  /** An AppKey or machine-client key (spec 5.1): role McpClient, scopes attached. */
  | 'app-key'
  /** An administrator key (slug `adm`): an operator's credential for `/api/*`, not an AppKey. */
  | 'admin-key'
  /** A JWT access token from a configured OpenID issuer. */
  | 'oauth'
  /** `Remote-*` headers from the trusted reverse proxy. */
  | 'sso-header';

/** The AppKey behind an `app-key` principal. */
export interface AppKeyCredential {
  readonly id: string;
  readonly keyPrefix: string;
  readonly kind: 'app_key' | 'client';
  /** The stored scope list; null when it is missing or malformed (which denies everything). */
  readonly scopes: readonly string[] | null;
}

export interface Principal {
  readonly method: AuthenticationMethod;
  /** Login name; for AppKeys the key's Username; for administrator keys the key's KeyPrefix. */
  readonly username: string;
  /**
   * Where `username` comes from: `sso`, `oidc:<issuer>#<claim>`, `admin-key`; for AppKeys the
   * owner's. A name is one person only within its source (identity/identity.ts).
   */
  readonly identitySource: IdentitySource;
  /** Role names (AppKey callers: `McpClient`). A role never grants the administrator bypass. */
  readonly roles: readonly string[];
  /** External group names or ids as presented (Remote-Groups, `groups` claim). */
  readonly groups: readonly string[];
  /** The user's SID and group SIDs (Remote-User-Sid, Sid/GroupSid headers or claims). */
  readonly sids: readonly string[];
  /** The user's own SID, when the identity source names it; becomes OwnerSid of keys they create. */
  readonly userSid?: string;
  /** The `full_admin` claim of an OAuth token. */
  readonly fullAdminClaim: boolean;
  /** Present exactly when `method` is `app-key`. */
  readonly appKey?: AppKeyCredential;
  /**
   * When the credential stops being accepted (an AppKey's ExpiresAt, an OAuth token's `exp` plus
   * the clock tolerance); absent when it does not expire (SSO headers come with every request).
   * A session whose owner presents nothing newer ends then.
   */
  readonly credentialValidUntil?: Date;
}

export const MCP_CLIENT_ROLE = 'McpClient';

/**
 * The one test for "is this a machine token": AppKey callers, and also a malformed principal that
 * claims the `app-key` method without its credential or carries one under another method. Either
 * half alone marks it (or, not and), so such a principal is never mistaken for a person: it gets
 * scope checks, no administrator bypass and no `/api/*` administration.
 */
export function isMachineCaller(principal: Principal): boolean {
  return principal.method === 'app-key' || principal.appKey !== undefined;
}
