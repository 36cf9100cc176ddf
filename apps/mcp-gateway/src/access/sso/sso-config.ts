// Configuration of reverse-proxy SSO headers, validated once at start-up. SSO headers are off
// unless GATEWAY_SSO_PROXY_SECRET is set; the secret itself is never kept, only its digest.
// The module object rather than named imports, so a test can observe that the comparison
// really goes through timingSafeEqual.
import crypto from 'node:crypto';
import { ConfigurationError } from '@platform/service-kit';
import { TrustedProxyRanges } from './trusted-proxy-ranges';

export const SSO_PROXY_SECRET_VARIABLE = 'GATEWAY_SSO_PROXY_SECRET';
export const SSO_TRUSTED_PROXIES_VARIABLE = 'GATEWAY_SSO_TRUSTED_PROXIES';

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
}

export class SsoConfig {
  readonly #secretDigest: Buffer | undefined;
  readonly #trustedProxies: TrustedProxyRanges | undefined;

  private constructor(secretDigest: Buffer | undefined, trustedProxies: TrustedProxyRanges | undefined) {
    this.#secretDigest = secretDigest;
    this.#trustedProxies = trustedProxies;
  }

  /** SSO headers are never trusted: the default. */
  static disabled(): SsoConfig {
    return new SsoConfig(undefined, undefined);
  }

  /** Reads GATEWAY_SSO_PROXY_SECRET and GATEWAY_SSO_TRUSTED_PROXIES; throws ConfigurationError. */
  static fromEnvironment(environment: Environment): SsoConfig {
    return SsoConfig.create({
      proxySecret: environment[SSO_PROXY_SECRET_VARIABLE],
      trustedProxies: environment[SSO_TRUSTED_PROXIES_VARIABLE],
    });
  }

  /** Validates the settings; every problem names its variable and none echoes the secret. */
  static create(settings: SsoSettings): SsoConfig {
    const secret = emptyAsUnset(settings.proxySecret);
    const rangesText = emptyAsUnset(settings.trustedProxies);
    const problems: string[] = [];
    if (secret !== undefined) problems.push(...secretProblems(secret));
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
    return new SsoConfig(secret === undefined ? undefined : digestOf(secret), ranges);
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
  toJSON(): { enabled: boolean; trustedProxies: readonly string[] } {
    return { enabled: this.enabled, trustedProxies: this.trustedProxyRanges };
  }
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
