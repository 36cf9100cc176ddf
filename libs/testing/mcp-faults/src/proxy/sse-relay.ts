// Relays a backend's SSE stream event by event: untouched events keep their exact text, matching
// ones are delayed, rewritten or end the stream. A delayed event does not hold back later ones,
// but the stream ends only after every delayed event went out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SseEventParser } from '../sse/sse-event.parser';
import type { SseEvent } from '../sse/sse-event.parser';
import { serializeSseEvent } from '../sse/sse-event.serializer';
import type { ExchangeState } from './exchange-state';
import { downstreamResponseHeaders, rewriteEndpoint } from './http-forwarding';
import { malformedText, readJsonRpcMessages } from './json-rpc-traffic';
import type { ProxyContext } from './proxy-context';

export function relaySseStream(
  context: ProxyContext,
  exchange: ExchangeState,
  upstream: IncomingMessage,
  response: ServerResponse,
): void {
  response.writeHead(upstream.statusCode ?? 200, downstreamResponseHeaders(upstream.headers));
  response.flushHeaders();
  const parser = new SseEventParser();
  const delayed = new Set<Promise<void>>();
  let dropped = false;
  // What was relayed before a drop must reach the client: the cut comes after it, not over it.
  let flushed = Promise.resolve();

  const write = (text: string): void => {
    if (dropped || response.destroyed || text === '') return;
    flushed = new Promise((resolve) => response.write(text, () => resolve()));
  };
  const drop = (): void => {
    dropped = true;
    upstream.destroy();
    void flushed.then(() => response.destroy());
  };

  const relay = (event: SseEvent): void => {
    if (dropped) return;
    const text = endpointAware(context, exchange, event);
    const messages =
      event.data === undefined || event.event === 'endpoint' ? undefined : readJsonRpcMessages(event.data);
    const plan = messages === undefined ? undefined : exchange.planForBackendMessages(messages);
    if (plan === undefined) return write(text);
    const deliver = (): void => {
      if (plan.drop) return drop();
      const { raw: _raw, ...fields } = event;
      write(
        plan.malformed === undefined
          ? text
          : serializeSseEvent({ ...fields, data: malformedText(event.data ?? '', plan.malformed) }),
      );
    };
    if (plan.delayMs === 0) return deliver();
    const delivery = context.timers.wait(plan.delayMs).then(deliver);
    delayed.add(delivery);
    void delivery.finally(() => delayed.delete(delivery));
  };

  upstream.on('data', (chunk: Buffer) => parser.push(chunk).forEach(relay));
  upstream.on('end', () => {
    const end = parser.end();
    end.events.forEach(relay);
    void Promise.all(delayed).then(() => {
      write(end.remainder);
      if (!dropped) response.end();
    });
  });
  // The backend went away mid-stream: the client's stream breaks the same way.
  const mirrorBackendFailure = (): void => {
    if (!dropped && !upstream.complete) response.destroy();
  };
  upstream.on('error', mirrorBackendFailure);
  upstream.on('close', mirrorBackendFailure);
}

/** The event's text, with a legacy `endpoint` event pointed at the proxy and its session learned. */
function endpointAware(context: ProxyContext, exchange: ExchangeState, event: SseEvent): string {
  if (event.event !== 'endpoint' || event.data === undefined) return event.raw;
  const rewritten = rewriteEndpoint(event.data, context.target, context.proxyOrigin);
  if (rewritten.session !== undefined) exchange.session = rewritten.session;
  if (rewritten.data === event.data) return event.raw;
  const { raw: _raw, ...fields } = event;
  return serializeSseEvent({ ...fields, data: rewritten.data });
}
