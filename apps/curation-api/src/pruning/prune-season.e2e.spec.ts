// POST /api/v1/prune end to end, seasons, the catalog and the follow-ups: the real app over real
// Postgres against the simulators. The order of a season's calls is read from Sonarr's request
// log; the catalog after a prune is compared with what a fresh full sync makes of the same sources.
import request from 'supertest';
import {
  ADMIN_KEY,
  fullSync,
  itemRows,
  plexNoticesDeletedFiles,
  postPrune,
  type PruneFixture,
} from './prune-e2e.spec-helpers';
import { movieId, type PrunePicks, seriesId, setUpPruneTests } from './prune-picks.spec-helpers';

const SEED = 'curation-prune-season-e2e';
let fixture: PruneFixture;
let picks: PrunePicks;
const suite = setUpPruneTests(SEED);
beforeAll(() => {
  ({ fixture, picks } = suite.current());
});

describe('prune of a season', () => {
  it('unmonitors and confirms before the first delete, deletes only that season, with the season title', async () => {
    const { series, seasonNumber, seasonBytes } = picks.series();
    const sonarr = fixture.stack.sonarr;
    const start = sonarr.requests.length;
    const response = await picks.pruneSeasonOnSonarr(series, seasonNumber, true);
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
    const row = await picks.ledgerRowOf(response.body);
    expect(row).toMatchObject({
      title: `${series.title} — Season ${seasonNumber}`,
      bytes_freed: String(seasonBytes),
    });
    expect(row?.details['targets']).toMatchObject([{ exclusion: 'not-applicable', seasonUnmonitored: true }]);
  });

  it('waits out a slow PUT: re-reads until the season shows unmonitored, then deletes', async () => {
    const { series, seasonNumber, seasonBytes } = picks.series();
    const sonarr = fixture.stack.sonarr;
    const copy = series.sonarr[0];
    sonarr.faults.add({ method: 'PUT', path: `/api/v3/series/${copy?.seriesId}`, delayMs: 1400, times: 1 });
    const start = sonarr.requests.length;
    const response = await picks.pruneSeasonOnSonarr(series, seasonNumber, false);
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
    const { series, seasonNumber } = picks.series();
    const sonarr = fixture.stack.sonarr;
    const copy = series.sonarr[0];
    sonarr.faults.add({ method: 'PUT', path: `/api/v3/series/${copy?.seriesId}`, drop: true });
    const start = sonarr.requests.length;
    const response = await picks.pruneSeasonOnSonarr(series, seasonNumber, false);
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

describe('a season whose bulk delete is not answered as sent', () => {
  it('counts no byte freed when the bulk delete answers 404 and the files are still there', async () => {
    const { series, seasonNumber } = picks.series();
    const sonarr = fixture.stack.sonarr;
    const copy = series.sonarr[0];
    sonarr.faults.add({ method: 'DELETE', path: '/api/v3/episodefile/bulk', status: 404, times: 1 });
    const response = await picks.pruneSeasonOnSonarr(series, seasonNumber, false);
    const body = response.body as { results: { error?: string }[] };
    expect(body).toMatchObject({
      success: false,
      bytesFreed: 0,
      results: [{ status: 'failed', bytesFreed: 0 }],
    });
    expect(body.results[0]?.error).toMatch(/answered 404.*still there/);
    const left = sonarr.state.filesOf(copy?.seriesId ?? 0);
    expect(left.some((file) => file.file.seasonNumber === seasonNumber)).toBe(true);
    expect((await picks.ledgerRowOf(response.body))?.bytes_freed).toBe('0');
  });

  it('waits out a bulk delete whose answer comes after the timeout but which the instance applies', async () => {
    const { series, seasonNumber, seasonBytes } = picks.series();
    const sonarr = fixture.stack.sonarr;
    // The call bound is 1 s: the client gives up, the simulator deletes at 1.3 s.
    sonarr.faults.add({ method: 'DELETE', path: '/api/v3/episodefile/bulk', delayMs: 1300, times: 1 });
    const response = await picks.pruneSeasonOnSonarr(series, seasonNumber, false);
    expect(response.body).toMatchObject({
      success: true,
      bytesFreed: seasonBytes,
      results: [{ status: 'deleted', bytesFreed: seasonBytes }],
    });
  });
});

describe('the catalog after a prune', () => {
  it('equals what a fresh full sync makes of the same sources', async () => {
    const both = picks.movie(['hd', '4k']);
    const only = picks.movie(['hd'], true);
    const { series, seasonNumber } = picks.series();
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
    // Plex's own numbers (versions, episodes, and the plays it reports for them) follow Plex at the
    // next sync (docs/decisions/043); everything the instances hold must already agree.
    const except = [
      'plex_version_count',
      'episode_count',
      'plays',
      'played_episode_count',
      'last_watched_at',
    ];
    const afterPrune = await Promise.all(prunes.map((prune) => itemRows(fixture, prune.mediaItemId, except)));
    expect(afterPrune[1]?.items[0]).toMatchObject({
      size_bytes: '0',
      resolution: null,
      resolution_rank: null,
    });
    plexNoticesDeletedFiles(fixture);
    await fullSync(fixture);
    const afterSync = await Promise.all(prunes.map((prune) => itemRows(fixture, prune.mediaItemId, except)));
    // The movie no instance holds any more stays, with size 0, until Plex drops it (decision 043);
    // Plex has scanned here, so the sync no longer finds it.
    expect(afterSync[1]?.items).toEqual([]);
    expect(afterPrune.map((rows, index) => (index === 1 ? { ...rows, items: [] } : rows))).toEqual(afterSync);
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

  it('resets Overseerr’s entry of an item no instance holds and refreshes Plex’s movie sections', async () => {
    await settings({ pruneResetsOverseerr: true, pruneRefreshesPlex: true });
    const { movie, mediaIds } = picks.requestedMovie();
    const refreshedBefore = fixture.stack.plex.state.refreshedSections.length;
    const response = await picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(response.body).toMatchObject({ success: true, results: [{ status: 'deleted' }] });
    for (const mediaId of mediaIds) expect(fixture.stack.overseerr.state.media.has(mediaId)).toBe(false);
    const refreshed = fixture.stack.plex.state.refreshedSections.slice(refreshedBefore);
    expect(refreshed.length).toBeGreaterThan(0);
    const row = await picks.ledgerRowOf(response.body);
    expect(row?.details['followUps']).toEqual({
      overseerr: `reset media ${mediaIds.join(', ')}`,
      plex: `refreshed sections ${refreshed.join(', ')}`,
    });
  });

  it('records a failed reset without changing the prune’s result, and leaves items still held alone', async () => {
    await settings({ pruneResetsOverseerr: true, pruneRefreshesPlex: false });
    const { movie } = picks.requestedMovie();
    fixture.stack.overseerr.faults.add({ method: 'DELETE', path: /^\/api\/v1\/media\//, status: 500 });
    const response = await picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    fixture.stack.overseerr.faults.clear();
    expect(response.body).toMatchObject({ success: true, results: [{ status: 'deleted' }] });
    const row = await picks.ledgerRowOf(response.body);
    expect(row?.details['followUps']).toMatchObject({ plex: 'off' });
    expect((row?.details['followUps'] as { overseerr: string }).overseerr).toMatch(/^failed: .*500/);

    const both = picks.movie(['hd', '4k']);
    const partial = await picks.pruneWholeMovie(both, [fixture.connectionIds.radarr4k], false);
    expect((await picks.ledgerRowOf(partial.body))?.details['followUps']).toEqual({
      overseerr: 'not-needed',
      plex: 'off',
    });
  });
});
