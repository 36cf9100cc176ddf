// The SSRF guard for network backends: before the gateway connects to a configured URL, every
// address its host resolves to must be allowed by the network policy. A single blocked address
// denies the URL, since the client may connect to any of them.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkResolvedAddress, explainAddress } from './backend-address.check';
import type { NetworkPolicy } from './backend-network.policy';
import type { BackendUrlDecision, BackendUrlDenial, ResolvedAddress } from './backend-url.decision';

/** Resolves a host name to all its addresses; injected in tests so they never touch the network. */
export type BackendHostResolver = (
  hostname: string,
) => Promise<readonly { readonly address: string; readonly family: number }[]>;

export const resolveAllAddresses: BackendHostResolver = (hostname) => lookup(hostname, { all: true });

/**
 * Literal addresses are checked as written after WHATWG URL normalization, which already turned
 * `http://2130706433/` and `http://0x7f.1/` into `127.0.0.1`. Names are resolved (A and AAAA).
 */
export async function checkBackendUrl(
  url: URL,
  policy: NetworkPolicy,
  resolve: BackendHostResolver = resolveAllAddresses,
): Promise<BackendUrlDecision> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return deny('unsupported-protocol', `${url.protocol} URLs are not backend URLs (http: or https: only)`);
  }
  return checkBackendHost(url.hostname, policy, resolve);
}

/**
 * The host part of the check: a literal address (brackets allowed) or a name, every address of
 * which must be allowed. The transports' connection gate calls it for every new connection.
 */
export async function checkBackendHost(
  hostname: string,
  policy: NetworkPolicy,
  resolve: BackendHostResolver = resolveAllAddresses,
): Promise<BackendUrlDecision> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const name = host.toLowerCase().replace(/\.$/, '');
  if (policy.blockedHostnames.has(name)) {
    return deny('blocked-hostname', `${name} is a blocked host name (cloud metadata)`);
  }
  if (isIP(host) !== 0) {
    const decision = checkResolvedAddress(host, policy);
    return decision.allowed ? { allowed: true, addresses: [decision.address] } : decision;
  }
  const resolved = await resolveHost(host, resolve);
  if ('denial' in resolved) {
    return resolved.denial;
  }
  const addresses: ResolvedAddress[] = [];
  for (const record of resolved.records) {
    const verdict = explainAddress(record.address, policy);
    if (!verdict.allowed) {
      return deny(verdict.reason, `${host} resolves to ${verdict.subject}, which ${verdict.finding}`);
    }
    addresses.push(verdict.address);
  }
  return { allowed: true, addresses };
}

type Resolution =
  { readonly records: readonly { readonly address: string }[] } | { readonly denial: BackendUrlDenial };

async function resolveHost(host: string, resolve: BackendHostResolver): Promise<Resolution> {
  try {
    const records = await resolve(host);
    return records.length > 0
      ? { records }
      : { denial: deny('unresolvable', `${host} resolves to no address`) };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'lookup failed';
    return { denial: deny('unresolvable', `${host} could not be resolved (${code})`) };
  }
}

function deny(reason: BackendUrlDenial['reason'], message: string): BackendUrlDenial {
  return { allowed: false, reason, message };
}
