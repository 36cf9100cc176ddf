// GET /api/v1/audit through HTTP over real Postgres: the spec's record shape (string id and
// details, null mediaType and 0 bytes for rows not about media), limit 250 by default and at most
// 1000, the total over the filter and totalBytesFreed over the whole ledger, filters, and a 400
// naming the parameter and its allowed values for every bad one.
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import { CURATION_SERVICE } from '../curation-api.module';
import { AUDIT_ACTIONS, AuditAction } from './audit-actions';
import { AuditLedgerRepository } from './audit-ledger.repository';
import type { AuditRecord } from './audit.spec-helpers';

const ADMIN_KEY = 'audit-e2e-bootstrap-key-0123456789';
const T0 = Date.parse('2026-10-01T00:00:00.000Z');
const HOUR = 3_600_000;
const ROWS = 300;

let service: TestService;
let guestKey: string;
let bytesOverall = 0;

beforeAll(async () => {
  service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
  const created = await request(service.server)
    .post('/api/v1/auth/api-keys')
    .set('X-Api-Key', ADMIN_KEY)
    .send({ name: 'audit guest', role: 'Guest' })
    .expect(201);
  guestKey = (created.body as { key: string }).key;
  const ledger = service.app.get(AuditLedgerRepository);
  // Every third row a prune of a movie (hour n), the others settings changes by two actors.
  for (let n = 0; n < ROWS; n += 1) {
    const prune = n % 3 === 0;
    const bytesFreed = prune ? (n + 1) * 1_000_000_007 : 0;
    bytesOverall += bytesFreed;
    await ledger.append({
      action: prune ? AuditAction.Prune : AuditAction.SettingsUpdated,
      title: prune ? `Movie ${n}` : 'Category settings',
      media: prune ? { itemId: `movie-tmdb-${n}`, mediaType: 'movie' } : undefined,
      bytesFreed,
      actor: n % 2 === 0 ? 'alice' : 'api-key:robot',
      executedAt: new Date(T0 + n * HOUR),
      details: { n },
      outcome: 'completed',
    });
  }
});

afterAll(async () => {
  await service?.close();
});

interface AuditBody {
  logs: AuditRecord[];
  totalBytesFreed: number;
  total: number;
}

const audit = (query: string, key: string = ADMIN_KEY) =>
  request(service.server).get(`/api/v1/audit${query}`).set('X-Api-Key', key);
const page = async (query: string): Promise<AuditBody> => (await audit(query).expect(200)).body as AuditBody;

it('answers 250 records by default, newest first, with the total and the whole ledger bytes', async () => {
  // The key created in beforeAll is a ledger row too (api-key.created), newer than the seeded rows.
  const body = await page('');
  expect(body.logs).toHaveLength(250);
  expect(body.total).toBe(ROWS + 1);
  expect(body.totalBytesFreed).toBe(bytesOverall);
  const times = body.logs.map((record) => Date.parse(record.executedAt));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect(body.logs[0]).toMatchObject({ action: 'api-key.created', title: 'audit guest', mediaType: null });
});

it('shapes records as the spec says: string id and details, null mediaType and 0 bytes off media', async () => {
  const body = await page('?limit=1000');
  expect(body.logs).toHaveLength(ROWS + 1);
  for (const record of body.logs) {
    expect(typeof record.id).toBe('string');
    expect(typeof record.details).toBe('string');
    expect(JSON.parse(record.details)).toEqual(expect.any(Object));
    expect(record.executedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    if (record.action !== 'prune') expect([record.mediaType, record.bytesFreed]).toEqual([null, 0]);
  }
  const prune = body.logs.find((record) => record.action === 'prune' && record.title === 'Movie 3');
  expect(prune).toEqual({
    id: expect.stringMatching(/^\d+$/),
    title: 'Movie 3',
    mediaType: 'movie',
    mediaItemId: 'movie-tmdb-3',
    bytesFreed: 4 * 1_000_000_007,
    actor: 'api-key:robot',
    executedAt: new Date(T0 + 3 * HOUR).toISOString(),
    details: '{"n": 3}',
    action: 'prune',
    outcome: 'completed',
  });
});

it('filters by action, actor and time (from inclusive, to exclusive); totalBytesFreed stays whole', async () => {
  const prunes = await page('?action=prune&limit=1000');
  expect(prunes.total).toBe(ROWS / 3);
  expect(prunes.logs.every((record) => record.action === 'prune')).toBe(true);
  expect(prunes.totalBytesFreed).toBe(bytesOverall);
  const robot = await page('?actor=api-key%3Arobot&action=settings.updated&limit=1000');
  expect(robot.logs.every((record) => record.actor === 'api-key:robot')).toBe(true);
  expect(robot.total).toBe(robot.logs.length);
  const from = new Date(T0 + 10 * HOUR).toISOString();
  const to = new Date(T0 + 20 * HOUR).toISOString();
  const window = await page(`?from=${from}&to=${to}`);
  expect(window.total).toBe(10);
  expect(window.logs.map((record) => record.executedAt).at(-1)).toBe(from);
  expect(window.logs.map((record) => record.executedAt)).not.toContain(to);
  const day = await page('?from=2026-10-02&to=2026-10-03');
  expect(day.total).toBe(24);
});

it('pages by limit and offset without gaps or repeats', async () => {
  const whole = await page('?limit=1000');
  const parts = [
    await page('?limit=120&offset=0'),
    await page('?limit=120&offset=120'),
    await page('?limit=120&offset=240'),
  ];
  expect(parts.flatMap((part) => part.logs.map((record) => record.id))).toEqual(
    whole.logs.map((record) => record.id),
  );
  expect((await page('?offset=5000')).logs).toEqual([]);
});

it.each([
  ['?limit=0', 'limit', 'from 1 to 1000'],
  ['?limit=1001', 'limit', 'from 1 to 1000'],
  ['?limit=ten', 'limit', 'integer'],
  ['?offset=-5', 'offset', 'integer'],
  ['?action=delete-everything', 'action', AUDIT_ACTIONS.join(', ')],
  ['?from=yesterday', 'from', 'ISO 8601'],
  ['?to=2026-02-31', 'to', 'ISO 8601'],
  ['?from=2026-10-01T10:00', 'from', 'ISO 8601'],
  ['?from=2026-10-02&to=2026-10-01', 'to', 'later than from'],
  [`?actor=${'a'.repeat(201)}`, 'actor', 'at most 200'],
  ['?limit=5&limit=6', 'limit', 'once'],
  ['?sort=asc', 'sort', 'not a parameter'],
])('refuses %s with a 400 naming the parameter and what it takes', async (query, parameter, words) => {
  const response = await audit(query);
  expect(response.status).toBe(400);
  expect(response.headers['content-type']).toContain('application/problem+json');
  const body = response.body as { code: string; detail: string };
  expect(body.code).toBe('query.invalid-parameter');
  expect(body.detail).toContain(parameter);
  expect(body.detail).toContain(words);
});

it('refuses Guests (403) and anonymous callers (401)', async () => {
  expect((await audit('', guestKey)).status).toBe(403);
  expect((await request(service.server).get('/api/v1/audit')).status).toBe(401);
});
