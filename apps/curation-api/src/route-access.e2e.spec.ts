// Deny by default (docs/decisions/025): every route the curation API answers, with who may call
// it. A new route fails this test until it declares its rule and the table below names it.
import {
  OPENAPI_DOCS_ROUTES,
  routeAccessTable,
  SERVICE_KIT_ROUTES,
  startTestService,
  type TestService,
  UNDECLARED,
} from '@platform/testing-service';
import { CURATION_SERVICE } from './curation-api.module';

const EXPECTED: Record<string, string> = {
  ...SERVICE_KIT_ROUTES,
  ...OPENAPI_DOCS_ROUTES,
  // Public by decision 034: a sign-in page shows whether a server is bound; it holds no secret.
  'GET /api/v1/mediaserver/status': 'public',
  'GET /api/v1/mediaserver/servers': 'roles: Admin',
  'POST /api/v1/mediaserver/bind': 'roles: Admin',
  'GET /api/v1/connections': 'roles: Admin',
  'POST /api/v1/connections': 'roles: Admin',
  'GET /api/v1/connections/:id': 'roles: Admin',
  'PUT /api/v1/connections/:id': 'roles: Admin',
  'DELETE /api/v1/connections/:id': 'roles: Admin',
  'POST /api/v1/connections/:id/test': 'roles: Admin',
};

describe('route access of the curation API', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE);
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
