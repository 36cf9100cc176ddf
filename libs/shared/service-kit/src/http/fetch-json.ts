// The one way a service reads a JSON document from another system (an OpenID issuer, Vault):
// bounded in time and size, redirects never followed, and failures described by kind with a
// message that names the URL (credentials removed) and the problem, never the payload.
// Callers check the document's shape themselves. `fetchText` is its sibling for answers that are
// not JSON (plex.tv's XML-only `/api/users`): same bounds, same failures, the body left as text;
// `fetchBytes` leaves it as bytes (a Plex poster), its content type for the caller to check.
import { scrubUrl } from '../logging/redaction';

export interface FetchJsonRequest {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Covers connecting, the status line and reading the whole body. */
  readonly timeoutMs: number;
  /** Bodies longer than this are refused after reading at most this many bytes. */
  readonly maxBytes: number;
  /** GET when omitted. */
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON document to send (with `Content-Type: application/json`); none when omitted. */
  readonly jsonBody?: unknown;
  /** Statuses that count as an answer; only 200 when omitted (plex.tv answers a new PIN with 201). */
  readonly acceptedStatuses?: readonly number[];
}

export type FetchJsonFailure =
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'timeout' }
  /** `cause` is the network error code (`ECONNREFUSED`) or, lacking one, the error's name. */
  | { readonly kind: 'unreachable'; readonly cause: string }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'not-json'; readonly contentType: string | null };

export type FetchJsonResult =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly failure: FetchJsonFailure; readonly message: string };

/**
 * Never throws. Only HTTP 200 is an answer; any other status (redirects included) is a failure
 * with the body discarded. Redirects are not followed because the request's headers (a Vault
 * token, for one) would go wherever `Location` points.
 */
export async function fetchJson(request: FetchJsonRequest): Promise<FetchJsonResult> {
  const fetched = await fetchBody(request, 'application/json', isJsonMediaType);
  if (!fetched.ok) return fetched;
  try {
    return { ok: true, body: JSON.parse(new TextDecoder().decode(fetched.bytes)) };
  } catch {
    return failed(request, { kind: 'not-json', contentType: fetched.contentType });
  }
}

export type FetchTextResult =
  | {
      readonly ok: true;
      readonly text: string;
      readonly contentType: string | null;
      /** The status answered: one of `acceptedStatuses`. */
      readonly status: number;
    }
  | { readonly ok: false; readonly failure: FetchJsonFailure; readonly message: string };

/** `fetchJson` for any text answer: the content type is reported, not checked. */
export async function fetchText(request: FetchJsonRequest, accept = '*/*'): Promise<FetchTextResult> {
  const fetched = await fetchBody(request, accept, () => true);
  if (!fetched.ok) return fetched;
  const { bytes, ...answer } = fetched;
  // TextDecoder, like Response.text(), drops a leading byte-order mark that JSON.parse would refuse.
  return { ...answer, text: new TextDecoder().decode(bytes) };
}

export type FetchBytesResult =
  | {
      readonly ok: true;
      readonly bytes: Buffer;
      readonly contentType: string | null;
      readonly status: number;
    }
  | { readonly ok: false; readonly failure: FetchJsonFailure; readonly message: string };

/** `fetchText` for binary answers (images): the body as bytes, the content type reported, not checked. */
export function fetchBytes(request: FetchJsonRequest, accept = '*/*'): Promise<FetchBytesResult> {
  return fetchBody(request, accept, () => true);
}

async function fetchBody(
  request: FetchJsonRequest,
  accept: string,
  isAcceptableType: (contentType: string) => boolean,
): Promise<FetchBytesResult> {
  const fail = (failure: FetchJsonFailure): FetchBytesResult => failed(request, failure);
  try {
    const withBody = request.jsonBody !== undefined;
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: {
        accept,
        ...(withBody ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      ...(withBody ? { body: JSON.stringify(request.jsonBody) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    if (!(request.acceptedStatuses ?? [200]).includes(response.status)) {
      await response.body?.cancel();
      return fail({ kind: 'status', status: response.status });
    }
    const contentType = response.headers.get('content-type');
    // An absent type is let through: small servers omit it, and the caller's parse still decides.
    if (contentType !== null && !isAcceptableType(contentType)) {
      await response.body?.cancel();
      return fail({ kind: 'not-json', contentType });
    }
    const bytes = await readLimited(response, request.maxBytes);
    if (bytes === undefined) return fail({ kind: 'too-large' });
    return { ok: true, bytes, contentType, status: response.status };
  } catch (error) {
    const cause = networkCause(error);
    return fail(cause === 'timeout' ? { kind: 'timeout' } : { kind: 'unreachable', cause });
  }
}

function failed(
  request: FetchJsonRequest,
  failure: FetchJsonFailure,
): { readonly ok: false; readonly failure: FetchJsonFailure; readonly message: string } {
  return { ok: false, failure, message: describeFailure(urlForMessages(request.url), failure, request) };
}

/**
 * For a fetch that threw: `timed out after N ms` or `failed (ECONNREFUSED)`, names and codes,
 * never payloads.
 */
export function describeFetchError(error: unknown, timeoutMs: number): string {
  const cause = networkCause(error);
  return cause === 'timeout' ? `timed out after ${timeoutMs} ms` : `failed (${cause})`;
}

/**
 * Reads a property without `instanceof`: errors thrown by Node's built-ins (fetch, fs) come from
 * another realm than this module's `Error` when code runs in a sandbox (Jest's vm contexts).
 */
export function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function networkCause(error: unknown): string {
  const name = propertyOf(error, 'name');
  if (name === 'TimeoutError') return 'timeout';
  const code = propertyOf(propertyOf(error, 'cause'), 'code');
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown error';
}

function describeFailure(where: string, failure: FetchJsonFailure, request: FetchJsonRequest): string {
  switch (failure.kind) {
    case 'status':
      return `${where} answered HTTP ${failure.status}`;
    case 'timeout':
      return `fetching ${where} timed out after ${request.timeoutMs} ms`;
    case 'unreachable':
      return `fetching ${where} failed (${failure.cause})`;
    case 'too-large':
      return `${where} answered more than ${request.maxBytes} bytes`;
    case 'not-json':
      return failure.contentType !== null && !isJsonMediaType(failure.contentType)
        ? `${where} answered ${failure.contentType.slice(0, 100)}, not JSON`
        : `${where} answered a body that is not JSON`;
  }
}

/** `application/json`, and the structured `+json` types (`application/jwk-set+json`). */
function isJsonMediaType(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The body, or `undefined` as soon as it passes `maxBytes` (the rest is not read). */
async function readLimited(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The URL without user information, and with credential-bearing query values redacted. */
function urlForMessages(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return scrubUrl(url);
    parsed.username = '';
    parsed.password = '';
    return scrubUrl(parsed.href);
  } catch {
    return '(an invalid URL)';
  }
}
