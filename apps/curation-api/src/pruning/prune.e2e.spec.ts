// POST /api/v1/prune end to end: the real app over real Postgres against the Sonarr/Radarr
// simulators, faults injected on their routes. What the instances were asked is read from the
// simulators' request logs; expected sizes come from the generated library, not from our code.
import type { LibraryMovie, LibrarySeries } from '@platform/testing-media-stack';
import request from 'supertest';
import { AuditLedgerRepository } from '../audit/audit-ledger.repository';
import {
  ADMIN_KEY,
  allRequests,
  clearFaults,
  fullSync,
  itemRows,
  ledgerRows,
  ledgerTotal,
  plexNoticesDeletedFiles,
  postPrune,
  protect,
  type PruneFixture,
  requestProtection,
  startPruneFixture,
} from './prune-e2e.spec-helpers';

let fixture: PruneFixture;
const used = new Set<string>();

beforeAll(async () => {
  fixture = await startPruneFixture('curation-prune-e2e', 160, { CURATION_PRUNE_CALL_TIMEOUT_MS: '1000' });
}, 90_000);

afterAll(async () => {
  await fixture?.stop();
});

afterEach(() => clearFaults(fixture));

const movieId = (movie: LibraryMovie) => `movie-tmdb-${movie.tmdbId}`;
const seriesId = (series: LibrarySeries) => `series-tvdb-${series.tvdbId}`;

/** A movie no other test uses, with a file on each of the given Radarr instances and on no other. */
function pickMovie(instances: readonly ('hd' | '4k')[], plexPlaysOnlyTheirFiles = false): LibraryMovie {
  const managed = (candidate: LibraryMovie) => new Set(candidate.radarr.map((copy) => copy.file?.file.path));
  const movie = fixture.stack.library.movies.find(
    (candidate) =>
      !used.has(movieId(candidate)) &&
      (!plexPlaysOnlyTheirFiles ||
        (candidate.plex?.versions ?? []).every((version) => managed(candidate).has(version.file.path))) &&
      candidate.radarr.length === instances.length &&
      instances.every((kind) =>
        candidate.radarr.some((copy) => copy.instance === kind && copy.file !== null),
      ),
  );
  if (movie === undefined) throw new Error(`the library has no unused movie on ${instances.join('+')}`);
  used.add(movieId(movie));
  return movie;
}

/** A series no other test uses whose HD Sonarr copy has files in at least two seasons, and no 4K copy. */
function pickSeries(): { series: LibrarySeries; seasonNumber: number; seasonBytes: number } {
  for (const series of fixture.stack.library.series) {
    if (used.has(seriesId(series)) || series.sonarr.length !== 1) continue;
    const copy = series.sonarr[0];
    if (copy?.instance !== 'hd') continue;
    const seasons = [...new Set(copy.files.map((file) => file.seasonNumber))];
    const seasonNumber = seasons[0];
    if (seasons.length < 2 || seasonNumber === undefined) continue;
    used.add(seriesId(series));
    const files = copy.files.filter((file) => file.seasonNumber === seasonNumber);
    return { series, seasonNumber, seasonBytes: files.reduce((sum, file) => sum + file.file.size, 0) };
  }
  throw new Error('the library has no unused HD-only series with two seasons of files');
}

/** A whole-movie prune, not a dry run. */
const pruneWholeMovie = (movie: LibraryMovie, targetConnectionIds: string[], addToImportExclusion: boolean) =>
  postPrune(fixture, {
    mediaItemId: movieId(movie),
    seasonNumber: null,
    targetConnectionIds,
    addToImportExclusion,
  });

/** A season prune on the HD Sonarr, not a dry run. */
const pruneSeasonOnSonarr = (series: LibrarySeries, seasonNumber: number, addToImportExclusion: boolean) =>
  postPrune(fixture, {
    mediaItemId: seriesId(series),
    seasonNumber,
    targetConnectionIds: [fixture.connectionIds.sonarr],
    addToImportExclusion,
  });

/** The ledger row an answer names. */
const ledgerRowOf = async (body: unknown) =>
  (await ledgerRows(fixture)).find((entry) => entry.id === (body as { auditId: string }).auditId);

const fileSize = (movie: LibraryMovie, kind: 'hd' | '4k') =>
  movie.radarr.find((copy) => copy.instance === kind)?.file?.file.size ?? Number.NaN;

describe('prune refusals', () => {
  it('refuses invalid bodies with 400 naming the field, calling nothing', async () => {
    const movie = pickMovie(['hd']);
    const valid = {
      mediaItemId: movieId(movie),
      seasonNumber: null,
      targetConnectionIds: [fixture.connectionIds.radarr],
      addToImportExclusion: false,
    };
    const before = allRequests(fixture).length;
    const ledgerBefore = (await ledgerRows(fixture)).length;
    for (const [body, field] of [
      [{ ...valid, mediaItemId: undefined }, 'mediaItemId'],
      [{ ...valid, mediaItemId: "movie-tmdb-1'; DROP TABLE x" }, 'mediaItemId'],
      [{ ...valid, seasonNumber: undefined }, 'seasonNumber'],
      [{ ...valid, seasonNumber: '1' }, 'seasonNumber'],
      [{ ...valid, seasonNumber: 1.5 }, 'seasonNumber'],
      [{ ...valid, seasonNumber: -1 }, 'seasonNumber'],
      [{ ...valid, targetConnectionIds: [] }, 'targetConnectionIds'],
      [{ ...valid, targetConnectionIds: 'x' }, 'targetConnectionIds'],
      [{ ...valid, targetConnectionIds: ['not-a-uuid'] }, 'targetConnectionIds'],
      [
        { ...valid, targetConnectionIds: [fixture.connectionIds.radarr, fixture.connectionIds.radarr] },
        'targetConnectionIds',
      ],
      [{ ...valid, addToImportExclusion: undefined }, 'addToImportExclusion'],
      [{ ...valid, addToImportExclusion: 'yes' }, 'addToImportExclusion'],
      [{ ...valid, dryRun: 1 }, 'dryRun'],
      [{ ...valid, extra: true }, 'extra'],
    ] as const) {
      const response = await postPrune(fixture, body);
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(response.body)).toContain(field);
    }
    expect(allRequests(fixture)).toHaveLength(before);
    expect(await ledgerRows(fixture)).toHaveLength(ledgerBefore);
  });

  it('refuses unknown items, connections, seasons and connections without the item, calling nothing', async () => {
    const movie = pickMovie(['hd']);
    const { series } = pickSeries();
    const { connectionIds } = fixture;
    const whole = { seasonNumber: null, addToImportExclusion: false };
    const cases: [unknown, number, string][] = [
      [
        { ...whole, mediaItemId: 'movie-tmdb-999999999', targetConnectionIds: [connectionIds.radarr] },
        404,
        'prune.item-not-found',
      ],
      [
        {
          ...whole,
          mediaItemId: movieId(movie),
          targetConnectionIds: ['6f1c5a52-0000-4000-8000-000000000000'],
        },
        400,
        'prune.connection-not-found',
      ],
      [
        { ...whole, mediaItemId: movieId(movie), targetConnectionIds: [connectionIds.radarr4k] },
        400,
        'prune.connection-lacks-item',
      ],
      [
        { ...whole, mediaItemId: movieId(movie), targetConnectionIds: [connectionIds.sonarr] },
        400,
        'prune.connection-lacks-item',
      ],
      [
        { ...whole, mediaItemId: movieId(movie), targetConnectionIds: [fixture.overseerrConnectionId] },
        400,
        'prune.connection-lacks-item',
      ],
      [
        {
          ...whole,
          mediaItemId: movieId(movie),
          seasonNumber: 1,
          targetConnectionIds: [connectionIds.radarr],
        },
        400,
        'prune.season-of-movie',
      ],
      [
        {
          ...whole,
          mediaItemId: seriesId(series),
          seasonNumber: 77,
          targetConnectionIds: [connectionIds.sonarr],
        },
        400,
        'prune.season-not-found',
      ],
      // One bad target refuses the whole prune, even after a good one.
      [
        {
          ...whole,
          mediaItemId: movieId(movie),
          targetConnectionIds: [connectionIds.radarr, connectionIds.radarr4k],
        },
        400,
        'prune.connection-lacks-item',
      ],
    ];
    const before = allRequests(fixture).length;
    for (const [body, status, code] of cases) {
      const response = await postPrune(fixture, body);
      expect({ code, status: response.status, got: (response.body as { code?: string }).code }).toEqual({
        code,
        status,
        got: code,
      });
    }
    expect(allRequests(fixture)).toHaveLength(before);
  });

  it('refuses a protected item and one with a pending request with 409 naming the reason, calling nothing', async () => {
    const protectedMovie = pickMovie(['hd']);
    const requestedMovie = pickMovie(['hd']);
    await protect(fixture, movieId(protectedMovie), 'Family favourite');
    await requestProtection(fixture, movieId(requestedMovie), 'Still watching it');
    const before = allRequests(fixture).length;
    const ledgerBefore = (await ledgerRows(fixture)).length;
    for (const [movie, code, reason] of [
      [protectedMovie, 'prune.item-protected', 'Family favourite'],
      [requestedMovie, 'prune.protection-request-pending', 'Still watching it'],
    ] as const) {
      for (const dryRun of [false, true]) {
        const response = await postPrune(fixture, {
          mediaItemId: movieId(movie),
          seasonNumber: null,
          targetConnectionIds: [fixture.connectionIds.radarr],
          addToImportExclusion: true,
          dryRun,
        });
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({ code });
        expect((response.body as { detail: string }).detail).toContain(reason);
      }
    }
    expect(allRequests(fixture)).toHaveLength(before);
    expect(await ledgerRows(fixture)).toHaveLength(ledgerBefore);
  });
});

describe('a protect racing a prune', () => {
  it('waits for a protection being written, then refuses with 409, calling nothing', async () => {
    const movie = pickMovie(['hd']);
    // A protect that has written its row and not yet committed (as the protection service does
    // inside its own transaction).
    const protecting = fixture.database.createQueryRunner();
    await protecting.connect();
    await protecting.startTransaction();
    try {
      await protecting.query(
        `INSERT INTO "curation"."protections" ("item_id", "reason", "protected_by") VALUES ($1, 'Racing', 'prune-e2e')`,
        [movieId(movie)],
      );
      const before = allRequests(fixture).length;
      let answered = false;
      const pending = pruneWholeMovie(movie, [fixture.connectionIds.radarr], false).then((response) => {
        answered = true;
        return response;
      });
      // The prune's intent transaction queues behind the uncommitted write (its SHARE lock)...
      for (;;) {
        const waiting: unknown[] = await fixture.database.query(
          `SELECT 1 FROM pg_locks WHERE NOT "granted" AND "relation" = '"curation"."protections"'::regclass`,
        );
        if (waiting.length > 0) break;
        expect(answered).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // ...and, once the protect commits, sees it.
      await protecting.commitTransaction();
      const response = await pending;
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'prune.item-protected' });
      expect(allRequests(fixture)).toHaveLength(before);
    } finally {
      if (protecting.isTransactionActive) await protecting.rollbackTransaction();
      await protecting.release();
    }
  });
});

describe('prune of whole items', () => {
  it('answers a dry run from the catalog, calling nothing and writing nothing', async () => {
    const movie = pickMovie(['hd', '4k']);
    const before = allRequests(fixture).length;
    const ledgerBefore = (await ledgerRows(fixture)).length;
    const catalogBefore = await itemRows(fixture, movieId(movie));
    const response = await postPrune(fixture, {
      mediaItemId: movieId(movie),
      seasonNumber: null,
      targetConnectionIds: [fixture.connectionIds.radarr, fixture.connectionIds.radarr4k],
      addToImportExclusion: true,
      dryRun: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: 0,
      auditId: null,
      dryRun: true,
      results: [
        { connectionId: fixture.connectionIds.radarr, status: 'skipped', bytesFreed: 0 },
        { connectionId: fixture.connectionIds.radarr4k, status: 'skipped', bytesFreed: 0 },
      ],
    });
    const estimate = fileSize(movie, 'hd') + fileSize(movie, '4k');
    expect((response.body as { message: string }).message).toContain(`(${estimate} bytes)`);
    expect(allRequests(fixture)).toHaveLength(before);
    expect(await ledgerRows(fixture)).toHaveLength(ledgerBefore);
    expect(await itemRows(fixture, movieId(movie))).toEqual(catalogBefore);
  });

  it('reports the other target deleted when one answers 500, and the ledger says exactly that', async () => {
    const movie = pickMovie(['hd', '4k']);
    fixture.stack.radarr4k.faults.add({ method: 'DELETE', path: /^\/api\/v3\/movie\/\d+$/, status: 500 });
    const totalBefore = await ledgerTotal(fixture);
    const sizeBefore = Number((await itemRows(fixture, movieId(movie))).items[0]?.['size_bytes']);
    const response = await pruneWholeMovie(
      movie,
      [fixture.connectionIds.radarr, fixture.connectionIds.radarr4k],
      true,
    );
    expect(response.status).toBe(200);
    const hdBytes = fileSize(movie, 'hd');
    const body = response.body as { results: { error?: string }[]; auditId: string; message: string };
    expect(body).toMatchObject({
      success: false,
      bytesFreed: hdBytes,
      results: [
        { connectionId: fixture.connectionIds.radarr, status: 'deleted', bytesFreed: hdBytes },
        { connectionId: fixture.connectionIds.radarr4k, status: 'failed', bytesFreed: 0 },
      ],
    });
    expect(body.results[1]?.error).toContain('500');
    expect(body.message).toContain('Radarr 4K');
    // Deleted where it said, with files and the exclusion flag; still there where it failed.
    const deletes = fixture.stack.radarr.requests.filter((entry) => entry.method === 'DELETE');
    expect(deletes.at(-1)?.query).toEqual({ deleteFiles: 'true', addImportExclusion: 'true' });
    expect(fixture.stack.radarr.state.hasExclusion(movie.tmdbId)).toBe(true);
    expect(
      [...fixture.stack.radarr4k.state.movies.values()].some((entry) => entry.movie.tmdbId === movie.tmdbId),
    ).toBe(true);

    const row = (await ledgerRows(fixture)).find((entry) => entry.id === body.auditId);
    expect(row).toMatchObject({
      title: movie.title,
      media_type: 'movie',
      media_item_id: movieId(movie),
      bytes_freed: String(hdBytes),
      actor: 'bootstrap-api-key',
      outcome: 'completed',
    });
    expect(row?.details).toMatchObject({
      item: { id: movieId(movie), title: movie.title, tmdbId: movie.tmdbId, mediaType: 'movie' },
      seasonNumber: null,
      addToImportExclusion: true,
      catalog: 'updated',
      targets: [
        { connectionName: 'Radarr', status: 'deleted', bytesFreed: hdBytes, exclusion: 'with-delete' },
        { connectionName: 'Radarr 4K', status: 'failed', bytesFreed: 0 },
      ],
    });
    expect(await ledgerTotal(fixture)).toBe(totalBefore + hdBytes);
    // The catalog at once: the HD copy is gone, the 4K copy and its size remain.
    const rows = await itemRows(fixture, movieId(movie));
    expect(rows.copies.map((copy: { connection_id: string | null }) => copy.connection_id)).not.toContain(
      fixture.connectionIds.radarr,
    );
    expect(rows.copies.map((copy: { connection_id: string | null }) => copy.connection_id)).toContain(
      fixture.connectionIds.radarr4k,
    );
    expect(Number(rows.items[0]?.['size_bytes'])).toBe(sizeBefore - hdBytes);
  });

  it('reports a target whose delete times out as failed and the other as deleted', async () => {
    const movie = pickMovie(['hd', '4k']);
    fixture.stack.radarr.faults.add({
      method: 'DELETE',
      path: /^\/api\/v3\/movie\/\d+$/,
      drop: true,
      delayMs: 1500,
    });
    const response = await pruneWholeMovie(
      movie,
      [fixture.connectionIds.radarr, fixture.connectionIds.radarr4k],
      false,
    );
    const body = response.body as { results: { error?: string }[]; auditId: string };
    expect(body).toMatchObject({
      success: false,
      bytesFreed: fileSize(movie, '4k'),
      results: [
        { connectionId: fixture.connectionIds.radarr, status: 'failed', bytesFreed: 0 },
        {
          connectionId: fixture.connectionIds.radarr4k,
          status: 'deleted',
          bytesFreed: fileSize(movie, '4k'),
        },
      ],
    });
    expect(body.results[0]?.error).toMatch(/timed out.*still there/);
    const row = (await ledgerRows(fixture)).find((entry) => entry.id === body.auditId);
    expect(row?.bytes_freed).toBe(String(fileSize(movie, '4k')));
    expect(row?.details['targets']).toMatchObject([{ status: 'failed' }, { status: 'deleted' }]);
  });

  it('counts an item already gone as already_gone, and a duplicate exclusion (Radarr 400) as success', async () => {
    const movie = pickMovie(['hd']);
    const radarr = fixture.stack.radarr.state;
    const held = [...radarr.movies.values()].find((entry) => entry.movie.tmdbId === movie.tmdbId);
    if (held === undefined) throw new Error('the simulator lacks the movie');
    // Deleted and excluded behind the catalog's back (another tool, or a prune whose answer was lost).
    radarr.deleteMovie(held.id, true, true);
    const response = await pruneWholeMovie(movie, [fixture.connectionIds.radarr], true);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: 0,
      results: [{ connectionId: fixture.connectionIds.radarr, status: 'already_gone', bytesFreed: 0 }],
    });
    const exclusionCall = fixture.stack.radarr.requests
      .filter((entry) => entry.path === '/api/v3/exclusions')
      .at(-1);
    expect(exclusionCall).toMatchObject({ method: 'POST', status: 400 });
    const row = await ledgerRowOf(response.body);
    expect(row?.details['targets']).toMatchObject([{ status: 'already_gone', exclusion: 'already-present' }]);
    expect((await itemRows(fixture, movieId(movie))).copies).toEqual([]);
  });

  it('counts a 404 on the delete itself (deleted in between) as already_gone', async () => {
    const movie = pickMovie(['hd']);
    fixture.stack.radarr.faults.add({
      method: 'DELETE',
      path: /^\/api\/v3\/movie\/\d+$/,
      status: 404,
      times: 1,
    });
    const response = await pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: 0,
      results: [{ status: 'already_gone', bytesFreed: 0 }],
    });
  });

  it('leaves a ledger row that reads as interrupted when the prune never completes it', async () => {
    const movie = pickMovie(['hd']);
    fixture.stack.radarr.faults.add({ method: 'DELETE', path: /^\/api\/v3\/movie\/\d+$/, delayMs: 900 });
    const start = fixture.stack.radarr.requests.length;
    const pending = pruneWholeMovie(movie, [fixture.connectionIds.radarr], false).then(
      (response) => response,
    ); // supertest sends only once then() is called
    // The intent is written before the first delete: once the DELETE is on its way, the row exists.
    while (!fixture.stack.radarr.requests.slice(start).some((entry) => entry.method === 'DELETE')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const row = (await ledgerRows(fixture)).find((entry) => entry.media_item_id === movieId(movie));
    if (row === undefined) throw new Error('no intent was recorded before the delete');
    expect(row).toMatchObject({ outcome: 'in_progress', bytes_freed: '0', title: movie.title });
    expect(row.details['targets']).toMatchObject([{ connectionName: 'Radarr', status: 'pending' }]);
    // A second prune of the item meanwhile is refused: this one is still running.
    const second = await pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'prune.in-progress' });
    // Were the process to crash here, nobody would complete the row: past its deadline it reads
    // interrupted, and a restart's sweep settles it so.
    const ledger = fixture.service.app.get(AuditLedgerRepository);
    const deadline: { deadline_at: Date }[] = await fixture.database.query(
      'SELECT "deadline_at" FROM "curation"."audit_log" WHERE "id" = $1',
      [row.id],
    );
    const afterDeadline = new Date((deadline[0]?.deadline_at.getTime() ?? 0) + 1);
    expect((await ledger.find(row.id, afterDeadline))?.outcome).toBe('interrupted');
    expect(await ledger.markInterrupted(afterDeadline)).toContain(row.id);
    // The writer outlived its deadline but did not crash: its completion still records, once, what
    // happened (decision 042), so the row ends exact rather than merely interrupted.
    const finished = (await pending).body as { bytesFreed: number };
    const settled = (await ledgerRows(fixture)).find((entry) => entry.id === row.id);
    expect(settled).toMatchObject({ outcome: 'completed', bytes_freed: String(finished.bytesFreed) });
  });
});

describe('prune of a season', () => {
  it('unmonitors and confirms before the first delete, deletes only that season, with the season title', async () => {
    const { series, seasonNumber, seasonBytes } = pickSeries();
    const sonarr = fixture.stack.sonarr;
    const start = sonarr.requests.length;
    const response = await pruneSeasonOnSonarr(series, seasonNumber, true);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: seasonBytes,
      results: [{ status: 'deleted', bytesFreed: seasonBytes }],
    });
    expect((response.body as { message: string }).message).toContain('whole-series prunes only');
    const copy = series.sonarr[0];
    const calls = sonarr.requests.slice(start).map((entry) => `${entry.method} ${entry.path}`);
    expect(calls).toEqual([
      'GET /api/v3/series',
      `PUT /api/v3/series/${copy?.seriesId}`,
      `GET /api/v3/series/${copy?.seriesId}`,
      'GET /api/v3/episodefile',
      'DELETE /api/v3/episodefile/bulk',
    ]);
    expect(sonarr.state.exclusions.some((exclusion) => exclusion.tvdbId === series.tvdbId)).toBe(false);
    const left = sonarr.state.filesOf(copy?.seriesId ?? 0);
    expect(left.some((file) => file.file.seasonNumber === seasonNumber)).toBe(false);
    expect(left.length).toBeGreaterThan(0);
    const row = await ledgerRowOf(response.body);
    expect(row).toMatchObject({
      title: `${series.title} — Season ${seasonNumber}`,
      bytes_freed: String(seasonBytes),
    });
    expect(row?.details['targets']).toMatchObject([{ exclusion: 'not-applicable', seasonUnmonitored: true }]);
  });

  it('waits out a slow PUT: re-reads until the season shows unmonitored, then deletes', async () => {
    const { series, seasonNumber, seasonBytes } = pickSeries();
    const sonarr = fixture.stack.sonarr;
    const copy = series.sonarr[0];
    sonarr.faults.add({ method: 'PUT', path: `/api/v3/series/${copy?.seriesId}`, delayMs: 1400, times: 1 });
    const start = sonarr.requests.length;
    const response = await pruneSeasonOnSonarr(series, seasonNumber, false);
    expect(response.body).toMatchObject({
      success: true,
      results: [{ status: 'deleted', bytesFreed: seasonBytes }],
    });
    const calls = sonarr.requests.slice(start).map((entry) => `${entry.method} ${entry.path}`);
    const put = calls.indexOf(`PUT /api/v3/series/${copy?.seriesId}`);
    const firstDelete = calls.indexOf('DELETE /api/v3/episodefile/bulk');
    const rereads = calls.filter(
      (call, index) => index > put && index < firstDelete && call === `GET /api/v3/series/${copy?.seriesId}`,
    );
    expect(put).toBeGreaterThanOrEqual(0);
    expect(firstDelete).toBeGreaterThan(put);
    expect(rereads.length).toBeGreaterThan(1);
  });

  it('deletes nothing when the unmonitor cannot be confirmed', async () => {
    const { series, seasonNumber } = pickSeries();
    const sonarr = fixture.stack.sonarr;
    const copy = series.sonarr[0];
    sonarr.faults.add({ method: 'PUT', path: `/api/v3/series/${copy?.seriesId}`, drop: true });
    const start = sonarr.requests.length;
    const response = await pruneSeasonOnSonarr(series, seasonNumber, false);
    const body = response.body as { results: { error?: string }[] };
    expect(body).toMatchObject({
      success: false,
      bytesFreed: 0,
      results: [{ status: 'failed', bytesFreed: 0 }],
    });
    expect(body.results[0]?.error).toContain('nothing was deleted');
    expect(sonarr.requests.slice(start).some((entry) => entry.method === 'DELETE')).toBe(false);
  });
});

describe('the catalog after a prune', () => {
  it('equals what a fresh full sync makes of the same sources', async () => {
    const both = pickMovie(['hd', '4k']);
    const only = pickMovie(['hd'], true);
    const { series, seasonNumber } = pickSeries();
    const prunes = [
      {
        mediaItemId: movieId(both),
        seasonNumber: null,
        targetConnectionIds: [fixture.connectionIds.radarr4k],
      },
      { mediaItemId: movieId(only), seasonNumber: null, targetConnectionIds: [fixture.connectionIds.radarr] },
      { mediaItemId: seriesId(series), seasonNumber, targetConnectionIds: [fixture.connectionIds.sonarr] },
    ];
    for (const prune of prunes) {
      const response = await postPrune(fixture, { ...prune, addToImportExclusion: false });
      expect(response.body).toMatchObject({ success: true, results: [{ status: 'deleted' }] });
    }
    // Plex's version count is Plex's own (docs/decisions/043): it follows at the next sync.
    const except = ['plex_version_count'];
    const afterPrune = await Promise.all(prunes.map((prune) => itemRows(fixture, prune.mediaItemId, except)));
    expect(afterPrune[1]?.items[0]).toMatchObject({
      size_bytes: '0',
      resolution: null,
      resolution_rank: null,
    });
    plexNoticesDeletedFiles(fixture);
    await fullSync(fixture);
    const afterSync = await Promise.all(prunes.map((prune) => itemRows(fixture, prune.mediaItemId, except)));
    expect(afterPrune).toEqual(afterSync);
  });
});

describe('follow-ups the settings turn on', () => {
  const settings = (body: object) =>
    request(fixture.service.server)
      .put('/api/v1/settings')
      .set('X-Api-Key', ADMIN_KEY)
      .send(body)
      .expect(200);

  afterAll(async () => {
    await settings({ pruneResetsOverseerr: false, pruneRefreshesPlex: false });
  });

  /** An unused movie only the HD Radarr holds, with Overseerr requests, and their media ids. */
  function requestedMovie(): { movie: LibraryMovie; mediaIds: number[] } {
    const { library } = fixture.stack;
    for (const [index, movie] of library.movies.entries()) {
      if (used.has(movieId(movie)) || movie.radarr.length !== 1 || movie.radarr[0]?.instance !== 'hd')
        continue;
      const requests = library.requests.filter(
        (entry) => entry.target.kind === 'movie' && entry.target.movieIndex === index,
      );
      if (requests.length === 0) continue;
      used.add(movieId(movie));
      return { movie, mediaIds: [...new Set(requests.map((entry) => entry.mediaId))] };
    }
    throw new Error('the library has no unused requested HD-only movie');
  }

  it('resets Overseerr’s entry of an item no instance holds and refreshes Plex’s movie sections', async () => {
    await settings({ pruneResetsOverseerr: true, pruneRefreshesPlex: true });
    const { movie, mediaIds } = requestedMovie();
    const refreshedBefore = fixture.stack.plex.state.refreshedSections.length;
    const response = await pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(response.body).toMatchObject({ success: true, results: [{ status: 'deleted' }] });
    for (const mediaId of mediaIds) expect(fixture.stack.overseerr.state.media.has(mediaId)).toBe(false);
    const refreshed = fixture.stack.plex.state.refreshedSections.slice(refreshedBefore);
    expect(refreshed.length).toBeGreaterThan(0);
    const row = await ledgerRowOf(response.body);
    expect(row?.details['followUps']).toEqual({
      overseerr: `reset media ${mediaIds.join(', ')}`,
      plex: `refreshed sections ${refreshed.join(', ')}`,
    });
  });

  it('records a failed reset without changing the prune’s result, and leaves items still held alone', async () => {
    await settings({ pruneResetsOverseerr: true, pruneRefreshesPlex: false });
    const { movie } = requestedMovie();
    fixture.stack.overseerr.faults.add({ method: 'DELETE', path: /^\/api\/v1\/media\//, status: 500 });
    const response = await pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    fixture.stack.overseerr.faults.clear();
    expect(response.body).toMatchObject({ success: true, results: [{ status: 'deleted' }] });
    const row = await ledgerRowOf(response.body);
    expect(row?.details['followUps']).toMatchObject({ plex: 'off' });
    expect((row?.details['followUps'] as { overseerr: string }).overseerr).toMatch(/^failed: .*500/);

    const both = pickMovie(['hd', '4k']);
    const partial = await pruneWholeMovie(both, [fixture.connectionIds.radarr4k], false);
    expect((await ledgerRowOf(partial.body))?.details['followUps']).toEqual({
      overseerr: 'not-needed',
      plex: 'off',
    });
  });
});
