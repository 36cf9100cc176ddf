// Replicas must share one secret key (docs/decisions/058): a second process on the database with
// another key refuses to start, naming the cause, instead of failing every request that needs a
// stored token; a process with the same key starts and opens what the first one sealed.
import { randomBytes } from 'node:crypto';
import { startServiceOn, startTestService, type TestService } from '@platform/testing-service';
import { CURATION_SERVICE } from '../curation-api.module';
import { SecretBox } from './secret-box';
import { KEY_MISMATCH_MESSAGE } from './secret-key.check';

const KEY = randomBytes(32).toString('base64');

describe('one secret key for every replica', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_SECRET_KEY: KEY });
  });

  afterAll(async () => {
    await service.close();
  });

  it('refuses to start a replica with another key, and starts one with the same key', async () => {
    const other = randomBytes(32).toString('base64');
    await expect(
      startServiceOn(CURATION_SERVICE, service.database.url, { CURATION_SECRET_KEY: other }),
    ).rejects.toThrow(KEY_MISMATCH_MESSAGE);

    const sealed = service.app.get(SecretBox).seal('a stored token', 'media server token');
    const replica = await startServiceOn(CURATION_SERVICE, service.database.url, {
      CURATION_SECRET_KEY: KEY,
    });
    try {
      expect(replica.get(SecretBox).open(sealed, 'media server token')).toBe('a stored token');
    } finally {
      await replica.close();
    }
  });
});
