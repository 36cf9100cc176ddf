// Turns a verified access token's claims into the gateway's one Principal shape, plus the
// token's scopes. Pure functions: no I/O, no clock.
import type { Principal } from '../principal';
import type { OidcClaimMapping } from './oidc-config';

export type JwtClaims = Readonly<Record<string, unknown>>;

/** `S-1-<authority>-<sub-authority>...`: at most 15 sub-authorities, as Windows allows. */
const SID_PATTERN = /^S-1-\d{1,15}(?:-\d{1,10}){1,15}$/i;

/**
 * Reads a claim by its exact name first (namespaced claims such as `https://example.com/groups`
 * contain dots), then as a dotted path into nested objects (Keycloak's `realm_access.roles`).
 */
export function readClaim(claims: JwtClaims, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  if (!name.includes('.')) return undefined;
  let current: unknown = claims;
  for (const segment of name.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * A list claim: an array of strings (other members are ignored) or one string separated by
 * spaces and/or commas. Anything else yields nothing. Trimmed, empty items dropped.
 */
export function readStringList(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? value.split(/[\s,]+/)
      : [];
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

function collect(
  claims: JwtClaims,
  names: readonly string[],
  accept: (item: string) => string | undefined = (item) => item,
): string[] {
  const seen = new Set<string>();
  for (const name of names) {
    for (const item of readStringList(readClaim(claims, name))) {
      const accepted = accept(item);
      if (accepted !== undefined) seen.add(accepted);
    }
  }
  return [...seen];
}

/** A SID in canonical form (upper-case `S`), or undefined when the text is not SID-shaped. */
export function normalizeSid(text: string): string | undefined {
  return SID_PATTERN.test(text) ? `S${text.slice(1)}` : undefined;
}

/**
 * Scopes from `scope` (RFC 9068: space-separated string) and `scp` (array, or the space-separated
 * string Entra ID emits). Commas are not separators here: a scope token may contain one.
 */
export function readScopes(claims: JwtClaims): string[] {
  const scopes = new Set<string>();
  for (const value of [claims['scope'], claims['scp']]) {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(' ') : [];
    for (const item of items) if (typeof item === 'string' && item.trim() !== '') scopes.add(item.trim());
  }
  return [...scopes];
}

/** `subject` is the verified, non-empty `sub`: the username of last resort. */
export function mapClaimsToPrincipal(
  claims: JwtClaims,
  subject: string,
  mapping: OidcClaimMapping,
): Principal {
  const username = mapping.usernameClaims
    .map((name) => readClaim(claims, name))
    .find((value): value is string => typeof value === 'string' && value.trim() !== '');
  // The first SID claim that names a single SID is the user's own (user_sid, onprem_sid);
  // list-valued claims (group_sids) hold group SIDs.
  const userSid = mapping.sidClaims
    .map((name) => readClaim(claims, name))
    .filter((value): value is string => typeof value === 'string')
    .map((value) => normalizeSid(value))
    .find((value): value is string => value !== undefined);
  return {
    method: 'oauth',
    username: username?.trim() ?? subject,
    roles: collect(claims, mapping.roleClaims),
    groups: collect(claims, mapping.groupClaims),
    sids: collect(claims, mapping.sidClaims, normalizeSid),
    ...(userSid === undefined ? {} : { userSid }),
    // Only the JSON boolean: a string "true" usually means a mis-typed IdP mapper, and this
    // claim feeds the administrator bypass, so the failure mode must be "not an admin".
    fullAdminClaim: readClaim(claims, mapping.fullAdminClaim) === true,
  };
}
