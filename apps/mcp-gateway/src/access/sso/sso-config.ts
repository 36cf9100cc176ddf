// Configuration of reverse-proxy SSO headers, validated once at start-up. SSO headers are off
// unless GATEWAY_SSO_PROXY_SECRET is set; the secret itself is never kept, only its digest.
// GATEWAY_SSO_HEADERS says which identity headers are read; every other one is removed.
// The module object rather than named imports, so a test can observe that the comparison
// really goes through timingSafeEqual.
import crypto from 'node:crypto';
import { foldAsciiCase, trimAsciiWhitespace } from '@platform/scopes';
import { ConfigurationError } from '@platform/service-kit';
import { DEFAULT_SSO_HEADERS, SSO_HEADERS, SsoHeaderNames, type SsoHeaderName } from './sso-header-names';
import { TrustedProxyRanges } from './trusted-proxy-ranges';

export const SSO_PROXY_SECRET_VARIABLE = 'GATEWAY_SSO_PROXY_SECRET';
export const SSO_TRUSTED_PROXIES_VARIABLE = 'GATEWAY_SSO_TRUSTED_PROXIES';
export const SSO_HEADERS_VARIABLE = 'GATEWAY_SSO_HEADERS';

/**
 * The secret is all that separates a forged `Remote-User` from a real one, and anyone who
 * can reach the port may guess it online, so a password-sized value is not enough. 16 is
 * the floor we enforce; generate 32 random bytes (`openssl rand -base64 32`) in practice.
 */
export const MIN_PROXY_SECRET_LENGTH = 16;
/** Comfortably inside every proxy's header size limit. */
export const MAX_PROXY_SECRET_LENGTH = 1024;

/** Visible ASCII only: HTTP trims surrounding whitespace and proxies mangle the rest. */
const PROXY_SECRET_PATTERN = /^[\x21-\x7e]+$/;

type Environment = Readonly<Record<string, string | undefined>>;

export interface SsoSettings {
  /** The shared secret the proxy sends in `X-Proxy-Auth`; unset or empty disables SSO headers. */
  proxySecret?: string | undefined;
  /** Comma-separated CIDRs the proxy connects from; unset means any source (secret still required). */
  trustedProxies?: string | undefined;
  /** Comma-separated identity headers to read (of SSO_HEADERS); unset means DEFAULT_SSO_HEADERS. */
  headers?: string | undefined;
}

export class SsoConfig {
  readonly #secretDigest: Buffer | undefined;
  readonly #trustedProxies: TrustedProxyRanges | undefined;
  /** Which headers are read and which are stripped. */
  readonly headerNames: SsoHeaderNames;

  private constructor(
    secretDigest: Buffer | undefined,
    trustedProxies: TrustedProxyRanges | undefined,
    headerNames: SsoHeaderNames,
  ) {
    this.#secretDigest = secretDigest;
    this.#trustedProxies = trustedProxies;
    this.headerNames = headerNames;
  }

  /** SSO headers are never trusted: the default. */
  static disabled(): SsoConfig {
    return new SsoConfig(undefined, undefined, new SsoHeaderNames(DEFAULT_SSO_HEADERS));
  }

  /** Reads GATEWAY_SSO_PROXY_SECRET, GATEWAY_SSO_TRUSTED_PROXIES and GATEWAY_SSO_HEADERS; throws ConfigurationError. */
  static fromEnvironment(environment: Environment): SsoConfig {
    return SsoConfig.create({
      proxySecret: environment[SSO_PROXY_SECRET_VARIABLE],
      trustedProxies: environment[SSO_TRUSTED_PROXIES_VARIABLE],
      headers: environment[SSO_HEADERS_VARIABLE],
    });
  }

  /** Validates the settings; every problem names its variable and none echoes the secret. */
  static create(settings: SsoSettings): SsoConfig {
    const secret = emptyAsUnset(settings.proxySecret);
    const rangesText = emptyAsUnset(settings.trustedProxies);
    const headersText = emptyAsUnset(settings.headers);
    const problems: string[] = [];
    if (secret !== undefined) problems.push(...secretProblems(secret));
    let headers = DEFAULT_SSO_HEADERS;
    if (headersText !== undefined) {
      if (secret === undefined) {
        problems.push(
          `${SSO_HEADERS_VARIABLE}: names the headers read with ${SSO_PROXY_SECRET_VARIABLE}, which is not set; set the secret too, or unset this variable`,
        );
      }
      const parsed = parseHeaderList(headersText);
      if (typeof parsed === 'string') problems.push(`${SSO_HEADERS_VARIABLE}: ${parsed}`);
      else headers = parsed;
    }
    let ranges: TrustedProxyRanges | undefined;
    if (rangesText !== undefined) {
      if (secret === undefined) {
        problems.push(
          `${SSO_TRUSTED_PROXIES_VARIABLE}: only narrows ${SSO_PROXY_SECRET_VARIABLE} and cannot replace it ` +
            '(a source address is no proof inside Kubernetes); set the secret too, or unset this variable',
        );
      }
      try {
        ranges = TrustedProxyRanges.parse(rangesText);
      } catch (error) {
        problems.push(
          `${SSO_TRUSTED_PROXIES_VARIABLE}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (problems.length > 0) throw new ConfigurationError(problems);
    return new SsoConfig(
      secret === undefined ? undefined : digestOf(secret),
      ranges,
      new SsoHeaderNames(headers),
    );
  }

  /** Whether SSO headers can ever be trusted. */
  get enabled(): boolean {
    return this.#secretDigest !== undefined;
  }

  /** The source ranges, or an empty list when any source may present the proof. */
  get trustedProxyRanges(): readonly string[] {
    return this.#trustedProxies?.ranges ?? [];
  }

  /**
   * Compares a presented proof with the secret in constant time. Both sides are hashed
   * first, so `timingSafeEqual` always sees 32 bytes and the secret's length does not leak.
   */
  proofMatches(presented: string): boolean {
    if (this.#secretDigest === undefined) return false;
    return crypto.timingSafeEqual(digestOf(presented), this.#secretDigest);
  }

  /** Whether the socket's remote address may present the proof at all. */
  allowsSource(remoteAddress: string | undefined): boolean {
    return this.#trustedProxies === undefined || this.#trustedProxies.includes(remoteAddress);
  }

  /** What logging a config object shows: never the secret or its digest. */
  toJSON(): { enabled: boolean; trustedProxies: readonly string[]; headers: readonly string[] } {
    return {
      enabled: this.enabled,
      trustedProxies: this.trustedProxyRanges,
      headers: this.headerNames.readHeaders,
    };
  }
}

const KNOWN_HEADERS: ReadonlyMap<string, SsoHeaderName> = new Map(
  Object.values(SSO_HEADERS).map((name) => [foldAsciiCase(name), name]),
);

/** The headers named in GATEWAY_SSO_HEADERS, or why the list is unusable. */
function parseHeaderList(text: string): SsoHeaderName[] | string {
  const headers: SsoHeaderName[] = [];
  const unknown: string[] = [];
  for (const item of text
    .split(',')
    .map(trimAsciiWhitespace)
    .filter((item) => item !== '')) {
    const header = KNOWN_HEADERS.get(foldAsciiCase(item));
    if (header === undefined) unknown.push(`"${item}"`);
    else if (!headers.includes(header)) headers.push(header);
  }
  const known = Object.values(SSO_HEADERS).join(', ');
  if (unknown.length > 0) {
    return `${unknown.join(', ')} ${unknown.length === 1 ? 'is not one' : 'are not'} of the headers the gateway can read (${known})`;
  }
  if (!headers.includes(SSO_HEADERS.user)) {
    return `must include ${SSO_HEADERS.user}, which names the user (a list without it would never sign anyone in)`;
  }
  return headers;
}

function emptyAsUnset(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function secretProblems(secret: string): string[] {
  const problems: string[] = [];
  if (secret.length < MIN_PROXY_SECRET_LENGTH || secret.length > MAX_PROXY_SECRET_LENGTH) {
    problems.push(
      `${SSO_PROXY_SECRET_VARIABLE}: must be ${MIN_PROXY_SECRET_LENGTH} to ${MAX_PROXY_SECRET_LENGTH} characters ` +
        '(a short secret can be guessed; use e.g. `openssl rand -base64 32`)',
    );
  }
  if (!PROXY_SECRET_PATTERN.test(secret)) {
    problems.push(
      `${SSO_PROXY_SECRET_VARIABLE}: must contain only visible ASCII characters, without spaces ` +
        '(HTTP trims surrounding whitespace, so such a secret could never match)',
    );
  }
  return problems;
}

/** UTF-8, not latin1: latin1 would fold U+0161 onto "a" and make distinct strings collide. */
function digestOf(text: string): Buffer {
  return crypto.createHash('sha256').update(text, 'utf8').digest();
}
