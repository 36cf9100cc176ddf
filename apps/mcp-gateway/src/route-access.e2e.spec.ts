// Deny by default (docs/decisions/025): every route the gateway answers, with who may call it. A
// new route fails this test until it declares its rule and the table below names it. Roles are
// the administration API's (access/authentication/api-access.decorators.ts): `user` is anyone
// signed in but a machine key, `administrator` an administrator, `machine` an AppKey caller.
import {
  OPENAPI_DOCS_ROUTES,
  OUTSIDE_NEST,
  routeAccessTable,
  SERVICE_KIT_ROUTES,
  startTestService,
  type TestService,
  UNDECLARED,
} from '@platform/testing-service';
import { gatewayForTests } from './gateway.test-definition';

/**
 * The MCP endpoints authenticate every request themselves (McpRequestGuard: 401 with the
 * protected-resource hint, the direct view's 404 and 403), answering in JSON-RPC; most requests
 * to them never reach Nest, since the MCP front door (decision 015) serves them first with the
 * same guard. These Nest routes take what the front door passes on.
 */
const MCP_TRANSPORT = 'transport: McpRequestGuard, answering in JSON-RPC (also in the MCP front door)';
const USER = 'roles: user';
const ADMINISTRATOR = 'roles: administrator';
const USER_OR_MACHINE = 'roles: user, machine';

const EXPECTED: Record<string, string> = {
  ...SERVICE_KIT_ROUTES,
  ...OPENAPI_DOCS_ROUTES,
  // SsoHeaderNestMiddleware, mounted for every path: it strips forged identity headers and passes
  // every request on; it answers none itself.
  'ALL /{*splat}': OUTSIDE_NEST,
  'GET /sse': MCP_TRANSPORT,
  'POST /sse': MCP_TRANSPORT,
  'DELETE /sse': MCP_TRANSPORT,
  'POST /message': MCP_TRANSPORT,
  'GET /mcp': MCP_TRANSPORT,
  'POST /mcp': MCP_TRANSPORT,
  'DELETE /mcp': MCP_TRANSPORT,
  'GET /:serverId': MCP_TRANSPORT,
  'POST /:serverId': MCP_TRANSPORT,
  'DELETE /:serverId': MCP_TRANSPORT,
  // Self-service: every user manages their own keys, administrators everyone's (AppKeyService).
  'GET /api/appkeys/limits': USER,
  'POST /api/appkeys': USER,
  'GET /api/appkeys': USER,
  'DELETE /api/appkeys/:id': USER,
  'POST /api/appkeys/:id/rotate': USER,
  'POST /api/clients': USER,
  'GET /api/clients': USER,
  'DELETE /api/clients/:id': USER,
  'POST /api/clients/:id/rotate': USER,
  'POST /api/access/explain': ADMINISTRATOR,
  'GET /api/policies': ADMINISTRATOR,
  'POST /api/policies': ADMINISTRATOR,
  'PUT /api/policies/:id': ADMINISTRATOR,
  'DELETE /api/policies/:id': ADMINISTRATOR,
  'GET /api/group-mappings': ADMINISTRATOR,
  'POST /api/group-mappings': ADMINISTRATOR,
  'DELETE /api/group-mappings/:id': ADMINISTRATOR,
  'GET /api/settings': ADMINISTRATOR,
  'PATCH /api/settings': ADMINISTRATOR,
  'GET /api/audit': ADMINISTRATOR,
  'GET /api/servers': ADMINISTRATOR,
  'GET /api/catalog/counts': ADMINISTRATOR,
  'GET /api/servers/:id': ADMINISTRATOR,
  'POST /api/servers': ADMINISTRATOR,
  'PUT /api/servers/:id': ADMINISTRATOR,
  'DELETE /api/servers/:id': ADMINISTRATOR,
  'POST /api/servers/:id/reconnect': ADMINISTRATOR,
  'POST /api/servers/:id/enable': ADMINISTRATOR,
  'POST /api/servers/:id/disable': ADMINISTRATOR,
  // Read-only, and what a pipeline's AppKey may ask: who am I, and what would the router answer.
  'GET /api/me': USER_OR_MACHINE,
  'POST /api/test/resources/read': USER_OR_MACHINE,
  'POST /api/test/prompts/get': USER_OR_MACHINE,
  // RFC 9728 metadata: how a client without a token learns where to get one.
  'GET /.well-known/oauth-protected-resource': 'public',
  'GET /.well-known/oauth-protected-resource/*path': 'public',
};

describe('route access of the gateway', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(gatewayForTests().definition, { LOG_LEVEL: 'error' });
  });

  afterAll(async () => {
    await service.close();
  });

  it('guards every route as the table says, and no route goes without a rule', () => {
    const table = routeAccessTable(service.app);
    expect(Object.values(table)).not.toContain(UNDECLARED);
    expect(table).toEqual(EXPECTED);
  });
});
