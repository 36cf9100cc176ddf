// HTTP plumbing of the fault proxy: which headers cross it, reading bodies, which session a
// request belongs to, and pointing a legacy `endpoint` event back at the proxy.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

// RFC 9110 section 7.6.1: connection-specific fields never cross a proxy.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders, alsoDrop: readonly string[]): OutgoingHttpHeaders {
  const listedInConnection = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const dropped = new Set([...HOP_BY_HOP, ...listedInConnection, ...alsoDrop]);
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !dropped.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * Headers for the request to the backend. Host names the backend; the body is sent with an exact
 * length; compression is refused so the proxy can read every answer.
 */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders,
  target: URL,
  body: Buffer,
): OutgoingHttpHeaders {
  const forwarded = endToEnd(headers, ['host', 'content-length', 'accept-encoding']);
  const hadBody = headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
  return {
    ...forwarded,
    host: target.host,
    'accept-encoding': 'identity',
    ...(hadBody || body.length > 0 ? { 'content-length': String(body.length) } : {}),
  };
}

/** Headers for the answer to the client; the length is dropped because faults change bodies. */
export function downstreamResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return endToEnd(headers, ['content-length']);
}

export async function readBody(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/**
 * The MCP session a request belongs to: the legacy transport's `sessionId` query parameter, or
 * Streamable HTTP's `Mcp-Session-Id` header. Responses to its requests may arrive on another
 * HTTP exchange of the same session (the legacy GET stream, a resumed stream).
 */
export function sessionOf(url: URL, headers: IncomingHttpHeaders): string | undefined {
  const fromQuery = url.searchParams.get('sessionId');
  if (fromQuery !== null) return `legacy:${fromQuery}`;
  const header = headers['mcp-session-id'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader === undefined ? undefined : `streamable:${fromHeader}`;
}

export interface RewrittenEndpoint {
  readonly data: string;
  /** The session the endpoint names, in the form `sessionOf` returns. */
  readonly session?: string;
}

/**
 * A legacy `endpoint` event names the URL for the client's POSTs. A relative URL already resolves
 * against the proxy; an absolute one naming the backend is pointed at the proxy instead.
 */
export function rewriteEndpoint(data: string, target: URL, proxyOrigin: string): RewrittenEndpoint {
  let url: URL;
  try {
    url = new URL(data.trim(), target);
  } catch {
    return { data };
  }
  const sessionId = url.searchParams.get('sessionId');
  const session = sessionId === null ? undefined : `legacy:${sessionId}`;
  const absolute = /^\s*([a-z][a-z0-9+.-]*:|\/\/)/i.test(data);
  const rewritten =
    absolute && url.origin === target.origin ? `${proxyOrigin}${url.pathname}${url.search}${url.hash}` : data;
  return session === undefined ? { data: rewritten } : { data: rewritten, session };
}
