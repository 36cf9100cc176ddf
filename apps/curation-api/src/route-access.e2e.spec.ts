// Deny by default (docs/decisions/025): every route the curation API answers, with who may call
// it. A new route fails this test until it declares its rule and the table below names it; every
// route the table marks Admin-only is then proven to refuse a Guest (403) and an anonymous caller
// (401), whichever feature added it.
import {
  OPENAPI_DOCS_ROUTES,
  routeAccessTable,
  SERVICE_KIT_ROUTES,
  startTestService,
  type TestService,
  UNDECLARED,
} from '@platform/testing-service';
import request from 'supertest';
import { CURATION_SERVICE } from './curation-api.module';

const ADMIN = 'roles: Admin';

const EXPECTED: Record<string, string> = {
  ...SERVICE_KIT_ROUTES,
  ...OPENAPI_DOCS_ROUTES,
  'POST /api/v1/auth/plex': 'public',
  'POST /api/v1/auth/plex/pin': 'public',
  'POST /api/v1/auth/plex/pin/:id': 'public',
  'POST /api/v1/auth/logout': 'public',
  'GET /api/v1/auth/me': 'public',
  'GET /api/v1/auth/users': ADMIN,
  'PUT /api/v1/auth/users/:id/role': ADMIN,
  'DELETE /api/v1/auth/users/:id': ADMIN,
  'POST /api/v1/auth/api-keys': ADMIN,
  'GET /api/v1/auth/api-keys': ADMIN,
  'DELETE /api/v1/auth/api-keys/:id': ADMIN,
  // Public by decision 034: a sign-in page shows whether a server is bound; it holds no secret.
  'GET /api/v1/mediaserver/status': 'public',
  'GET /api/v1/mediaserver/servers': ADMIN,
  'POST /api/v1/mediaserver/bind': ADMIN,
  'GET /api/v1/connections': ADMIN,
  'POST /api/v1/connections': ADMIN,
  'GET /api/v1/connections/:id': ADMIN,
  'PUT /api/v1/connections/:id': ADMIN,
  'DELETE /api/v1/connections/:id': ADMIN,
  'POST /api/v1/connections/:id/test': ADMIN,
  'GET /api/v1/settings': ADMIN,
  'PUT /api/v1/settings': ADMIN,
  'GET /api/v1/categories': 'roles: Admin, Guest',
  'GET /api/v1/catalog': 'roles: Admin, Guest',
  'GET /api/v1/catalog/:id': 'roles: Admin, Guest',
  'GET /api/v1/catalog/:id/poster': 'roles: Admin, Guest',
  'POST /api/v1/sync': ADMIN,
  'GET /api/v1/sync/status': 'roles: Admin, Guest',
  'POST /api/v1/catalog/protect': ADMIN,
  'POST /api/v1/catalog/:id/protect': ADMIN,
  'POST /api/v1/catalog/:id/request-protect': 'roles: Admin, Guest',
  'GET /api/v1/protection-requests': 'roles: Admin, Guest',
  'POST /api/v1/protection-requests/:id/approve': ADMIN,
  'POST /api/v1/protection-requests/:id/deny': ADMIN,
  'POST /api/v1/protection-requests/:id/withdraw': 'roles: Admin, Guest',
  'GET /api/v1/audit': ADMIN,
  'POST /api/v1/prune': ADMIN,
  // API keys only, never a session (decision 045); each tool checks its own role.
  'ALL /mcp': 'roles: Admin, Guest',
  // Legacy HTTP+SSE messages (decision 047): the same keys; a session answers only the key that opened it.
  'POST /mcp/messages': 'roles: Admin, Guest',
};

const BOOTSTRAP_KEY = 'route-access-bootstrap-key-0123456789';
// Any path parameter: a UUID, so routes that parse ids would accept it had the guard let it in.
const SAMPLE_PARAMETER = '7d9c1f5e-3a0b-4c2d-9e8f-1a2b3c4d5e6f';

describe('route access of the curation API', () => {
  let service: TestService;
  let guestKey: string;

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY });
    const created = await request(service.server)
      .post('/api/v1/auth/api-keys')
      .set('X-Api-Key', BOOTSTRAP_KEY)
      .send({ name: 'route-access guest', role: 'Guest' })
      .expect(201);
    guestKey = (created.body as { key: string }).key;
  });

  afterAll(async () => {
    await service.close();
  });

  it('guards every route as the table says, and no route goes without a rule', () => {
    const table = routeAccessTable(service.app);
    expect(Object.values(table)).not.toContain(UNDECLARED);
    expect(table).toEqual(EXPECTED);
  });

  it('refuses every Admin route to an anonymous caller (401) and to a Guest (403)', async () => {
    const adminRoutes = Object.entries(routeAccessTable(service.app))
      .filter(([, rule]) => rule === ADMIN)
      .map(([route]) => route);
    expect(adminRoutes.length).toBeGreaterThan(0);
    const outcomes: Record<string, [number, number]> = {};
    for (const route of adminRoutes) {
      const [method = '', path = ''] = route.split(' ');
      const url = path.replace(/:[A-Za-z]+/g, SAMPLE_PARAMETER);
      const send = (headers: Record<string, string>) => {
        let call = request(service.server)[
          method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'
        ](url);
        for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
        return method === 'GET' || method === 'DELETE' ? call : call.send({});
      };
      const anonymous = await send({});
      const guest = await send({ 'X-Api-Key': guestKey });
      outcomes[route] = [anonymous.status, guest.status];
    }
    expect(outcomes).toEqual(Object.fromEntries(adminRoutes.map((route) => [route, [401, 403]])));
  });
});
