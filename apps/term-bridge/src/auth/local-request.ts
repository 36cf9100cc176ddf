// Without a key (TERM_BRIDGE_INSECURE_NO_AUTH) nothing says who is asking, so the bridge goes by
// where a request comes from: it must be addressed to a loopback name and not be sent by another
// site's page. A page can rebind its own host name to 127.0.0.1 (DNS rebinding) and then post to
// the bridge as "same-origin"; the Host header still carries its name. A page of another origin
// sends its Origin. Names under `localhost` never resolve through DNS in browsers (RFC 6761).
import { isIP } from 'node:net';

/** Whether a host name or address (without a port) is this machine's loopback. */
export function isLoopbackName(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower === 'localhost' || lower.endsWith('.localhost')) return true;
  const bare = lower.replace(/^\[(.*)\]$/, '$1');
  switch (isIP(bare)) {
    case 4:
      return bare.startsWith('127.');
    case 6:
      return new URL(`http://[${bare}]/`).hostname === '[::1]';
    default:
      return false;
  }
}

/** Why a request is not local (for the error message), or undefined when it is. */
export function notLocalReason(host: string | undefined, origin: string | undefined): string | undefined {
  const hostHeader = (host ?? '').toLowerCase();
  const name = hostNameOf(hostHeader);
  if (name === undefined || !isLoopbackName(name)) {
    return `it is addressed to ${quoted(hostHeader)}, not to localhost or a loopback address`;
  }
  if (origin === undefined) return undefined;
  const page = parseOrigin(origin);
  if (page === undefined || page.host !== hostHeader) {
    return `it was sent by a page of ${quoted(origin)}`;
  }
  return undefined;
}

/** The name or address of a Host header value (`name:port`, `[v6]:port`); undefined if malformed. */
function hostNameOf(host: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(host);
  return match?.[1];
}

function parseOrigin(origin: string): URL | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function quoted(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
}
