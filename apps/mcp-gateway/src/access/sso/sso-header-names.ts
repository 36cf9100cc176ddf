// Which request headers carry a reverse proxy's identity assertion, which of them the gateway
// reads (GATEWAY_SSO_HEADERS), and which one proves the request came through the proxy.
// Everything else in this folder asks this file, so the list of headers that are read, kept or
// stripped is decided in exactly one place.
import { foldAsciiCase } from '@platform/scopes';

/** Set by the trusted proxy on every request; its value is GATEWAY_SSO_PROXY_SECRET. */
export const PROXY_PROOF_HEADER = 'x-proxy-auth';

/** The identity headers the gateway can read (spec 5.1), by what they carry, spelled as in messages. */
export const SSO_HEADERS = {
  user: 'Remote-User',
  groups: 'Remote-Groups',
  userSid: 'Remote-User-Sid',
  sid: 'Sid',
  groupSid: 'GroupSid',
} as const;

export type SsoHeaderName = (typeof SSO_HEADERS)[keyof typeof SSO_HEADERS];

/**
 * What the gateway reads unless GATEWAY_SSO_HEADERS names others: the `Remote-*` family, which
 * forward-auth servers (Authelia and the like) set and the documented recipes strip-then-set.
 * `Sid` and `GroupSid` are read only when the operator names them, because a proxy that does
 * not know them passes a client's own copies through.
 */
export const DEFAULT_SSO_HEADERS: readonly SsoHeaderName[] = [
  SSO_HEADERS.user,
  SSO_HEADERS.groups,
  SSO_HEADERS.userSid,
];

/**
 * - `read`: a header the gateway is configured to read; kept only on requests whose principal
 *   was built from it;
 * - `proof`: the proxy's proof, removed from every request once checked;
 * - `identity`: looks like identity but is not read (another proxy's convention, `Sid` when not
 *   configured, an underscore spelling such as `Remote_User`): always removed, even from a
 *   proven request, so that nothing after the gateway's own check can be fooled by it;
 * - `other`: none of our business.
 */
export type HeaderNameClass = 'read' | 'proof' | 'identity' | 'other';

/**
 * Header name prefixes under which proxies, identity-aware load balancers and auth middlewares
 * pass identities (after `_` → `-`). `remote-` covers Authelia's `Remote-Email`/`Remote-Name`
 * and whatever the next proxy invents; `x-remote-` is the kube-apiserver convention that dex
 * strips; `x-forwarded-` is oauth2-proxy's (User, Email, Groups, Preferred-Username,
 * Access-Token), except the network metadata below.
 */
const IDENTITY_PREFIXES = [
  'remote-',
  'x-remote-',
  'x-forwarded-',
  'x-auth-request-', // oauth2-proxy --set-xauthrequest
  'x-webauth-', // Grafana's auth proxy convention
  'x-authentik-',
  'x-vouch-',
  'x-pomerium-',
  'cf-access-', // Cloudflare Access
  'x-goog-authenticated-', // Google IAP
  'x-goog-iap-',
  'x-amzn-oidc-', // AWS ALB
  'x-ms-client-principal', // Azure App Service authentication
  'x-ms-token-',
  'tailscale-', // Tailscale serve
  'x-consumer-', // Kong
  'x-credential-',
  'x-authenticated-',
  'x-ssl-client-',
  'ssl-client-',
] as const;

/** `X-Forwarded-*` names that carry network metadata, not identity: never removed here. */
const FORWARDED_METADATA = new Set([
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-forwarded-server',
  'x-forwarded-ssl',
  'x-forwarded-scheme',
  'x-forwarded-uri',
  'x-forwarded-method',
  'x-forwarded-path',
]);

/** A hyphen-separated word of one of these makes a header name identity-like (`X-User`, `Group-Sid`). */
const IDENTITY_WORDS = new Set([
  'user',
  'users',
  'username',
  'userid',
  'userinfo',
  'usersid',
  'uid',
  'upn',
  'login',
  'email',
  'emails',
  'mail',
  'nickname',
  'displayname',
  'memberof',
  'group',
  'groups',
  'groupsid',
  'groupsids',
  'role',
  'roles',
  'sid',
  'sids',
  'principal',
  'identity',
  'subject',
  'claims',
]);

/** Standard headers that contain such a word but say nothing about who the caller is. */
const NOT_IDENTITY = new Set(['user-agent', 'x-user-agent', 'sec-fetch-user']);

/** The header names of one configuration: which are read, which are stripped. */
export class SsoHeaderNames {
  readonly #read: ReadonlyMap<string, SsoHeaderName>;

  constructor(readHeaders: readonly SsoHeaderName[]) {
    this.#read = new Map(readHeaders.map((name) => [foldAsciiCase(name), name]));
  }

  /** The headers read, in the documented spelling. */
  get readHeaders(): readonly SsoHeaderName[] {
    return [...this.#read.values()];
  }

  /** Whether this configuration reads the header, e.g. `isRead(SSO_HEADERS.groupSid)`. */
  isRead(header: SsoHeaderName): boolean {
    return this.#read.has(foldAsciiCase(header));
  }

  classify(name: string): HeaderNameClass {
    const lowerCase = foldAsciiCase(name);
    if (lowerCase === PROXY_PROOF_HEADER) return 'proof';
    if (this.#read.has(lowerCase)) return 'read';
    // Some stacks treat `_` as `-`, so `Remote_User` could pass a proxy that only overwrites
    // `Remote-User`: such a spelling is never read, and always removed.
    const hyphenated = lowerCase.replaceAll('_', '-');
    if (hyphenated === PROXY_PROOF_HEADER || this.#read.has(hyphenated)) return 'identity';
    return looksLikeIdentity(hyphenated) ? 'identity' : 'other';
  }

  /** The spelling to use in messages: the documented one for headers we read, else lower case. */
  displayNameOf(lowerCaseName: string): string {
    return this.#read.get(lowerCaseName) ?? lowerCaseName;
  }
}

function looksLikeIdentity(name: string): boolean {
  if (NOT_IDENTITY.has(name) || FORWARDED_METADATA.has(name)) return false;
  if (IDENTITY_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length)) return true;
  return name.split('-').some((word) => IDENTITY_WORDS.has(word));
}
