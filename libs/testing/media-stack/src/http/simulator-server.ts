// The HTTP server under every simulator: routing by method and path pattern, JSON body parsing, a
// request log tests can read, fault rules applied before the handler, and a clean stop.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultRules } from './fault-rules';
import type { FaultController } from './fault-rules';

export interface SimulatorRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** Path parameters named in the route pattern (`:id`), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The parsed JSON body; undefined when the request had none. */
  readonly body: unknown;
}

export interface SimulatorResponse {
  readonly status: number;
  readonly json?: unknown;
  readonly text?: string;
  /** A binary answer (an image), sent with `contentType`. */
  readonly bytes?: Buffer;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path with `:name` segments, e.g. `/api/v3/series/:id`. */
  readonly pattern: string;
  /** Served without authentication (Plex `/identity`, Overseerr `/status`). */
  readonly public?: boolean;
  readonly handler: (request: SimulatorRequest) => SimulatorResponse;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: IncomingHttpHeaders;
  /** The status answered; undefined while in flight or when the connection was dropped. */
  status: number | undefined;
}

export interface SimulatorServerOptions {
  readonly routes: readonly Route[];
  /** An error answer when the request's credentials are refused, undefined to let it through. */
  readonly authorize: (request: SimulatorRequest) => SimulatorResponse | undefined;
  readonly notFound: (request: SimulatorRequest) => SimulatorResponse;
  /** The body the vendor sends with an injected error status. */
  readonly errorResponse: (status: number) => SimulatorResponse;
  readonly port?: number;
}

export interface SimulatorServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly faults: FaultController;
  stop(): Promise<void>;
}

interface CompiledRoute {
  readonly route: Route;
  readonly regex: RegExp;
  readonly names: readonly string[];
}

export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const compiled = options.routes.map(compileRoute);
  const requests: RecordedRequest[] = [];
  const faults = new FaultRules();
  const timers = new Set<NodeJS.Timeout>();

  const wait = (milliseconds: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, milliseconds);
      timers.add(timer);
    });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? '/', 'http://simulator.invalid');
    const method = incoming.method ?? 'GET';
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      status: undefined,
    };
    requests.push(record);
    const rawBody = await readBody(incoming);
    const send = (response: SimulatorResponse): void => {
      record.status = response.status;
      writeResponse(outgoing, response);
    };
    const fault = faults.take(method, url.pathname);
    if (fault?.delayMs !== undefined) await wait(fault.delayMs);
    if (fault?.drop === true) {
      incoming.socket.destroy();
      return;
    }
    if (fault?.status !== undefined) return send(options.errorResponse(fault.status));
    if (fault?.answer !== undefined)
      return send({ status: 200, text: fault.answer.text, contentType: fault.answer.contentType });

    let body: unknown;
    if (rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return send({ status: 400, json: { message: 'The request body is not valid JSON' } });
      }
    }
    const base = { method, path: url.pathname, query: url.searchParams, headers: incoming.headers, body };
    const matching = compiled.flatMap((candidate) => {
      const match = candidate.regex.exec(url.pathname);
      return match === null ? [] : [{ candidate, match }];
    });
    const found = matching.find(({ candidate }) => candidate.route.method === method);
    if (found === undefined) {
      if (matching.length > 0) return send({ status: 405, text: '' });
      return send(options.notFound({ ...base, params: {} }));
    }
    const params = Object.fromEntries(
      found.candidate.names.map((name, index) => [name, decodeURIComponent(found.match[index + 1] ?? '')]),
    );
    const request: SimulatorRequest = { ...base, params };
    if (found.candidate.route.public !== true) {
      const refusal = options.authorize(request);
      if (refusal !== undefined) return send(refusal);
    }
    send(found.candidate.route.handler(request));
  }

  const server = createServer((incoming, outgoing) => {
    outgoing.on('error', () => undefined);
    handle(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) writeResponse(outgoing, { status: 500, json: { message: String(error) } });
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (!server.listening) return;
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

function compileRoute(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.pattern
    .split('/')
    .map((segment) => {
      // A bare `:` is a literal segment (Plex's `/photo/:/transcode`), not a parameter.
      if (!segment.startsWith(':') || segment === ':') return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}/?$`), names };
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function writeResponse(outgoing: ServerResponse, response: SimulatorResponse): void {
  const headers: Record<string, string> = { ...(response.headers ?? {}) };
  let payload: string | Buffer = '';
  if (response.bytes !== undefined) {
    payload = response.bytes;
    headers['Content-Type'] = response.contentType ?? 'application/octet-stream';
  } else if (response.json !== undefined) {
    payload = JSON.stringify(response.json);
    headers['Content-Type'] = response.contentType ?? 'application/json; charset=utf-8';
  } else if (response.text !== undefined) {
    payload = response.text;
    if (payload.length > 0) headers['Content-Type'] = response.contentType ?? 'text/plain; charset=utf-8';
  }
  headers['Content-Length'] = String(Buffer.byteLength(payload));
  outgoing.writeHead(response.status, headers);
  outgoing.end(payload);
}

/** A header's first value. */
export function headerValue(request: SimulatorRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** A query parameter read case-insensitively, as ASP.NET (*arr) and Plex read them. */
export function queryValue(request: SimulatorRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of request.query) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** `true`/`1` as true, anything else false; the default when absent. */
export function queryFlag(request: SimulatorRequest, name: string, fallback = false): boolean {
  const value = queryValue(request, name);
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}
