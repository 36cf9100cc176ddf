// Protection requests through HTTP over real Postgres: filing (any signed-in caller, a Plex Guest
// included), one pending request per requester and item even under concurrent calls, the lists
// Admins and requesters see, approve/deny/withdraw with who, when and a note, a decision made
// once even when approve races deny, and a ledger row for every step.
import {
  generateMediaLibrary,
  type LibraryUser,
  type PlexTvSimulator,
  startPlexTv,
} from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import type { Response } from 'supertest';
import { ledgerRecords } from '../audit/audit.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { ProtectionRequestService } from './protection-request.service';
import { ProtectionService } from './protection.service';
import {
  fixtureAdminKey,
  get,
  ITEMS,
  post,
  prepareProtectionFixture,
  problem,
  type ProtectionFixture,
  resetItems,
} from './protection-fixture.spec-helpers';

const PLEX_SERVER_URL = 'http://127.0.0.1:32400';

let service: TestService;
let fixture: ProtectionFixture;
let plexTv: PlexTvSimulator;
let friend: LibraryUser;
const [alien, aliens, alien3, breakingBad, thrones, alienImdb] = ITEMS;

interface RequestBody {
  id: string;
  mediaItemId: string;
  title: string | null;
  status: string;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
}

beforeAll(async () => {
  const library = generateMediaLibrary({ seed: 'curation-protection-requests', items: 10 });
  plexTv = await startPlexTv({ library, plexServerUrl: PLEX_SERVER_URL });
  const owner = library.users.find((user) => user.kind === 'owner');
  const found = library.users.find((user) => user.kind === 'shared' && user.hasServerAccess);
  if (owner === undefined || found === undefined) throw new Error('the library needs an owner and a friend');
  friend = found;
  service = await startTestService(CURATION_SERVICE, {
    CURATION_BOOTSTRAP_API_KEY: fixtureAdminKey('requests'),
    CURATION_PLEX_TV_URL: plexTv.url,
  });
  fixture = await prepareProtectionFixture(service, 'requests');
  await fixture.service.app.get(MediaServerBindingRepository).replace({
    machineIdentifier: library.server.machineIdentifier,
    name: library.server.name,
    baseUrl: PLEX_SERVER_URL,
    token: owner.serverToken,
    ownerAccountId: String(owner.plexId),
    boundBy: 'bootstrap-api-key',
  });
});

afterAll(async () => {
  await service?.close();
  await plexTv?.stop();
});

beforeEach(async () => {
  await resetItems(fixture.database);
});

const ask = (id: string, key: string | null, body: object = { reason: 'please keep it' }) =>
  post(fixture, `/api/v1/catalog/${id}/request-protect`, key, body);
const decide = (id: string, verb: 'approve' | 'deny' | 'withdraw', key: string | null, body: object = {}) =>
  post(fixture, `/api/v1/protection-requests/${id}/${verb}`, key, body);
const list = async (key: string, query = '') =>
  (await get(fixture, `/api/v1/protection-requests${query}`, key).expect(200)).body as {
    requests: RequestBody[];
    total: number;
    limit: number;
    offset: number;
  };
const filed = async (id: string, key: string): Promise<RequestBody> =>
  (await ask(id, key).expect(201)).body as RequestBody;

describe('filing a request', () => {
  it('answers 201 with the pending request, visible on the item and in the ledger', async () => {
    const response = await ask(alien.id, fixture.guestKey, { reason: '  My kids watch it weekly ' }).expect(
      201,
    );
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mediaItemId: alien.id,
      title: 'Alien',
      status: 'pending',
      reason: 'My kids watch it weekly',
      requestedBy: 'api-key:requests guest',
      requestedAt: expect.stringMatching(/Z$/),
      decidedBy: null,
      decidedAt: null,
      note: null,
    });
    const item = await get(fixture, `/api/v1/catalog/${alien.id}`, fixture.guestKey).expect(200);
    expect(item.body).toMatchObject({ isProtected: false, protectionRequested: true });
    const rows = await ledgerRecords(fixture.service, fixture.adminKey, {
      action: 'protection-request.created',
    });
    expect(rows[0]).toMatchObject({ title: 'Alien', mediaItemId: alien.id, actor: 'api-key:requests guest' });
    expect(rows[0]?.parsed).toEqual({
      requestId: (response.body as RequestBody).id,
      reason: 'My kids watch it weekly',
    });
  });

  it('takes one pending request per requester and item (409 naming it); others may ask too', async () => {
    const first = await filed(aliens.id, fixture.guestKey);
    const again = problem(await ask(aliens.id, fixture.guestKey));
    expect(again).toMatchObject({ status: 409, code: 'protection.request-pending' });
    expect(again.detail).toContain(first.id);
    await ask(aliens.id, fixture.otherGuestKey).expect(201);
    await ask(aliens.id, fixture.adminKey).expect(201);
  });

  it('refuses an item that is protected already (409) and an unknown one (404)', async () => {
    await post(fixture, `/api/v1/catalog/${alien3.id}/protect`, fixture.adminKey, {
      isProtected: true,
      reason: 'k',
    }).expect(200);
    const refused = problem(await ask(alien3.id, fixture.guestKey));
    expect(refused).toMatchObject({ status: 409, code: 'protection.already-protected' });
    expect(refused.detail).toContain('Alien³');
    expect(problem(await ask('movie-tmdb-424242', fixture.guestKey))).toMatchObject({
      status: 404,
      code: 'protection.item-not-found',
    });
  });

  it.each([
    [{}, 'reason'],
    [{ reason: '' }, 'reason must say why'],
    [{ reason: '   ' }, 'reason must say why'],
    [{ reason: 'y'.repeat(501) }, 'at most 500'],
    [{ reason: 'bell \u0007' }, 'control characters'],
    [{ reason: ['a', 'b'] }, 'reason must be a string'],
    [{ reason: 'ok', mediaItemId: alien.id }, 'mediaItemId'],
  ])('refuses the body %j with a 400 naming the problem', async (body, words) => {
    const refused = problem(await ask(breakingBad.id, fixture.guestKey, body));
    expect(refused.status).toBe(400);
    expect(refused.detail).toContain(words);
    expect((await list(fixture.adminKey)).total).toBe(0);
  });

  it('refuses anonymous callers', async () => {
    expect((await ask(alien.id, null)).status).toBe(401);
    expect((await get(fixture, '/api/v1/protection-requests', null)).status).toBe(401);
  });

  it('lets a Guest signed in with Plex ask, under their Plex name and account', async () => {
    const signedIn = await request(fixture.service.server)
      .post('/api/v1/auth/plex')
      .send({ authToken: friend.authToken })
      .expect(200);
    const body = signedIn.body as { token: string; user: { role: string; username: string } };
    expect(body.user.role).toBe('Guest');
    const response = await request(fixture.service.server)
      .post(`/api/v1/catalog/${thrones.id}/request-protect`)
      .set('Authorization', `Bearer ${body.token}`)
      .send({ reason: 'halfway through season 3' })
      .expect(201);
    expect(response.body).toMatchObject({ requestedBy: body.user.username, status: 'pending' });
    const item = await get(fixture, `/api/v1/catalog/${thrones.id}`, fixture.adminKey).expect(200);
    expect((item.body as { protection: { pendingRequests: unknown[] } }).protection.pendingRequests).toEqual([
      expect.objectContaining({ userId: String(friend.plexId), requestedBy: body.user.username }),
    ]);
  });
});

describe('lists', () => {
  it('show Admins every request and Guests their own, newest first, paged with a total', async () => {
    const mine = [await filed(alien.id, fixture.guestKey), await filed(aliens.id, fixture.guestKey)];
    const theirs = await filed(alien.id, fixture.otherGuestKey);
    const all = await list(fixture.adminKey);
    expect(all.total).toBe(3);
    expect(all.requests.map((found) => found.id)).toEqual([theirs.id, mine[1]?.id, mine[0]?.id]);
    const own = await list(fixture.guestKey);
    expect(own.requests.map((found) => found.id)).toEqual([mine[1]?.id, mine[0]?.id]);
    const page = await list(fixture.guestKey, '?limit=1&offset=1');
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1, requests: [{ id: mine[0]?.id }] });
  });

  it.each([
    ['?status=maybe', 'status', 'pending, approved, denied, withdrawn'],
    ['?limit=0', 'limit', 'from 1 to 500'],
    ['?limit=501', 'limit', 'from 1 to 500'],
    ['?offset=-1', 'offset', 'integer'],
    ['?status=pending&status=denied', 'status', 'once'],
    ['?requester=me', 'requester', 'not a parameter'],
  ])('refuses %s with a 400 naming the parameter', async (query, parameter, words) => {
    const refused = problem(await get(fixture, `/api/v1/protection-requests${query}`, fixture.guestKey));
    expect(refused).toMatchObject({ status: 400, code: 'query.invalid-parameter' });
    expect(refused.detail).toContain(parameter);
    expect(refused.detail).toContain(words);
  });
});

describe('deciding', () => {
  it('approves: protects the item, records who, when and the note; the requester sees it', async () => {
    const asked = await filed(alien.id, fixture.guestKey);
    const approved = await decide(asked.id, 'approve', fixture.adminKey, { note: 'Fair enough' }).expect(200);
    expect(approved.body).toMatchObject({
      id: asked.id,
      status: 'approved',
      decidedBy: 'bootstrap-api-key',
      decidedAt: expect.stringMatching(/Z$/),
      note: 'Fair enough',
    });
    const item = await get(fixture, `/api/v1/catalog/${alien.id}`, fixture.guestKey).expect(200);
    expect(item.body).toMatchObject({
      isProtected: true,
      protectionRequested: false,
      protection: { reason: 'please keep it', protectedBy: 'bootstrap-api-key' },
    });
    expect((await list(fixture.guestKey, '?status=approved')).requests).toEqual([approved.body]);
    const rows = await ledgerRecords(fixture.service, fixture.adminKey, {
      action: 'protection-request.approved',
    });
    expect(rows[0]?.parsed).toMatchObject({ requestId: asked.id, note: 'Fair enough', protectedNow: true });
  });

  it('denies: the item stays unprotected; a decided request cannot be decided again (409)', async () => {
    const asked = await filed(breakingBad.id, fixture.guestKey);
    await decide(asked.id, 'deny', fixture.adminKey).expect(200);
    const item = await get(fixture, `/api/v1/catalog/${breakingBad.id}`, fixture.adminKey).expect(200);
    expect(item.body).toMatchObject({ isProtected: false, protectionRequested: false });
    for (const verb of ['approve', 'deny', 'withdraw'] as const) {
      const key = verb === 'withdraw' ? fixture.guestKey : fixture.adminKey;
      const refused = problem(await decide(asked.id, verb, key));
      expect(refused).toMatchObject({ status: 409, code: 'protection.request-decided' });
      expect(refused.detail).toContain('denied');
    }
    expect((await list(fixture.guestKey)).requests[0]).toMatchObject({ status: 'denied', note: null });
  });

  it('lets the requester withdraw their pending request, and only them, and ask again later', async () => {
    const asked = await filed(alienImdb.id, fixture.guestKey);
    expect(problem(await decide(asked.id, 'withdraw', fixture.otherGuestKey)).status).toBe(404);
    await decide(asked.id, 'withdraw', fixture.guestKey, { note: 'changed my mind' }).expect(200);
    expect((await list(fixture.guestKey)).requests[0]).toMatchObject({
      status: 'withdrawn',
      decidedBy: 'api-key:requests guest',
      note: 'changed my mind',
    });
    await ask(alienImdb.id, fixture.guestKey).expect(201);
  });

  it('refuses Guests (403), anonymous callers (401), unknown and malformed ids (404), bad notes (400)', async () => {
    const asked = await filed(alien.id, fixture.guestKey);
    expect((await decide(asked.id, 'approve', fixture.guestKey)).status).toBe(403);
    expect((await decide(asked.id, 'deny', null)).status).toBe(401);
    for (const id of ['7d9c1f5e-3a0b-4c2d-9e8f-1a2b3c4d5e6f', 'not-a-uuid', "1' OR 1=1 --"]) {
      const refused = problem(await decide(encodeURIComponent(id), 'approve', fixture.adminKey));
      expect(refused).toMatchObject({ status: 404, code: 'protection.request-not-found' });
    }
    const refused = problem(await decide(asked.id, 'approve', fixture.adminKey, { note: 'n'.repeat(501) }));
    expect(refused.status).toBe(400);
    expect(refused.detail).toContain('note must be at most 500');
    expect((await list(fixture.adminKey)).requests[0]?.status).toBe('pending');
  });
});

describe('the services, as other transports (MCP) call them', () => {
  const guest = {
    kind: 'api-key',
    keyId: '7d9c1f5e-3a0b-4c2d-9e8f-1a2b3c4d5e6f',
    name: 'mcp',
    role: 'Guest',
  } as const;
  const admin = { kind: 'bootstrap', role: 'Admin' } as const;

  it('apply the text rules themselves: trimmed, bounded, one line, with a code naming the field', async () => {
    const requests = service.app.get(ProtectionRequestService);
    const protection = service.app.get(ProtectionService);
    for (const [call, field] of [
      [() => requests.request(guest, alien.id, 'nul\u0000'), 'reason'],
      [() => requests.request(guest, alien.id, '   '), 'reason'],
      [() => protection.protect(admin, alien.id, { isProtected: true, reason: 'r'.repeat(501) }), 'reason'],
      [() => protection.protectMany(admin, [alien.id], { isProtected: true, reason: 'a\nb' }), 'reason'],
    ] as const) {
      await expect(call()).rejects.toMatchObject({ code: 'protection.invalid-text', details: { field } });
    }
    const asked = await requests.request(guest, alien.id, '  keep it  ');
    expect(asked).toMatchObject({ reason: 'keep it', requestedBy: 'api-key:mcp', status: 'pending' });
    await expect(requests.approve(admin, asked.id, 'x'.repeat(501))).rejects.toMatchObject({
      code: 'protection.invalid-text',
      details: { field: 'note' },
    });
    expect(await requests.approve(admin, asked.id, ' ok ')).toMatchObject({ status: 'approved', note: 'ok' });
  });
});

describe('concurrency', () => {
  it('two simultaneous requests by one requester for one item: exactly one 201 and one 409', async () => {
    for (const item of ITEMS) {
      const answers: Response[] = await Promise.all([
        ask(item.id, fixture.guestKey),
        ask(item.id, fixture.guestKey),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    }
    expect((await list(fixture.guestKey, '?status=pending')).total).toBe(ITEMS.length);
  });

  it('approve racing deny: exactly one wins, the item and the ledger agree with the winner', async () => {
    const before = await ledgerRecords(fixture.service, fixture.adminKey);
    const requests = await Promise.all(ITEMS.map((item) => filed(item.id, fixture.guestKey)));
    for (const asked of requests) {
      const [approve, deny] = await Promise.all([
        decide(asked.id, 'approve', fixture.adminKey),
        decide(asked.id, 'deny', fixture.adminKey),
      ]);
      expect([approve.status, deny.status].sort()).toEqual([200, 409]);
      const winner = approve.status === 200 ? 'approved' : 'denied';
      const item = await get(fixture, `/api/v1/catalog/${asked.mediaItemId}`, fixture.adminKey).expect(200);
      expect((item.body as { isProtected: boolean }).isProtected).toBe(winner === 'approved');
      const loser = approve.status === 200 ? deny : approve;
      expect(problem(loser).detail).toContain(winner);
    }
    const decisions = (await ledgerRecords(fixture.service, fixture.adminKey))
      .filter((row) => !before.some((earlier) => earlier.id === row.id))
      .filter(
        (row) => row.action === 'protection-request.approved' || row.action === 'protection-request.denied',
      );
    expect(decisions.map((row) => row.parsed['requestId']).sort()).toEqual(
      requests.map((asked) => asked.id).sort(),
    );
  });
});
