// The MCP front door serves the MCP endpoints ahead of Express and Nest. These tests pin that it
// does serve them, and that whatever it answers (hostile and malformed input included) is what the
// same request gets through Express, reached here with a spelling the front door passes on
// (`/MCP`: Express matches paths without regard to case).
import { gzipSync } from 'node:zlib';
import { jest } from '@jest/globals';
import request from 'supertest';
import { McpFrontDoor } from './mcp-front-door';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';

const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
const ACCEPT = 'application/json, text/event-stream';

interface ExpressLayer {
  readonly handle: unknown;
  readonly route?: { readonly path: string };
}

interface Answer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

describe('MCP front door', () => {
  let gateway: GatewayHarness;
  let key: string;
  let served: jest.SpiedFunction<McpFrontDoor['serve']>;

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:
  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
`,
    );
    await gateway.allow('server:everything');
    key = await gateway.appKey(['*']);
    served = jest.spyOn(gateway.service.app.get(McpFrontDoor), 'serve');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  beforeEach(() => served.mockClear());

  /** POSTs `body` to `path` and reports whether the front door served it. */
  async function post(
    path: string,
    body: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Answer & { servedByFrontDoor: boolean }> {
    const response = await request(gateway.service.server)
      .post(path)
      .set({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: ACCEPT, ...headers })
      .send(body);
    const servedByFrontDoor = served.mock.results.some((result) => result.value === true);
    served.mockClear();
    return {
      status: response.status,
      contentType: response.headers['content-type'],
      body: response.body as unknown,
      servedByFrontDoor,
    };
  }

  it('serves the MCP endpoints itself and passes every other request on to Express', async () => {
    const ping = await post('/mcp', PING);
    expect(ping).toMatchObject({ status: 200, servedByFrontDoor: true, body: { id: 1, result: {} } });
    expect((await post('/everything', PING)).servedByFrontDoor).toBe(true);
    expect((await post('/sse', PING)).servedByFrontDoor).toBe(true);

    const passedOn = await post('/MCP', PING);
    expect(passedOn).toMatchObject({ status: 200, servedByFrontDoor: false, body: { id: 1, result: {} } });
    // Unknown and built-in server ids are Nest's 404, as for any unknown path.
    for (const path of ['/no-such-server', '/router', '/health']) {
      expect((await post(path, PING)).servedByFrontDoor).toBe(false);
    }
    await request(gateway.service.server).get('/health').expect(200);
    expect(served.mock.results.every((result) => result.value === false)).toBe(true);
  });

  it.each([
    ['malformed JSON', '{"jsonrpc": "2.0", "id": 1,', {}],
    ['a JSON string instead of an object', '"ping"', {}],
    ['a batch', `[${PING}]`, {}],
    ['an object that is not JSON-RPC', '{"hello": "world"}', {}],
    ['a body over the 4 MB limit', `{"x":"${'a'.repeat(4 * 1024 * 1024)}"}`, {}],
    ['a body nested deeper than the limit', `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, {}],
    ['an unsupported charset', PING, { 'Content-Type': 'application/json; charset=latin9' }],
    ['an unsupported content encoding', PING, { 'Content-Encoding': 'compress' }],
    ['a plain-text body', PING, { 'Content-Type': 'text/plain' }],
    ['an unknown session', PING, { 'Mcp-Session-Id': 'no-such-session' }],
    ['a forged identity header without a trusted proxy', PING, { 'X-Forwarded-User': 'admin' }],
  ])('answers %s exactly as Express does', async (_case, body, headers) => {
    const front = await post('/mcp', body, headers);
    const express = await post('/MCP', body, headers);
    expect(front.servedByFrontDoor).toBe(true);
    expect(express.servedByFrontDoor).toBe(false);
    expect({ ...front, servedByFrontDoor: undefined }).toEqual({
      ...express,
      servedByFrontDoor: undefined,
      // The problem's `instance` is the path as requested.
      body: replaceInstance(express.body, '/mcp'),
    });
  });

  it('inflates a gzip body as Express does', async () => {
    for (const path of ['/mcp', '/MCP']) {
      const response = await fetch(`${gateway.base}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          Accept: ACCEPT,
        },
        body: gzipSync(PING),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    }
    expect(served.mock.results.map((result) => result.value)).toEqual([true, false]);
  });

  it('refuses a request without credentials with the challenge, before reading anything else', async () => {
    const response = await request(gateway.service.server)
      .post('/mcp')
      .set({ 'Content-Type': 'application/json', Accept: ACCEPT })
      .send(PING)
      .expect(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs the steps Express runs before a route, in the same order', () => {
    const frontDoor = gateway.service.app.get(McpFrontDoor);
    const express = gateway.service.app.getHttpAdapter().getInstance() as {
      router: { stack: ExpressLayer[] };
    };
    const layers = express.router.stack;
    const firstRoute = layers.findIndex((layer) => layer.route !== undefined);
    // Express's middleware for every request, less Nest's own response hook (it serves Nest's
    // `onResponse` hooks, which the front door's requests never reach).
    const serviceSteps = layers
      .slice(0, firstRoute)
      .map((layer) => String(layer.handle))
      .filter((source) => !source.includes('onResponseHook'));
    expect(frontDoor.serviceSteps.map(String)).toEqual(serviceSteps);
    // Nest mounts the middleware of `consumer.apply(…).forRoutes('{*splat}')` as catch-all routes.
    const nestMiddleware = layers.filter((layer) => layer.route?.path === '/{*splat}');
    expect(frontDoor.nestSteps).toHaveLength(nestMiddleware.length);
  });

  it('counts its requests in the metrics under the route template', async () => {
    await post('/mcp', PING);
    await post('/everything', PING);
    const metrics = await request(gateway.service.server).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/http_requests_total\{[^}]*method="POST",route="\/mcp",status="200"/);
    expect(metrics.text).toMatch(/http_requests_total\{[^}]*method="POST",route="\/:serverId",status="200"/);
  });
});

function replaceInstance(body: unknown, instance: string): unknown {
  if (typeof body !== 'object' || body === null || !('instance' in body)) return body;
  return { ...body, instance };
}
