// Where a name comes from. A name is a person only together with its source: `alice` signed in
// through the reverse proxy, `alice` in a token from one issuer and `alice` in a token from another
// are three people, as they are three accounts in three directories (docs/decisions/019).

/** Names from `Remote-User`, behind the trusted reverse proxy. */
export const SSO_SOURCE = 'sso';
/** Administrator keys: operators' credentials, not people. No sign-in yields this source. */
export const ADMIN_KEY_SOURCE = 'admin-key';
/** Owned by nobody (administrators manage it): a row from before sources that could not be placed. */
export const UNASSIGNED_SOURCE = 'unassigned';
/** A row from before sources were recorded, placed at the next start (LegacyOwnerSourcesService). */
export const LEGACY_SOURCE = 'legacy';

const OIDC_PREFIX = 'oidc:';
/** OIDC Core 2: `sub` is a case-sensitive string, so names from it are compared exactly. */
const CASE_SENSITIVE_CLAIM = 'sub';

/**
 * `oidc:<issuer>#<claim>` is the issuer's namespace of the claim that named the caller: a client
 * whose `sub` is `alice` is not the user whose `preferred_username` is `alice`.
 */
export type OidcSource = `oidc:${string}#${string}`;
export type IdentitySource =
  typeof SSO_SOURCE | typeof ADMIN_KEY_SOURCE | typeof UNASSIGNED_SOURCE | typeof LEGACY_SOURCE | OidcSource;

/** The source of names read from `claim` of tokens from `issuer` (which never contains `#`). */
export function oidcSource(issuer: string, claim: string): OidcSource {
  return `${OIDC_PREFIX}${issuer}#${claim}`;
}

/** The issuer and claim of an `oidc:` source, or undefined for other text. */
export function readOidcSource(source: string): { issuer: string; claim: string } | undefined {
  if (!source.startsWith(OIDC_PREFIX)) return undefined;
  const rest = source.slice(OIDC_PREFIX.length);
  const hash = rest.indexOf('#');
  if (hash <= 0 || hash === rest.length - 1) return undefined;
  return { issuer: rest.slice(0, hash), claim: rest.slice(hash + 1) };
}

/** Rows of these sources belong to nobody: they never match anything, not even each other. */
export function ownsNothing(source: string): boolean {
  return source === UNASSIGNED_SOURCE || source === LEGACY_SOURCE;
}

/** Whether names of this source differ in ASCII case too (OIDC subjects); others ignore it. */
export function comparesNamesExactly(source: string): boolean {
  return readOidcSource(source)?.claim === CASE_SENSITIVE_CLAIM;
}

/** Text spelled like a source, as stored; undefined otherwise (the database checks the same). */
export function asIdentitySource(text: string): IdentitySource | undefined {
  switch (text) {
    case SSO_SOURCE:
    case ADMIN_KEY_SOURCE:
    case UNASSIGNED_SOURCE:
    case LEGACY_SOURCE:
      return text;
    default: {
      const oidc = readOidcSource(text);
      return oidc === undefined ? undefined : oidcSource(oidc.issuer, oidc.claim);
    }
  }
}
