// Turns a verified access token's claims into the gateway's one Principal shape, plus the
// token's scopes. Pure functions: no I/O, no clock.
import { trimAsciiWhitespace } from '@platform/scopes';
import { oidcSource } from '../identity/identity-source';
import type { Principal } from '../principal';
import { canonicalSid } from '../security-identifier';
import type { OidcClaimMapping } from './oidc-config';

export type JwtClaims = Readonly<Record<string, unknown>>;

/**
 * Separators of a list claim given as one string: ASCII spaces and commas only. Splitting on
 * Unicode spaces too would turn one group "ops\u00A0admins" into the two groups "ops" and "admins".
 */
const LIST_SEPARATORS = /[\t\n\v\f\r ,]+/;

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
 * ASCII spaces and/or commas. Anything else yields nothing. Items are trimmed of ASCII spaces
 * only (a name ending in a no-break space is another name) and empty ones dropped.
 */
export function readStringList(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? value.split(LIST_SEPARATORS)
      : [];
  return items.map((item) => trimAsciiWhitespace(item)).filter((item) => item.length > 0);
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

const SUBJECT_CLAIM = 'sub';

/**
 * A username claim's value: a string with more than ASCII spaces, trimmed of them, except `sub`,
 * which is taken as it is (OIDC Core 2: compared exactly, so " x" and "x" are two subjects).
 */
function usernameFrom(claim: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = trimAsciiWhitespace(value);
  if (trimmed === '') return undefined;
  return claim === SUBJECT_CLAIM ? value : trimmed;
}

/** A SID in canonical form (`S-…`, no leading zeros, as from SSO headers), or undefined. */
export function normalizeSid(text: string): string | undefined {
  return canonicalSid(text);
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

/**
 * `subject` is the verified, non-empty `sub`: the username of last resort. The identity source
 * names the issuer and the claim the username came from: names from different claims are
 * different namespaces at the issuer (a client whose `sub` is `alice` is not the user whose
 * `preferred_username` is `alice`).
 */
export function mapClaimsToPrincipal(
  claims: JwtClaims,
  subject: string,
  mapping: OidcClaimMapping,
  issuer: string,
): Principal {
  const named = mapping.usernameClaims
    .map((claim) => ({ claim, name: usernameFrom(claim, readClaim(claims, claim)) }))
    .find((candidate): candidate is { claim: string; name: string } => candidate.name !== undefined) ?? {
    claim: SUBJECT_CLAIM,
    name: subject,
  };
  // The first SID claim that names a single SID is the user's own (user_sid, onprem_sid);
  // list-valued claims (group_sids) hold group SIDs.
  const userSid = mapping.sidClaims
    .map((name) => readClaim(claims, name))
    .filter((value): value is string => typeof value === 'string')
    .map((value) => normalizeSid(value))
    .find((value): value is string => value !== undefined);
  return {
    method: 'oauth',
    username: named.name,
    identitySource: oidcSource(issuer, named.claim),
    roles: collect(claims, mapping.roleClaims),
    groups: collect(claims, mapping.groupClaims),
    sids: collect(claims, mapping.sidClaims, normalizeSid),
    ...(userSid === undefined ? {} : { userSid }),
    // Only the JSON boolean: a string "true" usually means a mis-typed IdP mapper, and this
    // claim feeds the administrator bypass, so the failure mode must be "not an admin".
    fullAdminClaim: readClaim(claims, mapping.fullAdminClaim) === true,
  };
}
