// GET /api/v1/catalog/{id}/poster over real Postgres after a sync of the simulated media stack
// (docs/decisions/058): Admins and Guests get the item's Plex artwork through the photo
// transcoder, cached privately with an ETag (304 without asking Plex again); the Plex token
// appears in no answer; an upstream failure or a non-image is a 502, an unknown item or one
// without a usable thumb a 404; what is fetched comes from the item's row, never from the request.
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type SyncedCuration, startSyncedCuration } from '../sync/synced-curation.spec-helpers';
import { MAX_POSTER_BYTES, POSTER_SIZE } from './catalog-poster.service';

const ADMIN_KEY = 'catalog-poster-bootstrap-key-0123456789';
const TRANSCODER = '/photo/:/transcode';

let curation: SyncedCuration;
let database: DataSource;
/** A movie with artwork, and its `thumb` path. */
let movie: { id: string; thumb: string };

beforeAll(async () => {
  curation = await startSyncedCuration({ seed: 'catalog-poster', items: 30, adminKey: ADMIN_KEY });
  database = curation.service.app.get<DataSource>(getDataSourceToken());
  const rows: { id: string; thumb: string }[] = await database.query(
    `SELECT "id", "thumb" FROM "curation"."catalog_items"
      WHERE "media_type" = 'movie' AND "thumb" IS NOT NULL ORDER BY "id" LIMIT 1`,
  );
  movie = rows[0] as { id: string; thumb: string };
});

afterAll(async () => {
  await curation.close();
});

beforeEach(() => {
  curation.stack.plex.faults.clear();
});

function poster(id: string, key: string = curation.guestKey) {
  return request(curation.service.server).get(`/api/v1/catalog/${id}/poster`).set('X-Api-Key', key);
}

function transcoderRequests(): number {
  return curation.stack.plex.requests.filter((entry) => entry.path === TRANSCODER).length;
}

/** Every secret Plex-side value a response must never carry. */
function plexSecrets(): string[] {
  return [curation.stack.plex.ownerToken, ...curation.stack.library.users.map((user) => user.serverToken)];
}

function expectNoSecrets(response: request.Response): void {
  const body = Buffer.isBuffer(response.body)
    ? response.body.toString('latin1')
    : JSON.stringify(response.body);
  const text = `${JSON.stringify(response.headers)}\n${body}\n${response.text ?? ''}`;
  for (const secret of plexSecrets()) expect(text).not.toContain(secret);
}

describe('GET /api/v1/catalog/{id}/poster', () => {
  it("answers a Guest with the movie's Plex artwork as a JPEG, cached privately, read with the stored token", async () => {
    expect(movie.thumb).toMatch(/^\/library\/metadata\/\d+\/thumb\/\d+$/);
    const response = await poster(movie.id).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const bytes = response.body as Buffer;
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(bytes.length).toBeLessThanOrEqual(MAX_POSTER_BYTES);
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    expectNoSecrets(response);

    const asked = curation.stack.plex.requests.filter((entry) => entry.path === TRANSCODER).at(-1);
    expect(asked?.query).toMatchObject({
      url: movie.thumb,
      width: String(POSTER_SIZE.width),
      height: String(POSTER_SIZE.height),
    });
    // The token went to Plex in a header, never in the URL the transcoder was given.
    expect(asked?.headers['x-plex-token']).toBe(curation.stack.plex.ownerToken);
    expect(JSON.stringify(asked?.query)).not.toContain(curation.stack.plex.ownerToken);
  });

  it('answers an Admin too, and refuses a caller without credentials', async () => {
    expect((await poster(movie.id, ADMIN_KEY)).status).toBe(200);
    const anonymous = await request(curation.service.server).get(`/api/v1/catalog/${movie.id}/poster`);
    expect(anonymous.status).toBe(401);
  });

  it('answers 304 to If-None-Match with the current ETag, without asking Plex again', async () => {
    const first = await poster(movie.id);
    const etag = first.headers['etag'] as string;
    const before = transcoderRequests();
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await poster(movie.id).set('If-None-Match', header);
      expect(again.status).toBe(304);
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, max-age=3600');
      expect(again.text ?? '').toBe('');
    }
    expect(transcoderRequests()).toBe(before);
    expect((await poster(movie.id).set('If-None-Match', '"stale"')).status).toBe(200);
  });

  it('answers 502 problem details, naming no secret, when Plex fails or answers something other than an image', async () => {
    const cases: Parameters<typeof curation.stack.plex.faults.add>[0][] = [
      { path: TRANSCODER, status: 500 },
      { path: TRANSCODER, answer: { contentType: 'text/html', text: '<html>login</html>' } },
      { path: TRANSCODER, answer: { contentType: 'image/jpeg', text: '<svg onload="alert(1)"/>' } },
      { path: TRANSCODER, answer: { contentType: 'image/svg+xml', text: '<svg/>' } },
      { path: TRANSCODER, status: 401 },
    ];
    for (const fault of cases) {
      curation.stack.plex.faults.clear();
      curation.stack.plex.faults.add(fault);
      const response = await poster(movie.id);
      expect(response.status).toBe(502);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).toMatchObject({ code: 'catalog.poster-upstream-failed' });
      expect(response.headers['etag']).toBeUndefined();
      expectNoSecrets(response);
    }
  });

  it('answers 404 for an unknown item, an item without artwork, and artwork Plex no longer has', async () => {
    const unknown = await poster('movie-tmdb-999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'catalog.item-not-found' });

    const [other] = (await database.query(
      `SELECT "id" FROM "curation"."catalog_items" WHERE "id" <> $1 ORDER BY "id" LIMIT 1`,
      [movie.id],
    )) as { id: string }[];
    await database.query(`UPDATE "curation"."catalog_items" SET "thumb" = NULL WHERE "id" = $1`, [other?.id]);
    const without = await poster(other?.id ?? '');
    expect(without.status).toBe(404);
    expect(without.body).toMatchObject({ code: 'catalog.poster-not-found' });

    curation.stack.plex.faults.add({ path: TRANSCODER, status: 404 });
    const gone = await poster(movie.id);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'catalog.poster-not-found' });
  });

  it('fetches nothing for hostile ids or a thumb that is not a Plex artwork path', async () => {
    const before = curation.stack.plex.requests.length;
    for (const id of [
      '..%2F..%2Fidentity',
      `${movie.id}%3Furl%3Dhttp%3A%2F%2Fevil.example%2F`,
      'movie-tmdb-1%0d%0aX-Injected:%201',
      `movie-tmdb-${'9'.repeat(300)}`,
      '%2Flibrary%2Fmetadata%2F1%2Fthumb%2F1',
    ]) {
      const response = await poster(id);
      expect(response.status).toBe(404);
      expect(response.headers['x-injected']).toBeUndefined();
    }
    // A query naming another URL is not read at all.
    const withQuery = await request(curation.service.server)
      .get(`/api/v1/catalog/${movie.id}/poster?url=http://evil.example/&thumb=/identity`)
      .set('X-Api-Key', curation.guestKey);
    expect([200, 400]).toContain(withQuery.status);
    const asked = curation.stack.plex.requests.slice(before).map((entry) => entry.query['url']);
    expect(asked.every((url) => url === movie.thumb)).toBe(true);

    const [row] = (await database.query(
      `SELECT "id" FROM "curation"."catalog_items" WHERE "id" <> $1 AND "thumb" IS NOT NULL ORDER BY "id" DESC LIMIT 1`,
      [movie.id],
    )) as { id: string }[];
    const countBefore = curation.stack.plex.requests.length;
    for (const thumb of [
      'http://evil.example/poster.jpg',
      '/library/metadata/1/thumb/../../identity',
      '//evil/x',
    ]) {
      await database.query(`UPDATE "curation"."catalog_items" SET "thumb" = $2 WHERE "id" = $1`, [
        row?.id,
        thumb,
      ]);
      const response = await poster(row?.id ?? '');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'catalog.poster-not-found' });
    }
    expect(curation.stack.plex.requests.length).toBe(countBefore);
  });
});

/** Supertest's parser for a binary body: the bytes as one Buffer. */
function binary(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}
