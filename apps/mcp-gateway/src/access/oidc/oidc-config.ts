// Settings of the OAuth resource server: which issuers are trusted, which audience tokens must
// carry, and which claims become the principal. Read from the environment once, at start-up.

/** Asymmetric JWS algorithms only: symmetric (HS*) keys would let anyone holding the secret mint tokens. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

export interface OidcClaimMapping {
  /** First claim holding a non-empty string becomes the username; `sub` when none does. */
  readonly usernameClaims: readonly string[];
  /** Claims read as group names or ids (array of strings, or one space/comma-separated string). */
  readonly groupClaims: readonly string[];
  /** Claims read as role names, same formats. */
  readonly roleClaims: readonly string[];
  /** Claims holding Windows SIDs. Never `sid`: in OIDC that is the session id. */
  readonly sidClaims: readonly string[];
  /** Boolean claim that sets `fullAdminClaim`; only the JSON value `true` counts. */
  readonly fullAdminClaim: string;
}

export const DEFAULT_CLAIM_MAPPING: OidcClaimMapping = {
  usernameClaims: ['preferred_username', 'sub'],
  groupClaims: ['groups'],
  roleClaims: ['roles'],
  sidClaims: ['user_sid', 'onprem_sid', 'group_sids'],
  fullAdminClaim: 'full_admin',
};

export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 30;
export const MAX_CLOCK_TOLERANCE_SECONDS = 300;

export interface OidcVerifierConfig {
  /** Issuer identifiers, compared exactly (scheme, host, port, path, trailing slash). */
  readonly issuers: readonly string[];
  /** Accepted `aud` values; a token passes when its `aud` contains any of them. */
  readonly audience: string | readonly string[];
  readonly clockToleranceSeconds?: number;
  readonly allowedAlgorithms?: readonly string[];
  readonly claimMapping?: Partial<OidcClaimMapping>;
}

/** What `readOidcSettings` returns when OAuth is switched on. */
export interface OidcSettings {
  readonly verifier: OidcVerifierConfig;
  /** The gateway's resource URL, for RFC 9728 metadata. */
  readonly resource: string;
  /** `scopes_supported` in the metadata; empty means the field is left out. */
  readonly scopesSupported: readonly string[];
}

export class OidcConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OidcConfigError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is tolerated only on loopback, so that tests and local development need no TLS. */
export function isLoopbackHttpUrl(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function assertIssuerUrl(issuer: string): void {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new OidcConfigError(`GATEWAY_OIDC_ISSUERS: "${issuer}" is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && !isLoopbackHttpUrl(url)) {
    throw new OidcConfigError(`GATEWAY_OIDC_ISSUERS: "${issuer}" must use https (http only on localhost)`);
  }
  // Checked on the text too: the URL parser drops an empty `?` or `#` and strips tabs and line
  // breaks, and the issuer text becomes part of identity sources (`oidc:<issuer>#<claim>`).
  if (
    /[?#\s\p{Cc}]/u.test(issuer) ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new OidcConfigError(
      `GATEWAY_OIDC_ISSUERS: "${issuer}" must not carry a query, fragment, credentials, spaces or control characters`,
    );
  }
}

/** Throws `OidcConfigError` naming the first problem; called at start-up and by the verifier's constructor. */
export function validateOidcVerifierConfig(config: OidcVerifierConfig): void {
  if (config.issuers.length === 0)
    throw new OidcConfigError('GATEWAY_OIDC_ISSUERS: at least one issuer is required');
  config.issuers.forEach(assertIssuerUrl);
  const audiences = typeof config.audience === 'string' ? [config.audience] : config.audience;
  if (audiences.length === 0 || audiences.some((audience) => audience.trim() === '')) {
    throw new OidcConfigError('GATEWAY_OIDC_AUDIENCE: at least one non-empty audience is required');
  }
  const tolerance = config.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  if (!Number.isInteger(tolerance) || tolerance < 0 || tolerance > MAX_CLOCK_TOLERANCE_SECONDS) {
    throw new OidcConfigError(
      `GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS: must be an integer from 0 to ${MAX_CLOCK_TOLERANCE_SECONDS}`,
    );
  }
  const allowed: readonly string[] = ASYMMETRIC_ALGORITHMS;
  const algorithms = config.allowedAlgorithms ?? ASYMMETRIC_ALGORITHMS;
  const refused = algorithms.filter((algorithm) => !allowed.includes(algorithm));
  if (algorithms.length === 0 || refused.length > 0) {
    throw new OidcConfigError(
      `GATEWAY_OIDC_ALGORITHMS: only asymmetric algorithms are accepted (${allowed.join(', ')}); refused: ${refused.join(', ') || '(empty list)'}`,
    );
  }
  if (config.claimMapping?.sidClaims?.includes('sid') === true) {
    throw new OidcConfigError('GATEWAY_OIDC_SID_CLAIMS: "sid" is the OIDC session id, not a Windows SID');
  }
}

function optionalList(env: Readonly<Record<string, string | undefined>>, name: string): string[] | undefined {
  const list = splitList(env[name]);
  return list.length > 0 ? list : undefined;
}

/**
 * Reads the `GATEWAY_OIDC_*` variables. Returns undefined when `GATEWAY_OIDC_ISSUERS` is empty
 * (OAuth switched off). `resourceUrl` is the gateway's public MCP URL: the default audience.
 */
export function readOidcSettings(
  env: Readonly<Record<string, string | undefined>>,
  resourceUrl: string,
): OidcSettings | undefined {
  const issuers = splitList(env['GATEWAY_OIDC_ISSUERS']);
  if (issuers.length === 0) return undefined;
  const tolerance = env['GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS']?.trim();
  if (tolerance !== undefined && tolerance !== '' && !/^\d+$/.test(tolerance)) {
    throw new OidcConfigError('GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS: must be an integer number of seconds');
  }
  const fullAdminClaim = env['GATEWAY_OIDC_FULL_ADMIN_CLAIM']?.trim();
  const claimMapping: OidcClaimMapping = {
    usernameClaims: optionalList(env, 'GATEWAY_OIDC_USERNAME_CLAIMS') ?? DEFAULT_CLAIM_MAPPING.usernameClaims,
    groupClaims: optionalList(env, 'GATEWAY_OIDC_GROUP_CLAIMS') ?? DEFAULT_CLAIM_MAPPING.groupClaims,
    roleClaims: optionalList(env, 'GATEWAY_OIDC_ROLE_CLAIMS') ?? DEFAULT_CLAIM_MAPPING.roleClaims,
    sidClaims: optionalList(env, 'GATEWAY_OIDC_SID_CLAIMS') ?? DEFAULT_CLAIM_MAPPING.sidClaims,
    fullAdminClaim:
      fullAdminClaim === undefined || fullAdminClaim === ''
        ? DEFAULT_CLAIM_MAPPING.fullAdminClaim
        : fullAdminClaim,
  };
  const verifier: OidcVerifierConfig = {
    issuers,
    audience: optionalList(env, 'GATEWAY_OIDC_AUDIENCE') ?? [resourceUrl],
    clockToleranceSeconds:
      tolerance === undefined || tolerance === '' ? DEFAULT_CLOCK_TOLERANCE_SECONDS : Number(tolerance),
    allowedAlgorithms: optionalList(env, 'GATEWAY_OIDC_ALGORITHMS') ?? ASYMMETRIC_ALGORITHMS,
    claimMapping,
  };
  validateOidcVerifierConfig(verifier);
  return {
    verifier,
    resource: resourceUrl,
    scopesSupported: splitList(env['GATEWAY_OIDC_SCOPES_SUPPORTED']),
  };
}
