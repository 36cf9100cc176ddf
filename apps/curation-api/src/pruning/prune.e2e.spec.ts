// POST /api/v1/prune end to end, refusals and whole items: the real app over real Postgres
// against the Sonarr/Radarr simulators, faults injected on their routes. What the instances were
// asked is read from the simulators' request logs; expected sizes come from the generated
// library, not from our code. Seasons, the catalog and the follow-ups: prune-season.e2e.spec.ts.
import { AuditLedgerRepository } from '../audit/audit-ledger.repository';
import {
  allRequests,
  itemRows,
  ledgerRows,
  ledgerTotal,
  postPrune,
  protect,
  type PruneFixture,
  requestProtection,
} from './prune-e2e.spec-helpers';
import { fileSize, movieId, type PrunePicks, seriesId, setUpPruneTests } from './prune-picks.spec-helpers';

const SEED = 'curation-prune-e2e';
let fixture: PruneFixture;
let picks: PrunePicks;
const suite = setUpPruneTests(SEED);
beforeAll(() => {
  ({ fixture, picks } = suite.current());
});

describe('prune refusals', () => {
  it('refuses invalid bodies with 400 naming the field, calling nothing', async () => {
    const movie = picks.movie(['hd']);
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
      // The same connection in upper case: Postgres would find it twice.
      [
        {
          ...valid,
          targetConnectionIds: [fixture.connectionIds.radarr, fixture.connectionIds.radarr.toUpperCase()],
        },
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
    const movie = picks.movie(['hd']);
    const { series } = picks.series();
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
    const protectedMovie = picks.movie(['hd']);
    const requestedMovie = picks.movie(['hd']);
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
    const movie = picks.movie(['hd']);
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
      const pending = picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], false).then((response) => {
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
    const movie = picks.movie(['hd', '4k']);
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
    // Nothing ended deleted or already_gone, so no success (issue 18); the message says why.
    expect(response.body).toMatchObject({
      success: false,
      bytesFreed: 0,
      auditId: null,
      dryRun: true,
      results: [
        { connectionId: fixture.connectionIds.radarr, status: 'skipped', bytesFreed: 0 },
        { connectionId: fixture.connectionIds.radarr4k, status: 'skipped', bytesFreed: 0 },
      ],
    });
    const estimate = fileSize(movie, 'hd') + fileSize(movie, '4k');
    expect((response.body as { message: string }).message).toMatch(/^Dry run: would delete /);
    expect((response.body as { message: string }).message).toContain(`(${estimate} bytes)`);
    expect(allRequests(fixture)).toHaveLength(before);
    expect(await ledgerRows(fixture)).toHaveLength(ledgerBefore);
    expect(await itemRows(fixture, movieId(movie))).toEqual(catalogBefore);
  });

  it('reports the other target deleted when one answers 500, and the ledger says exactly that', async () => {
    const movie = picks.movie(['hd', '4k']);
    fixture.stack.radarr4k.faults.add({ method: 'DELETE', path: /^\/api\/v3\/movie\/\d+$/, status: 500 });
    const totalBefore = await ledgerTotal(fixture);
    const sizeBefore = Number((await itemRows(fixture, movieId(movie))).items[0]?.['size_bytes']);
    const response = await picks.pruneWholeMovie(
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
    const movie = picks.movie(['hd', '4k']);
    fixture.stack.radarr.faults.add({
      method: 'DELETE',
      path: /^\/api\/v3\/movie\/\d+$/,
      drop: true,
      delayMs: 1500,
    });
    const response = await picks.pruneWholeMovie(
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
    // Dropped after the timeout: never applied, but the prune cannot know that.
    expect(body.results[0]?.error).toMatch(/outcome is unknown.*timed out.*may still complete/);
    const row = (await ledgerRows(fixture)).find((entry) => entry.id === body.auditId);
    expect(row?.bytes_freed).toBe(String(fileSize(movie, '4k')));
    expect(row?.details['targets']).toMatchObject([{ status: 'failed' }, { status: 'deleted' }]);
  });

  it('waits out a delete whose answer comes after the timeout but which the instance applies', async () => {
    const movie = picks.movie(['hd']);
    // The call bound is 1 s: the client gives up, the simulator deletes at 1.3 s.
    fixture.stack.radarr.faults.add({
      method: 'DELETE',
      path: /^\/api\/v3\/movie\/\d+$/,
      delayMs: 1300,
      times: 1,
    });
    const response = await picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: fileSize(movie, 'hd'),
      results: [{ status: 'deleted', bytesFreed: fileSize(movie, 'hd') }],
    });
  });

  it('counts an item already gone as already_gone, and a duplicate exclusion (Radarr 400) as success', async () => {
    const movie = picks.movie(['hd']);
    const radarr = fixture.stack.radarr.state;
    const held = [...radarr.movies.values()].find((entry) => entry.movie.tmdbId === movie.tmdbId);
    if (held === undefined) throw new Error('the simulator lacks the movie');
    // Deleted and excluded behind the catalog's back (another tool, or a prune whose answer was lost).
    radarr.deleteMovie(held.id, true, true);
    const response = await picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], true);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: 0,
      results: [{ connectionId: fixture.connectionIds.radarr, status: 'already_gone', bytesFreed: 0 }],
    });
    const exclusionCall = fixture.stack.radarr.requests
      .filter((entry) => entry.path === '/api/v3/exclusions')
      .at(-1);
    expect(exclusionCall).toMatchObject({ method: 'POST', status: 400 });
    const row = await picks.ledgerRowOf(response.body);
    expect(row?.details['targets']).toMatchObject([{ status: 'already_gone', exclusion: 'already-present' }]);
    expect((await itemRows(fixture, movieId(movie))).copies).toEqual([]);
  });

  it('counts a 404 on the delete itself (deleted in between) as already_gone', async () => {
    const movie = picks.movie(['hd']);
    fixture.stack.radarr.faults.add({
      method: 'DELETE',
      path: /^\/api\/v3\/movie\/\d+$/,
      status: 404,
      times: 1,
    });
    const response = await picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: 0,
      results: [{ status: 'already_gone', bytesFreed: 0 }],
    });
  });

  it('keeps a running prune in progress past its deadline while it is alive, then completes it', async () => {
    const movie = picks.movie(['hd']);
    fixture.stack.radarr.faults.add({ method: 'DELETE', path: /^\/api\/v3\/movie\/\d+$/, delayMs: 900 });
    const start = fixture.stack.radarr.requests.length;
    const pending = picks
      .pruneWholeMovie(movie, [fixture.connectionIds.radarr], false)
      .then((response) => response); // supertest sends only once then() is called
    // The intent is written before the first delete: once the DELETE is on its way, the row exists.
    while (!fixture.stack.radarr.requests.slice(start).some((entry) => entry.method === 'DELETE')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const row = (await ledgerRows(fixture)).find((entry) => entry.media_item_id === movieId(movie));
    if (row === undefined) throw new Error('no intent was recorded before the delete');
    expect(row).toMatchObject({ outcome: 'in_progress', bytes_freed: '0', title: movie.title });
    // The target is recorded as under way before its first call: from then on it may have deleted.
    expect(row.details['targets']).toMatchObject([{ connectionName: 'Radarr', status: 'running' }]);
    // A second prune of the item meanwhile is refused: this one is still running.
    const second = await picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'prune.in-progress' });
    // Its writer holds its liveness lock, so neither a reader nor a sweep long past the deadline
    // takes it for interrupted (decision 051): the deadline no longer judges a locked intent.
    const ledger = fixture.service.app.get(AuditLedgerRepository);
    const deadline: { deadline_at: Date }[] = await fixture.database.query(
      'SELECT "deadline_at" FROM "curation"."audit_log" WHERE "id" = $1',
      [row.id],
    );
    const afterDeadline = new Date((deadline[0]?.deadline_at.getTime() ?? 0) + 1);
    expect((await ledger.find(row.id, afterDeadline))?.outcome).toBe('in_progress');
    expect(await ledger.markInterrupted(afterDeadline)).not.toContain(row.id);
    const finished = (await pending).body as { bytesFreed: number };
    const settled = (await ledgerRows(fixture)).find((entry) => entry.id === row.id);
    expect(settled).toMatchObject({ outcome: 'completed', bytes_freed: String(finished.bytesFreed) });
  });
});
