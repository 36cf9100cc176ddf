// Tells a send that failed because the link to a backend is gone from one that failed because of
// the message itself. Only the first may end the link, which ends every caller's request on it;
// the second ends only its own request. So a caller whose message cannot be encoded (nested too
// deep, a header value the transport refuses), or that the backend refuses at the HTTP level (413
// for a body over its limit, 401 for a pass-through token it rejects), cannot drop the backend for
// everyone (docs/decisions/021-robust-mcp-paths.md).
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { DomainError } from '@platform/service-kit';
import { isAbortError } from './session-loss';

/**
 * True when `error` says the link itself failed: the transport is not connected, a stdio child is
 * not running or closed its input, a connection could not be made or broke (a system or socket
 * error under fetch's `TypeError`), or the send was aborted because the transport closed. Every
 * other failure (an encoding error, an HTTP status from a backend that did answer) is the
 * message's own; a link that is really gone is found by its transport or the next health check.
 */
export function isLinkFailure(error: unknown): boolean {
  if (error instanceof DomainError) return error.kind === 'unavailable';
  if (SdkError.isInstance(error)) return error.code === SdkErrorCode.NotConnected;
  if (isAbortError(error)) return true;
  return hasSystemCause(error);
}

/**
 * A connection failure: an error, or a cause under it (fetch's `TypeError: fetch failed`), with a
 * system or socket error code: `ECONNRESET`, `ECONNREFUSED`, `EPIPE`, `ETIMEDOUT`, `ENOTFOUND`,
 * the egress guard's `EBACKENDADDRESS`, undici's socket codes. Node's own `ERR_*` codes (an invalid
 * header character, say) are the message's. The gateway's backend client (egress/) rejects with
 * node's error itself, the platform fetch with it as the cause; both are read by property, not
 * `instanceof`, since errors may come from another realm.
 */
function hasSystemCause(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined; depth += 1) {
    if (isConnectionCode(codeOf(current))) return true;
    current = causeOf(current);
  }
  return false;
}

/** errno-style codes (`E` and capitals) and undici's socket codes. */
function isConnectionCode(code: string | undefined): boolean {
  if (code === undefined) return false;
  if (/^E[A-Z0-9_]+$/.test(code) && !code.startsWith('ERR_')) return true;
  return UNDICI_CONNECTION_CODES.has(code);
}

const UNDICI_CONNECTION_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function codeOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function causeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'cause' in value ? value.cause : undefined;
}
