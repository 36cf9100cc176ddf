// Which request headers carry a reverse proxy's identity assertion, and which one proves the
// request came through that proxy. Everything else in this folder asks this file, so the
// list of headers that are read, kept or stripped is decided in exactly one place.

/** Set by the trusted proxy on every request; its value is GATEWAY_SSO_PROXY_SECRET. */
export const PROXY_PROOF_HEADER = 'x-proxy-auth';

/** The identity headers the gateway reads, in the spelling used in messages. */
export const READ_IDENTITY_HEADERS = {
  user: 'Remote-User',
  groups: 'Remote-Groups',
  userSid: 'Remote-User-Sid',
  sid: 'Sid',
  groupSid: 'GroupSid',
} as const;

/**
 * Identity headers that are never read but are removed all the same: a backend behind the
 * gateway, or a future reader, might trust them. `Remote-*` covers Authelia's
 * `Remote-Email`/`Remote-Name` and whatever the next proxy invents (Traefik's advice is to
 * strip `^Remote-`); `X-Remote-*` is the kube-apiserver convention that dex also strips.
 */
const IDENTITY_NAME_PREFIXES = ['remote-', 'x-remote-'] as const;
const IDENTITY_NAMES_WITHOUT_PREFIX = new Set(['sid', 'groupsid', 'group-sid', 'user-sid']);

/**
 * - `identity`: an identity header, kept only on requests whose principal was built from it;
 * - `proof`: the proxy's proof, removed from every request once checked;
 * - `underscore-alias`: `Remote_User` and friends. Some stacks treat `_` as `-`, so a
 *   client could smuggle a second copy past a proxy that only overwrites `Remote-User`;
 *   never read, always removed;
 * - `other`: none of our business.
 */
export type HeaderNameClass = 'identity' | 'proof' | 'underscore-alias' | 'other';

export function classifyHeaderName(name: string): HeaderNameClass {
  const lowerCase = name.toLowerCase();
  if (lowerCase === PROXY_PROOF_HEADER) return 'proof';
  if (isIdentityName(lowerCase)) return 'identity';
  if (lowerCase.includes('_')) {
    const hyphenated = lowerCase.replaceAll('_', '-');
    if (hyphenated === PROXY_PROOF_HEADER || isIdentityName(hyphenated)) return 'underscore-alias';
  }
  return 'other';
}

/** The spelling to use in messages: the documented one for headers we read, else lower case. */
export function displayNameOf(lowerCaseName: string): string {
  const known = Object.values(READ_IDENTITY_HEADERS).find((name) => name.toLowerCase() === lowerCaseName);
  return known ?? lowerCaseName;
}

function isIdentityName(lowerCase: string): boolean {
  if (IDENTITY_NAMES_WITHOUT_PREFIX.has(lowerCase)) return true;
  return IDENTITY_NAME_PREFIXES.some(
    (prefix) => lowerCase.startsWith(prefix) && lowerCase.length > prefix.length,
  );
}
