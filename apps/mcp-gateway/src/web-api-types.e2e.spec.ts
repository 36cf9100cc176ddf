// The dashboard's API types are generated from this service's OpenAPI document, never written by
// hand: this test regenerates them and fails when the committed file differs. After changing a
// route or a DTO, `npm run api-types` rewrites the file (docs/decisions/049).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from './gateway.test-definition';

const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/mcp-gateway$/, '');
const TYPES_FILE = join(REPOSITORY_ROOT, 'libs/web/gateway-dashboard/src/api/gateway-api.d.ts');
const HEADER = "// Generated from the MCP gateway's OpenAPI document by `npm run api-types`: do not edit.\n";

describe('the dashboard API types', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(gatewayForTests().definition);
  });

  afterAll(async () => {
    await service.close();
  });

  it('match the OpenAPI document the service serves', async () => {
    const document = await request(service.server).get('/docs/openapi.json').expect(200);
    const generated = HEADER + astToString(await openapiTS(document.body as OpenAPI3));
    if (process.env['WRITE_API_TYPES'] === '1') writeFileSync(TYPES_FILE, generated);
    const committed = readFileSync(TYPES_FILE, 'utf8');
    expect({ upToDate: committed === generated }).toEqual({ upToDate: true });
  });
});
