// Which browser requests a service accepts: the rule against cross-site request forgery and DNS
// rebinding that the gateway's MCP endpoints apply to every request and every service applies to
// every state-changing request (cross-site-request.guard.ts). Requests from clients that are not
// browsers carry no `Origin` and no `Sec-Fetch-Site` and are not affected.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

export interface OriginPolicy {
  /** Lower-case origins (`https://app.example`) accepted from any Host. */
  readonly allowedOrigins: readonly string[];
  /** Lower-case Host values accepted; empty accepts any (an ingress usually checks the Host). */
  readonly allowedHosts: readonly string[];
}

/** Injection token of the service's OriginPolicy (ServiceKitModule provides it). */
export const ORIGIN_POLICY = Symbol('ORIGIN_POLICY');

/** The policy of a service that names no origins or hosts: browsers only from its own loopback pages. */
export const SAME_ORIGIN_ONLY: OriginPolicy = { allowedOrigins: [], allowedHosts: [] };

/** `Sec-Fetch-Site` values that say another site made the browser send the request. */
const FOREIGN_SITES = new Set(['cross-site', 'same-site']);

/** Comma lists as operators write them (`GATEWAY_ALLOWED_ORIGINS`, `GATEWAY_ALLOWED_HOSTS`). */
export function parseOriginPolicy(origins: string | undefined, hosts: string | undefined): OriginPolicy {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== '');
  return { allowedOrigins: list(origins), allowedHosts: list(hosts) };
}

/** Why the policy refuses a request with these headers, or undefined when it accepts it. */
export function crossSiteRefusal(policy: OriginPolicy, headers: IncomingHttpHeaders): string | undefined {
  const host = headers.host ?? '';
  if (policy.allowedHosts.length > 0 && !policy.allowedHosts.includes(host.toLowerCase())) {
    return `Host '${host.slice(0, 100)}' is not allowed`;
  }
  const origin = headers.origin;
  if (origin === undefined) {
    // Browsers send Origin with every request that can change state; one that says it came from
    // another site and still has no Origin (an old browser, a stripping proxy) is not trusted either.
    const site = headers['sec-fetch-site'];
    if (typeof site === 'string' && FOREIGN_SITES.has(site.toLowerCase())) {
      return `Cross-site request refused (Sec-Fetch-Site: ${site.slice(0, 20)})`;
    }
    return undefined;
  }
  if (policy.allowedOrigins.includes(origin.toLowerCase())) return undefined;
  // A DNS-rebinding page is always "same-origin" under its own name, so same-origin counts only
  // for a Host we can vouch for: one on the allow-list, or a loopback name or IP literal (an
  // attacker cannot make a browser send those as the page's origin).
  const sameOrigin = [`http://${host}`, `https://${host}`].includes(origin.toLowerCase());
  const vouched = policy.allowedHosts.length > 0 || isLiteralOrLoopbackHost(host);
  if (sameOrigin && vouched) return undefined;
  return `Origin '${origin.slice(0, 100)}' is not allowed`;
}

/** `localhost`, an IPv4 literal or a bracketed IPv6 literal, with or without a port. */
export function isLiteralOrLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0;
}
