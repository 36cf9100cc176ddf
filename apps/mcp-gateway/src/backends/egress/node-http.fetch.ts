// A `fetch` for the MCP SDK's transports and the plain-HTTP transport, over node:http and
// node:https with the gateway's guarded agents (Node 20's built-in fetch takes no agent, and the
// undici package that would give it one needs Node 22). It never follows a redirect: any 3xx
// rejects with BackendRedirectError. It does what MCP traffic needs and no more: string or byte
// bodies, streamed response bodies, abort signals; no compression, cookies or caching.
import { type Agent, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/client';
import { BackendRedirectError } from './backend-redirect.error';

export interface BackendAgents {
  readonly http: Agent;
  readonly https: Agent;
}

/**
 * Headers the request itself determines. `host` also decides the TLS server name in node:https,
 * so a caller's value would change which certificate is accepted.
 */
const DERIVED_HEADERS = [
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'upgrade',
];

/** Statuses whose responses have no body (Fetch "null body status"; 304 is a redirect-class error here). */
const NULL_BODY_STATUSES = new Set([204, 205]);

export function createNodeHttpFetch(agents: BackendAgents): FetchLike {
  return (input, init) => send(agents, new URL(String(input)), init ?? {});
}

/**
 * A pooled connection the backend closed while idle can be handed out just as its close arrives:
 * the request then fails with a reset before any answer. The backend closed it because it was idle,
 * so it never read the request, and sending it again on another connection is what the request
 * meant. After a burst every pooled connection goes idle at once and the backend closes them all
 * at once, so the retry goes on while it is handed stale connections (each failure discards one);
 * a reset on a new connection is the backend's answer. Without this, one stale connection reads as
 * the backend being lost and fails every call in flight on it.
 */
const MAX_STALE_CONNECTIONS = 64;

async function send(agents: BackendAgents, url: URL, init: RequestInit): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${url.protocol} URLs are not backend URLs`);
  }
  const signal = init.signal ?? undefined;
  const method = (init.method ?? 'GET').toUpperCase();
  const body = requestBody(init.body);
  const headers = requestHeaders(init.headers, body);
  for (let stale = 0; ; stale += 1) {
    signal?.throwIfAborted();
    const attempt = await sendOnce(agents, url, signal, method, headers, body);
    if ('response' in attempt) return attempt.response;
    if (!attempt.staleConnection || stale >= MAX_STALE_CONNECTIONS) throw attempt.error;
  }
}

type Attempt =
  { readonly response: Response } | { readonly error: unknown; readonly staleConnection: boolean };

function sendOnce(
  agents: BackendAgents,
  url: URL,
  signal: AbortSignal | undefined,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<Attempt> {
  const secure = url.protocol === 'https:';
  const request = (secure ? httpsRequest : httpRequest)({
    hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method,
    headers,
    agent: secure ? agents.https : agents.http,
  });
  return new Promise<Attempt>((resolve, reject) => {
    let response: IncomingMessage | undefined;
    // Like fetch: the promise, or a body still being read, fails with the signal's reason.
    const abort = (): void => {
      const reason = abortReason(signal);
      reject(reason);
      request.destroy(reason);
      response?.destroy(reason);
    };
    // The SDK shares one signal among all of a transport's requests: listeners must not pile up.
    const release = (): void => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });
    request.on('error', (error) => {
      release();
      const staleConnection =
        response === undefined && request.reusedSocket && signal?.aborted !== true && isReset(error);
      resolve({ error, staleConnection });
    });
    request.once('response', (incoming) => {
      response = incoming;
      incoming.once('close', release);
      try {
        resolve({ response: toResponse(incoming, url, method) });
      } catch (error) {
        incoming.destroy();
        release();
        reject(error);
      }
    });
    request.end(body);
  });
}

/** How a connection closed under a request shows: reset, broken pipe, or closed without an answer. */
function isReset(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

function toResponse(incoming: IncomingMessage, url: URL, method: string): Response {
  const status = incoming.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    throw new BackendRedirectError(status, incoming.headers.location, url);
  }
  if (status < 200 || status > 599) throw new Error(`backend answered an invalid HTTP status (${status})`);
  const encoding = incoming.headers['content-encoding']?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    // The request asked for identity; decoding what was not asked for is not worth its risks.
    throw new Error(
      `backend answered with content-encoding ${JSON.stringify(encoding.slice(0, 40))}, which was not asked for`,
    );
  }
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index] ?? '', incoming.rawHeaders[index + 1] ?? '');
  }
  const init: ResponseInit = { status, statusText: incoming.statusMessage ?? '', headers };
  if (method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
    // Nothing reads this body, so nobody is there to tell if the connection breaks under it:
    // without a listener, that 'error' would end the process.
    incoming.on('error', () => undefined).resume();
    return new Response(null, init);
  }
  // Node's web stream type and the DOM lib's are the same class at run time.
  return new Response(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, init);
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  // Duck-typed: a DOMException (AbortError, TimeoutError) may come from another realm under Jest.
  return typeof reason === 'object' && reason !== null && 'name' in reason && 'message' in reason
    ? (reason as Error)
    : new DOMException('This operation was aborted', 'AbortError');
}

function requestBody(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  // Duck-typed: under Jest, typed arrays may come from another realm than this module's.
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('a backend request body must be a string or bytes');
}

function requestHeaders(init: RequestInit['headers'], body: Buffer | undefined): Record<string, string> {
  // No prototype: header names are the backend definition's, and `__proto__` is a valid one.
  const headers = Object.create(null) as Record<string, string>;
  new Headers(init).forEach((value, name) => {
    headers[name] = value;
  });
  for (const name of DERIVED_HEADERS) delete headers[name];
  headers['accept-encoding'] = 'identity';
  headers['user-agent'] ??= 'mcp-gateway';
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  return headers;
}
