// Which forwarded request a backend's message came for, where the transport itself knows: a
// Streamable HTTP backend sends what belongs to a request (its log lines, its sampling or
// elicitation requests) on that request's own response stream, and the SDK transport reads that
// stream in the async context of the send that opened it; an in-process backend answers in the
// context of the send. The proxy core sends each request inside `sendingFor`, so a message read
// there carries its request's upstream id. stdio and legacy SSE backends deliver everything from
// one shared stream, outside any send: their messages carry none, and nothing is guessed for them.
import { AsyncLocalStorage } from 'node:async_hooks';

const sending = new AsyncLocalStorage<string>();

/** Runs `action` (a request's send) so that what the transport reads because of it names `upstreamId`. */
export function sendingFor<T>(upstreamId: string, action: () => T): T {
  return sending.run(upstreamId, action);
}

/** The upstream id of the request whose send the current message was read for, if any. */
export function relatedUpstreamId(): string | undefined {
  return sending.getStore();
}
