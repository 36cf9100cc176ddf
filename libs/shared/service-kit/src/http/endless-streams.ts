// Responses that never end by themselves: event streams a client holds open to hear whatever the
// server has to say later (the gateway's legacy SSE sessions, Streamable HTTP GET streams). At
// shutdown they are closed at once rather than waited for, while ordinary requests, streamed
// answers included, get the grace period to finish (request-drain.ts).
import type { ServerResponse } from 'node:http';

const endlessStreams = new WeakSet<ServerResponse>();

/** Emitted on a response when it is marked, so a shutdown already under way can close it too. */
export const MARKED_ENDLESS = Symbol('marked-endless');

export function markEndlessStream(response: ServerResponse): void {
  if (endlessStreams.has(response)) return;
  endlessStreams.add(response);
  response.emit(MARKED_ENDLESS);
}

export function isEndlessStream(response: ServerResponse): boolean {
  return endlessStreams.has(response);
}
