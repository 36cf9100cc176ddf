// Recognises a Streamable HTTP backend saying that it no longer knows the gateway's session:
// it restarted, or it expired the session. Such a request never reached the MCP server behind
// the session, so it may be sent again once a new session exists.
import { SdkHttpError } from '@modelcontextprotocol/client';

/**
 * True when `error` is the SDK transport's HTTP error for a request that carried `sessionId` and
 * was refused because of it. The MCP specification says 404; servers built from the SDK's example
 * code (server-everything among them) answer 400 "No valid session ID provided" instead, so a 400
 * whose body speaks of the session counts too. Without a session id (a stateless server) neither
 * status is about a session.
 */
export function isSessionNotFound(error: unknown, sessionId: string | undefined): boolean {
  if (sessionId === undefined || !SdkHttpError.isInstance(error)) return false;
  if (error.status === 404) return true;
  const body = error.data['text'];
  return error.status === 400 && typeof body === 'string' && /session/i.test(body);
}

/**
 * True for the error a `fetch` (or a body read) rejects with when its signal was aborted: a
 * DOMException, which need not be an `instanceof Error` of the caller's realm, hence the duck test.
 */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}
