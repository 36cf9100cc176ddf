// One client request through the fault proxy: read and classify it, apply a request fault or
// forward it, then relay the backend's answer (buffered, or as an SSE stream) with answer faults.
import { request as httpRequest, STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeApplication } from './fault-rule-set';
import type { RequestFault } from './fault.types';
import { ExchangeState } from './exchange-state';
import type { AnswerPlan } from './exchange-state';
import { downstreamResponseHeaders, readBody, sessionOf, upstreamRequestHeaders } from './http-forwarding';
import { malformedText, readJsonRpcMessages } from './json-rpc-traffic';
import type { TrafficMessage } from './json-rpc-traffic';
import type { ProxyContext } from './proxy-context';
import { relaySseStream } from './sse-relay';

export async function handleExchange(
  context: ProxyContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  context.stats.recordHttpRequest();
  const body = await readBody(request);
  const httpMethod = (request.method ?? 'GET').toUpperCase();
  const url = new URL(request.url ?? '/', context.target);
  const clientMessages = httpMethod === 'POST' ? (readJsonRpcMessages(body.toString('utf8')) ?? []) : [];
  context.stats.recordClientMessages(clientMessages);

  const site = {
    httpMethod,
    subjects: clientMessages
      .filter((message) => message.kind !== 'response')
      .map((message) => message.subject),
  };
  const requestFault = context.rules.takeRequestFault(site);
  if (requestFault !== undefined) {
    context.stats.recordFault(describeApplication(requestFault, site));
    return applyRequestFault(requestFault, response);
  }
  const exchange = new ExchangeState(context, httpMethod, sessionOf(url, request.headers));
  exchange.registerClientRequests(clientMessages);
  forward(context, request, response, body, exchange, clientMessages);
}

function applyRequestFault(fault: RequestFault, response: ServerResponse): void {
  switch (fault.kind) {
    case 'blackhole':
      // Left open on purpose: the client waits until it gives up, or the proxy closes.
      return;
    case 'http-status': {
      const body =
        fault.body ??
        JSON.stringify({
          error: `${fault.status} ${STATUS_CODES[fault.status] ?? ''}`.trim(),
          injectedBy: 'FaultProxy',
        });
      const contentType = fault.body === undefined ? { 'content-type': 'application/json' } : {};
      response.writeHead(fault.status, { ...contentType, ...fault.headers });
      response.end(body);
      return;
    }
  }
}

function forward(
  context: ProxyContext,
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
  exchange: ExchangeState,
  clientMessages: readonly TrafficMessage[],
): void {
  const upstreamRequest = httpRequest({
    host: context.target.hostname,
    port: context.target.port,
    method: exchange.httpMethod,
    path: request.url,
    headers: upstreamRequestHeaders(request.headers, context.target, body),
    agent: context.agent,
  });
  let responded = false;
  let answered = false;
  // The client gave up or was cut off: the backend loses its connection too.
  response.on('close', () => {
    if (!answered) upstreamRequest.destroy();
  });
  // No backend (refused, reset): the client sees its connection fail, as it would without the
  // proxy. Once the backend answered, the relays handle failures (and deliberate drops) themselves.
  upstreamRequest.on('error', () => {
    if (!responded) response.destroy();
  });
  upstreamRequest.on('response', (upstream) => {
    responded = true;
    const contentType = String(upstream.headers['content-type'] ?? '');
    upstream.on('end', () => {
      answered = true;
    });
    if (/^text\/event-stream/i.test(contentType)) {
      relaySseStream(context, exchange, upstream, response);
      return;
    }
    relayBuffered(context, exchange, upstream, response, clientMessages).catch(() => response.destroy());
  });
  upstreamRequest.end(body);
}

/** A JSON answer, or an acknowledgement: read whole, then delayed, dropped or replaced as planned. */
async function relayBuffered(
  context: ProxyContext,
  exchange: ExchangeState,
  upstream: IncomingMessage,
  response: ServerResponse,
  clientMessages: readonly TrafficMessage[],
): Promise<void> {
  const text = (await readBody(upstream)).toString('utf8');
  const isJson = /json/i.test(String(upstream.headers['content-type'] ?? ''));
  const backendMessages = isJson ? readJsonRpcMessages(text) : undefined;
  const plan =
    backendMessages === undefined
      ? exchange.planForAcknowledgement(clientMessages)
      : exchange.planForBackendMessages(backendMessages);
  if (plan !== undefined && plan.delayMs > 0) await context.timers.wait(plan.delayMs);
  if (plan?.drop === true) {
    response.destroy();
    return;
  }
  response.writeHead(upstream.statusCode ?? 502, downstreamResponseHeaders(upstream.headers));
  response.end(replacement(text, backendMessages === undefined ? undefined : plan));
}

function replacement(text: string, plan: AnswerPlan | undefined): string {
  return plan?.malformed === undefined ? text : malformedText(text, plan.malformed);
}
