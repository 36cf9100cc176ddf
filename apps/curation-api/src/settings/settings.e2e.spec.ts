// GET/PUT /api/v1/settings over real Postgres: defaults, partial updates, and a 400 naming the
// field and its range for every kind of bad value.
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import { ledgerRecords } from '../audit/audit.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { DEFAULT_CATEGORY_SETTINGS } from './category-settings';

const ADMIN_KEY = 'settings-bootstrap-key-0123456789';

describe('GET/PUT /api/v1/settings', () => {
  let service: TestService;
  const admin = { 'X-Api-Key': ADMIN_KEY };

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
  });

  afterAll(async () => {
    await service.close();
  });

  it("starts with the issue's thresholds", async () => {
    const response = await request(service.server).get('/api/v1/settings').set(admin).expect(200);
    expect(response.body).toMatchObject({
      neverWatchedDays: 90,
      staleDays: 180,
      abandonedDays: 90,
      requestedNotWatchedDays: 30,
      spaceHogMovieGib: 20,
      spaceHog4kMovieGib: 50,
      spaceHogEpisodeGib: 2.5,
      lowResolutionCutoffYear: 2000,
      pre2017CutoffYear: 2017,
    });
    expect(response.body).toMatchObject(DEFAULT_CATEGORY_SETTINGS);
    expect(response.body).toMatchObject({ pruneResetsOverseerr: false, pruneRefreshesPlex: false });
  });

  it('turns the prune follow-ups on and off (decision 043)', async () => {
    const on = await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ pruneResetsOverseerr: true, pruneRefreshesPlex: true })
      .expect(200);
    expect(on.body).toMatchObject({ pruneResetsOverseerr: true, pruneRefreshesPlex: true });
    const off = await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ pruneResetsOverseerr: false })
      .expect(200);
    expect(off.body).toMatchObject({ pruneResetsOverseerr: false, pruneRefreshesPlex: true });
    await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ pruneRefreshesPlex: false })
      .expect(200);
  });

  it('changes only the fields a PUT names, records who, and keeps them', async () => {
    const response = await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ staleDays: 365, spaceHogEpisodeGib: 1.75 })
      .expect(200);
    expect(response.body).toMatchObject({
      ...DEFAULT_CATEGORY_SETTINGS,
      staleDays: 365,
      spaceHogEpisodeGib: 1.75,
      updatedBy: 'bootstrap-api-key',
    });
    const again = await request(service.server).get('/api/v1/settings').set(admin).expect(200);
    expect(again.body).toEqual(response.body);
  });

  it.each([
    [{ staleDays: 0 }, 'staleDays', 'from 1 to 36500'],
    [{ neverWatchedDays: 2.5 }, 'neverWatchedDays', 'an integer'],
    [{ abandonedDays: '90' }, 'abandonedDays', 'an integer'],
    [{ spaceHogMovieGib: -1 }, 'spaceHogMovieGib', 'a number from 0.001'],
    [{ lowResolutionCutoffYear: 1500 }, 'lowResolutionCutoffYear', 'from 1870 to 2200'],
    [{ pre2017CutoffYear: null }, 'pre2017CutoffYear', 'an integer'],
    [{ staleDays: 100, colour: 'red' }, 'colour', 'not a setting'],
    [{ pruneResetsOverseerr: 'yes' }, 'pruneResetsOverseerr', 'true or false'],
    [{ pruneRefreshesPlex: 1 }, 'pruneRefreshesPlex', 'true or false'],
  ])('refuses %j with a 400 naming the field and what it takes', async (body, field, words) => {
    const before = await request(service.server).get('/api/v1/settings').set(admin).expect(200);
    const response = await request(service.server).put('/api/v1/settings').set(admin).send(body).expect(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.detail).toContain(field);
    expect(response.body.detail).toContain(words);
    const after = await request(service.server).get('/api/v1/settings').set(admin).expect(200);
    expect(after.body).toEqual(before.body);
  });

  it('records each change in the ledger as old → new for the fields that changed; refusals and no-ops none', async () => {
    const before = await ledgerRecords(service, ADMIN_KEY, { action: 'settings.updated' });
    // staleDays is 365 since the test above: giving it again changes nothing.
    await request(service.server).put('/api/v1/settings').set(admin).send({ staleDays: 365 }).expect(200);
    await request(service.server).put('/api/v1/settings').set(admin).send({}).expect(200);
    await request(service.server).put('/api/v1/settings').set(admin).send({ staleDays: -1 }).expect(400);
    await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ staleDays: 365, neverWatchedDays: 120, spaceHogMovieGib: 25.5 })
      .expect(200);
    const after = await ledgerRecords(service, ADMIN_KEY, { action: 'settings.updated' });
    expect(after.length - before.length).toBe(1);
    expect(after[0]).toMatchObject({
      title: 'Category settings',
      actor: 'bootstrap-api-key',
      mediaType: null,
      bytesFreed: 0,
    });
    expect(after[0]?.parsed).toEqual({
      changes: { neverWatchedDays: { from: 90, to: 120 }, spaceHogMovieGib: { from: 20, to: 25.5 } },
    });
    // The first test's change is on record too.
    expect(before[0]?.parsed).toEqual({
      changes: { staleDays: { from: 180, to: 365 }, spaceHogEpisodeGib: { from: 2.5, to: 1.75 } },
    });
  });

  it('records a change of the prune settings too', async () => {
    const before = await ledgerRecords(service, ADMIN_KEY, { action: 'settings.updated' });
    await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ pruneRefreshesPlex: true })
      .expect(200);
    await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ pruneRefreshesPlex: false })
      .expect(200);
    const after = await ledgerRecords(service, ADMIN_KEY, { action: 'settings.updated' });
    expect(after.length - before.length).toBe(2);
    expect(after[1]).toMatchObject({ title: 'Prune settings' });
    expect(after[1]?.parsed).toEqual({ changes: { pruneRefreshesPlex: { from: false, to: true } } });
    expect(after[0]?.parsed).toEqual({ changes: { pruneRefreshesPlex: { from: true, to: false } } });
  });

  it('refuses anonymous callers', async () => {
    await request(service.server).get('/api/v1/settings').expect(401);
    await request(service.server).put('/api/v1/settings').send({ staleDays: 10 }).expect(401);
  });
});
