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
 * A connection failure under fetch's `TypeError: fetch failed`: a cause with a system or socket
 * error code. Read by property, not `instanceof`: fetch's errors may come from another realm.
 */
function hasSystemCause(error: unknown): boolean {
  let cause = causeOf(error);
  for (let depth = 0; depth < 4 && cause !== undefined; depth += 1) {
    if (
      typeof cause === 'object' &&
      cause !== null &&
      typeof (cause as { code?: unknown }).code === 'string'
    ) {
      return true;
    }
    cause = causeOf(cause);
  }
  return false;
}

function causeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'cause' in value ? value.cause : undefined;
}
