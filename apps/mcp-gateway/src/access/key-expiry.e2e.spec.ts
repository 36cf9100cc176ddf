// An AppKey's expiry goes by the gateway's clock, from creation (ExpiresAt) through the
// verification cache to the refusal: a test steps the clock instead of editing the database.
import request from 'supertest';
import { ManualClock } from '@platform/service-kit';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../gateway.test-definition';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('AppKey expiry by the gateway clock', () => {
  const clock = new ManualClock(Date.now());
  let service: TestService;
  let adminKey: string;

  beforeAll(async () => {
    const { definition, secrets } = gatewayForTests({ clock });
    service = await startTestService(definition, { LOG_LEVEL: 'error' });
    adminKey = secrets.adminKey();
  });

  afterAll(async () => {
    await service.close();
  });

  it('accepts a one-day key until a day has passed, then refuses it as expired', async () => {
    const created = await request(service.server)
      .post('/api/appkeys')
      .set('Authorization', `Bearer ${adminKey}`)
      .send({ name: 'one-day', scopes: ['server:files'], expiresInDays: 1 })
      .expect(201);
    expect(Date.parse(created.body.expiresAt)).toBe(clock.nowMs() + DAY_MS);
    const key = created.body.plaintextKey as string;

    clock.advance(DAY_MS - 1);
    await request(service.server).get('/api/me').set('X-App-Key', key).expect(200);

    clock.advance(1);
    const expired = await request(service.server).get('/api/me').set('X-App-Key', key).expect(401);
    expect(expired.body.detail).toBe('App Key has expired.');
  });
});
