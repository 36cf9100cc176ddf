// No page on another site can make a signed-in browser change anything through the gateway.
// Behind a cookie-based SSO proxy the browser authenticates every request it sends, whoever's page
// sent it; so every state-changing route, as the router has them (a route added later is covered
// without touching this file), must refuse a foreign Origin before it authenticates or acts, and
// refuse bodies that are not JSON (the only kind a foreign page can send without asking the browser
// first). The MCP endpoints apply the same rule themselves and answer in JSON-RPC.
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { type GatewayHarness, startGatewayHarness } from './testing/gateway-harness.spec-helpers';

const PROXY_SECRET = 'proxy-secret-0123456789abcdef';
const ADMIN_SID = 'S-1-5-32-544';
const PUBLIC_URL = 'https://gateway.example';
/** Registered through the API, so the API may change it; never connected to. */
const SERVER_ID = 'wiki';
/** What a route's parameters are filled with: the guard decides before any parameter is read. */
const PARAMETER = '00000000-0000-4000-8000-000000000000';
/** RFC 9110 safe methods; every other method changes state. */
const SAFE_METHODS = new Set(['get', 'head', 'options', 'trace']);
/** The MCP endpoints (spec 4.1), which McpRequestGuard guards with the same rule. */
const MCP_PATHS = new Set(['/sse', '/message', '/mcp', '/:serverId']);

interface MountedRoute {
  readonly method: string;
  /** As mounted, e.g. `/api/servers/:id/disable`. */
  readonly template: string;
  /** With its parameters filled in. */
  readonly path: string;
  readonly mcp: boolean;
}

interface ExpressRouter {
  readonly stack: ReadonlyArray<{
    readonly route?: { readonly path: unknown; readonly methods: Readonly<Record<string, boolean>> };
  }>;
}

/** Every state-changing endpoint Nest mounted on Express, in mounting order. */
function stateChangingRoutes(app: NestExpressApplication): MountedRoute[] {
  const router = (app.getHttpAdapter().getInstance() as { router: ExpressRouter }).router;
  return router.stack.flatMap((layer) => {
    const route = layer.route;
    // Wildcard routes (`/{*splat}`) are Nest's middleware mounts (the SSO header rules), not endpoints.
    if (route === undefined || typeof route.path !== 'string' || route.path.includes('*')) return [];
    const template = route.path;
    return Object.keys(route.methods)
      .filter((method) => !SAFE_METHODS.has(method))
      .map((method) => ({
        // `_all` (an @All() route) answers every method; POST stands for the ones that change state.
        method: method === '_all' ? 'post' : method,
        template,
        path: concretePath(template),
        mcp: MCP_PATHS.has(template),
      }));
  });
}

function concretePath(template: string): string {
  if (template === '/:serverId') return `/${SERVER_ID}`;
  // Without a session id `/message` answers 400 before it looks at anything else.
  if (template === '/message') return `/message?sessionId=${PARAMETER}`;
  return template.replace(/:[A-Za-z]+/g, PARAMETER);
}

function describeRoute(route: MountedRoute): string {
  return `${route.method.toUpperCase()} ${route.template}`;
}

describe('cross-site requests to the gateway', () => {
  let gateway: GatewayHarness;
  let routes: MountedRoute[];
  const admin = (): Record<string, string> => ({ Authorization: `Bearer ${gateway.adminKey}` });
  const send = (route: MountedRoute) => request(gateway.service.server)[route.method as 'post'](route.path);

  beforeAll(async () => {
    gateway = await startGatewayHarness('servers: []\n', {
      GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
      GATEWAY_PUBLIC_URL: PUBLIC_URL,
    });
    await request(gateway.service.server)
      .post('/api/servers')
      .set(admin())
      .send({ id: SERVER_ID, url: 'https://wiki.example/mcp', type: 'sse' })
      .expect(201);
    routes = stateChangingRoutes(gateway.service.app);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  it('finds every state-changing route in the router', () => {
    const names = routes.map(describeRoute);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/servers',
        'PUT /api/servers/:id',
        'DELETE /api/servers/:id',
        'POST /api/servers/:id/disable',
        'POST /api/appkeys',
        'POST /api/appkeys/:id/rotate',
        'DELETE /api/appkeys/:id',
        'POST /api/policies',
        'POST /mcp',
        'DELETE /:serverId',
      ]),
    );
    expect(routes.filter((route) => !route.mcp).length).toBeGreaterThanOrEqual(20);
  });

  it('refuses a foreign Origin on every one of them, before authenticating or acting', async () => {
    const accepted: string[] = [];
    for (const route of routes) {
      const response = await send(route)
        .set({ ...admin(), Origin: 'https://evil.example', 'Content-Type': 'application/json' })
        .send('{}');
      const refused = route.mcp
        ? response.status === 403 &&
          response.body.error?.message === "Origin 'https://evil.example' is not allowed"
        : response.status === 403 && response.body.code === 'request.cross-site';
      if (!refused) accepted.push(`${describeRoute(route)} answered ${response.status}`);
    }
    expect(accepted).toEqual([]);
  });

  it('refuses a request the browser marked cross-site on every one of them, even without an Origin', async () => {
    const accepted: string[] = [];
    for (const route of routes) {
      const response = await send(route).set({ ...admin(), 'Sec-Fetch-Site': 'cross-site' });
      if (response.status !== 403) accepted.push(`${describeRoute(route)} answered ${response.status}`);
    }
    expect(accepted).toEqual([]);
  });

  it('answers a body that is not JSON with 415 on every route outside the MCP endpoints', async () => {
    const accepted: string[] = [];
    for (const route of routes.filter((candidate) => !candidate.mcp)) {
      const response = await send(route)
        .set({ ...admin(), 'Content-Type': 'text/plain' })
        .send('{"name":"smuggled","scopes":["*"]}');
      if (response.status !== 415 || response.body.code !== 'http.unsupported-media-type') {
        accepted.push(`${describeRoute(route)} answered ${response.status}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  describe('behind a cookie-based SSO proxy', () => {
    const signedInAdministrator = {
      'X-Proxy-Auth': PROXY_SECRET,
      'Remote-User': 'alice',
      'Remote-User-Sid': ADMIN_SID,
    };
    const enabled = async (): Promise<boolean> =>
      (
        await request(gateway.service.server)
          .get(`/api/servers/${SERVER_ID}`)
          .set(signedInAdministrator)
          .expect(200)
      ).body.enabled as boolean;

    it('does not let a foreign page disable a server with a body-less POST', async () => {
      const response = await request(gateway.service.server)
        .post(`/api/servers/${SERVER_ID}/disable`)
        .set({ ...signedInAdministrator, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
        .expect(403);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).toMatchObject({
        status: 403,
        code: 'request.cross-site',
        detail: "Origin 'https://evil.example' is not allowed",
      });
      expect(await enabled()).toBe(true);
    });

    it("still serves the gateway's own pages (GATEWAY_PUBLIC_URL) and clients that are not browsers", async () => {
      await request(gateway.service.server)
        .post(`/api/servers/${SERVER_ID}/disable`)
        .set({ ...signedInAdministrator, Host: 'gateway.example', Origin: PUBLIC_URL })
        .expect(200);
      expect(await enabled()).toBe(false);
      await request(gateway.service.server).post(`/api/servers/${SERVER_ID}/enable`).set(admin()).expect(200);
      expect(await enabled()).toBe(true);
    });
  });
});
