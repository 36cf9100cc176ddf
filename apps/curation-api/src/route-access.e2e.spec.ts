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
  'POST /api/v1/sync': 'roles: Admin',
  'GET /api/v1/sync/status': 'roles: Admin, Guest',
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
