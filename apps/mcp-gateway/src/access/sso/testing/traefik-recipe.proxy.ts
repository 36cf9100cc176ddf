// For tests only: a stand-in for Traefik that does exactly what the README's Traefik recipe
// configures, because no Traefik binary can run here (there is none in Debian or on npm). It
// reads the recipe's dynamic configuration and applies the router's middlewares in order, with
// the semantics of Traefik's own code (pkg/middlewares/auth/forward.go, headers/header.go):
// - forwardAuth: a GET to `address` with the request's headers and X-Forwarded-Method, -Proto,
//   -Host, -Uri and -For; a non-2xx answer goes back to the client as it is; on 2xx, every
//   header named in authResponseHeaders is deleted from the request and copied from the answer
//   when the answer has it;
// - headers.customRequestHeaders: an empty value deletes the header, any other sets it.
// Like Go's HTTP server, it keys headers by canonical name (textproto.CanonicalMIMEHeaderKey),
// which is what Traefik's deletions match. A key in the recipe that is not implemented here
// throws, so the recipe cannot grow an option this stand-in would silently ignore.
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'yaml';

type Middleware =
  | { kind: 'forwardAuth'; address: string; authResponseHeaders: readonly string[] }
  | { kind: 'headers'; customRequestHeaders: ReadonlyMap<string, string> };

interface Recipe {
  readonly middlewares: readonly Middleware[];
  readonly serviceUrl: string;
}

/** Go's canonical header key: `groupsid` → `Groupsid`, `remote-user` → `Remote-User`. */
export function canonicalHeaderKey(name: string): string {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) return name;
  return name
    .split('-')
    .map((part) => part.slice(0, 1).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

export interface TraefikStandIn {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves the recipe's one router on a loopback port. */
export async function startTraefikStandIn(dynamicConfiguration: string): Promise<TraefikStandIn> {
  const recipe = readRecipe(parse(dynamicConfiguration) as unknown);
  const server: Server = createServer((request, response) => {
    void handle(recipe, request)
      .then((answer) => {
        response.writeHead(answer.status, withoutHopByHop(answer.headers));
        response.end(answer.body);
      })
      .catch((error: unknown) => {
        response.writeHead(502, { 'Content-Type': 'text/plain' });
        response.end(error instanceof Error ? error.message : String(error));
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.close();
      server.closeAllConnections();
      await once(server, 'close');
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string[]>;
  body: Buffer;
}

async function handle(recipe: Recipe, request: IncomingMessage): Promise<Answer> {
  const headers = canonicalHeaders(request.rawHeaders);
  const body = await readAll(request);
  for (const middleware of recipe.middlewares) {
    if (middleware.kind === 'headers') {
      for (const [name, value] of middleware.customRequestHeaders) {
        if (value === '') headers.delete(canonicalHeaderKey(name));
        else headers.set(canonicalHeaderKey(name), [value]);
      }
      continue;
    }
    const auth = await send('GET', middleware.address, forwardAuthHeaders(headers, request), Buffer.alloc(0));
    if (auth.status < 200 || auth.status >= 300) return auth;
    for (const name of middleware.authResponseHeaders) {
      const key = canonicalHeaderKey(name);
      headers.delete(key);
      const values = auth.headers[key];
      if (values !== undefined && values.length > 0) headers.set(key, values);
    }
  }
  return send(request.method ?? 'GET', new URL(request.url ?? '/', recipe.serviceUrl).href, headers, body);
}

/** Hop-by-hop headers (and the length, which the body written here sets): never forwarded. */
const HOP_BY_HOP = new Set([
  'Connection',
  'Keep-Alive',
  'Te',
  'Trailers',
  'Transfer-Encoding',
  'Upgrade',
  'Content-Length',
]);

function withoutHopByHop(headers: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function forwardAuthHeaders(
  headers: ReadonlyMap<string, string[]>,
  request: IncomingMessage,
): Map<string, string[]> {
  const forwarded = new Map([...headers].filter(([name]) => !HOP_BY_HOP.has(name)));
  forwarded.set('X-Forwarded-For', [request.socket.remoteAddress ?? '']);
  forwarded.set('X-Forwarded-Method', [request.method ?? 'GET']);
  forwarded.set('X-Forwarded-Proto', ['http']);
  forwarded.set('X-Forwarded-Host', [request.headers.host ?? '']);
  forwarded.set('X-Forwarded-Uri', [request.url ?? '/']);
  return forwarded;
}

function canonicalHeaders(rawHeaders: readonly string[]): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const key = canonicalHeaderKey(rawHeaders[index] ?? '');
    headers.set(key, [...(headers.get(key) ?? []), rawHeaders[index + 1] ?? '']);
  }
  return headers;
}

function send(
  method: string,
  url: string,
  headers: ReadonlyMap<string, string[]>,
  body: Buffer,
): Promise<Answer> {
  const flat: string[] = [];
  for (const [name, values] of headers) {
    if (HOP_BY_HOP.has(name)) continue;
    for (const value of values) flat.push(name, value);
  }
  if (body.length > 0) flat.push('Content-Length', String(body.length));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers: flat }, (response) => {
      void readAll(response).then(
        (responseBody) =>
          resolve({
            status: response.statusCode ?? 502,
            headers: Object.fromEntries(canonicalHeaders(response.rawHeaders)),
            body: responseBody,
          }),
        reject,
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The router, its middlewares and its service, checked against what this stand-in implements. */
function readRecipe(document: unknown): Recipe {
  const http = mapping(mapping(document, 'the document', ['http'])['http'], 'http', [
    'routers',
    'middlewares',
    'services',
  ]);
  const routers = Object.entries(mapping(http['routers'], 'http.routers'));
  if (routers.length !== 1) throw new Error('the recipe should have exactly one router');
  const [routerName, routerValue] = routers[0] ?? ['', undefined];
  const router = mapping(routerValue, `router ${routerName}`, ['rule', 'middlewares', 'service']);
  const definitions = new Map(Object.entries(mapping(http['middlewares'], 'http.middlewares')));
  const middlewares = stringList(router['middlewares'], `router ${routerName}: middlewares`).map((name) =>
    readMiddleware(name, definitions.get(name)),
  );
  const services = new Map(Object.entries(mapping(http['services'], 'http.services')));
  const serviceName = String(router['service']);
  const service = mapping(services.get(serviceName), `service ${serviceName}`, ['loadBalancer']);
  const servers = mapping(service['loadBalancer'], `service ${serviceName}.loadBalancer`, ['servers'])[
    'servers'
  ];
  if (!Array.isArray(servers) || servers.length !== 1) throw new Error('the service should list one server');
  const serviceUrl = mapping(servers[0], 'server', ['url'])['url'];
  if (typeof serviceUrl !== 'string') throw new Error('the server needs a url');
  return { middlewares, serviceUrl };
}

function readMiddleware(name: string, definition: unknown): Middleware {
  const kinds = mapping(definition, `middleware ${name}`, ['forwardAuth', 'headers']);
  if (Object.keys(kinds).length !== 1) throw new Error(`middleware ${name} should be of one kind`);
  if (kinds['forwardAuth'] !== undefined) {
    const forwardAuth = mapping(kinds['forwardAuth'], `${name}.forwardAuth`, [
      'address',
      'authResponseHeaders',
    ]);
    if (typeof forwardAuth['address'] !== 'string') throw new Error(`${name}.forwardAuth needs an address`);
    return {
      kind: 'forwardAuth',
      address: forwardAuth['address'],
      authResponseHeaders: stringList(
        forwardAuth['authResponseHeaders'],
        `${name}.forwardAuth.authResponseHeaders`,
      ),
    };
  }
  const headers = mapping(kinds['headers'], `${name}.headers`, ['customRequestHeaders']);
  const custom = mapping(headers['customRequestHeaders'], `${name}.headers.customRequestHeaders`);
  return {
    kind: 'headers',
    customRequestHeaders: new Map(Object.entries(custom).map(([key, value]) => [key, String(value ?? '')])),
  };
}

/** `value` as a mapping whose keys are all in `allowed` (any keys when it is not given). */
function mapping(value: unknown, where: string, allowed?: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where} should be a mapping`);
  const record = value as Record<string, unknown>;
  const unknown = allowed === undefined ? [] : Object.keys(record).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new Error(`${where}: the Traefik stand-in does not implement ${unknown.join(', ')}`);
  return record;
}

function stringList(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`${where} should be a list of names`);
  }
  return value;
}
