// Keeps the README's status note true for this service (issue 15, item 18): it says the curation
// features are still to come exactly while the running API serves no `/api/v1` path. Whoever adds
// the first curation endpoint, or claims one, must update the other side.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { CURATION_SERVICE } from './curation-api.module';

const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/curation-api$/, '');
const NOT_YET = 'the API serves no `/api/v1` path yet';

describe('README status of the curation API', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE);
  });

  afterAll(async () => {
    await service.close();
  });

  it('says the features are still to come exactly while no /api/v1 path is served', async () => {
    const document = await request(service.server).get('/docs/openapi.json').expect(200);
    const served = Object.keys(document.body.paths as Record<string, unknown>).filter((path) =>
      path.startsWith('/api/v1'),
    );
    const readme = readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8').replace(/\s*\n>?\s*/g, ' ');
    expect({ served, readmeSaysNotYet: readme.includes(NOT_YET) }).toEqual({
      served,
      readmeSaysNotYet: served.length === 0,
    });
  });
});
