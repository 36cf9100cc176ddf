// Decides, without side effects, whether a request's reverse-proxy identity headers may be
// believed and, if so, who they say the caller is. Trust needs the proxy's proof
// (X-Proxy-Auth equal to GATEWAY_SSO_PROXY_SECRET, from an allowed source when a list is
// set); without it the headers' values are never even parsed. Only the headers named in
// GATEWAY_SSO_HEADERS are ever read, proof or not.
import type { IncomingHttpHeaders } from 'node:http';
import { foldAsciiCase } from '@platform/scopes';
import { SSO_SOURCE } from '../identity/identity-source';
import type { Principal } from '../principal';
import { InvalidSsoHeaderError } from './invalid-sso-header.error';
import type { SsoConfig } from './sso-config';
import { PROXY_PROOF_HEADER, SSO_HEADERS, type SsoHeaderName, type SsoHeaderNames } from './sso-header-names';
import { parseGroups, parseSids, parseUsername } from './sso-header-values';

export interface ProxyRequestHeaders {
  /** Node's merged view: repeated custom headers arrive joined with ", ". */
  headers: IncomingHttpHeaders;
  /** Name/value pairs exactly as received; the only place a repeated header is visible. */
  rawHeaders: readonly string[];
  /** The socket's peer address (never `req.ip`, which X-Forwarded-For can change). */
  remoteAddress: string | undefined;
}

/** Why SSO headers were not believed; for audit logs and metrics, never for the client. */
export type UntrustedReason =
  'sso-disabled' | 'proof-missing' | 'proof-repeated' | 'proof-mismatch' | 'source-not-allowed';

export type ProxyIdentity =
  /** The proof holds and Remote-User names a user. */
  | { kind: 'trusted'; principal: Principal }
  /** The proof holds but there is no Remote-User: no SSO identity; other methods may apply. */
  | { kind: 'anonymous' }
  /** No valid proof: every identity header must be removed and the request treated as if it had none. */
  | { kind: 'untrusted'; reason: UntrustedReason }
  /** The proof holds but an identity header is repeated or malformed: answer 400. */
  | { kind: 'invalid'; header: string; message: string };

export function readProxyIdentity(request: ProxyRequestHeaders, config: SsoConfig): ProxyIdentity {
  const received = collectHeaderValues(request, config.headerNames);
  const proof = checkProof(received.get(PROXY_PROOF_HEADER) ?? [], request.remoteAddress, config);
  if (proof !== 'valid') return { kind: 'untrusted', reason: proof };
  try {
    return readTrustedIdentity(received, config.headerNames);
  } catch (error) {
    if (error instanceof InvalidSsoHeaderError) {
      return { kind: 'invalid', header: error.header, message: error.message };
    }
    throw error;
  }
}

function checkProof(
  values: readonly string[],
  remoteAddress: string | undefined,
  config: SsoConfig,
): 'valid' | UntrustedReason {
  if (!config.enabled) return 'sso-disabled';
  const [presented, ...others] = values;
  if (presented === undefined) return 'proof-missing';
  // A proxy that appends its proof to a client's copy must not work by luck.
  if (others.length > 0) return 'proof-repeated';
  const matches = config.proofMatches(presented);
  if (!config.allowsSource(remoteAddress)) return 'source-not-allowed';
  return matches ? 'valid' : 'proof-mismatch';
}

function readTrustedIdentity(
  received: ReadonlyMap<string, readonly string[]>,
  names: SsoHeaderNames,
): ProxyIdentity {
  for (const [name, values] of received) {
    if (name !== PROXY_PROOF_HEADER && values.length > 1) {
      const header = names.displayNameOf(name);
      throw new InvalidSsoHeaderError(
        header,
        `Header ${header} appears ${values.length} times (names are case-insensitive); a trusted proxy must send it at most once.`,
      );
    }
  }
  // A header that is not configured has no value, whatever the request carries.
  const valueOf = (header: SsoHeaderName): string | undefined =>
    names.isRead(header) ? received.get(foldAsciiCase(header))?.[0] : undefined;
  const { user, groups, userSid, sid, groupSid } = SSO_HEADERS;
  const username = parseUsername(user, valueOf(user));
  if (username === undefined) return { kind: 'anonymous' };
  const ownSid = parseSids(userSid, valueOf(userSid), 'single')[0];
  const sids = new Set([
    ...(ownSid === undefined ? [] : [ownSid]),
    ...parseSids(sid, valueOf(sid), 'single'),
    ...parseSids(groupSid, valueOf(groupSid), 'list'),
  ]);
  const principal: Principal = {
    method: 'sso-header',
    username,
    identitySource: SSO_SOURCE,
    roles: [],
    groups: Object.freeze(parseGroups(groups, valueOf(groups))),
    sids: Object.freeze([...sids]),
    ...(ownSid === undefined ? {} : { userSid: ownSid }),
    fullAdminClaim: false,
  };
  return { kind: 'trusted', principal: Object.freeze(principal) };
}

/**
 * Every value of every read or proof header, keyed by lower-case name. rawHeaders is
 * authoritative because it keeps repeats apart; `headers` fills in names it lacks (objects
 * built by hand, or headers added after parsing). Other identity-like headers and underscore
 * spellings are not collected: they are never read.
 */
function collectHeaderValues(request: ProxyRequestHeaders, names: SsoHeaderNames): Map<string, string[]> {
  const received = new Map<string, string[]>();
  const { rawHeaders, headers } = request;
  const isCollected = (lowerCaseName: string): boolean => {
    const nameClass = names.classify(lowerCaseName);
    return nameClass === 'read' || nameClass === 'proof';
  };
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = foldAsciiCase(rawHeaders[index] ?? '');
    if (!isCollected(name)) continue;
    const values = received.get(name) ?? [];
    values.push(rawHeaders[index + 1] ?? '');
    received.set(name, values);
  }
  const fromRawHeaders = new Set(received.keys());
  for (const [name, value] of Object.entries(headers)) {
    const lowerCase = foldAsciiCase(name);
    if (value === undefined || !isCollected(lowerCase) || fromRawHeaders.has(lowerCase)) continue;
    received.set(lowerCase, [
      ...(received.get(lowerCase) ?? []),
      ...(Array.isArray(value) ? value : [value]),
    ]);
  }
  return received;
}
