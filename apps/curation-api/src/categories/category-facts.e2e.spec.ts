// The precomputed category facts (decision 046) at their edges: space-hog sizes one byte either
// side of whole and fractional thresholds (a series by bytes per file, on the densest of several
// copies), compared with the independent oracle; and refreshing one item's facts after its copies
// change, as a prune does, without touching the other items; and the facts the sync writes with
// each inserted item equal to what the refresh computes from the same rows.
import { getDataSourceToken } from '@nestjs/typeorm';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  type CatalogFixture,
  FIXTURE_CONNECTIONS,
  type FixtureCopy,
  type FixtureItem,
  generateCatalogFixture,
  loadCatalogFixture,
} from '../catalog/catalog-fixture.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { type CategorySettings, DEFAULT_CATEGORY_SETTINGS } from '../settings/category-settings';
import { CategoryFactsRepository } from '../sync/category-facts.repository';
import { expectedCategories, expectedTotals } from './category-oracle.spec-helpers';

const ADMIN_KEY = 'category-facts-bootstrap-key-0123456789';
const GIB = 1024 ** 3;
const FRACTIONAL = { spaceHogMovieGib: 0.001, spaceHog4kMovieGib: 0.002, spaceHogEpisodeGib: 0.003 };

let nextCopyId = 1;

function copy(connection: number, rank: number, fileSizes: readonly number[]): FixtureCopy {
  const id = nextCopyId++;
  const holder = FIXTURE_CONNECTIONS[connection]!;
  return {
    id,
    connectionId: holder.id,
    is4k: holder.is4k,
    qualityProfile: 'HD-1080p',
    resolutionRank: rank,
    monitored: true,
    files: fileSizes.map((sizeBytes, index) => ({
      key: `/media/${id}/${index}.mkv`,
      sizeBytes,
      belowCutoff: false,
      seasonNumber: null,
    })),
  };
}

function item(id: string, copies: readonly FixtureCopy[]): FixtureItem {
  const mediaType = id.startsWith('movie') ? 'movie' : 'series';
  return {
    id,
    mediaType,
    title: id,
    year: 2020,
    addedAt: new Date('2026-01-01T12:00:00Z'),
    episodeCount: mediaType === 'series' ? 10 : 0,
    plexVersionCount: mediaType === 'movie' ? 1 : 0,
    playedEpisodeCount: 0,
    copies,
    watch: [],
    requests: [],
  };
}

/** Sizes one byte either side of each threshold, fractional (0.001 GiB…) and whole (the defaults). */
function edgeFixture(): CatalogFixture {
  const movie = FRACTIONAL.spaceHogMovieGib * GIB; // 1073741.824
  const movie4k = FRACTIONAL.spaceHog4kMovieGib * GIB; // 2147483.648
  const episode = FRACTIONAL.spaceHogEpisodeGib * GIB; // 3221225.472
  const wholeEpisode = DEFAULT_CATEGORY_SETTINGS.spaceHogEpisodeGib * GIB;
  const items = [
    item('movie-tmdb-1', [copy(0, 3, [Math.floor(movie)])]),
    item('movie-tmdb-2', [copy(0, 3, [Math.ceil(movie)])]),
    item('movie-tmdb-3', [copy(1, 4, [Math.floor(movie4k)])]),
    item('movie-tmdb-4', [copy(1, 4, [Math.ceil(movie4k)])]),
    item('movie-tmdb-5', [copy(0, 3, [20 * GIB]), copy(1, 4, [50 * GIB])]),
    item('movie-tmdb-6', [copy(0, 3, [20 * GIB + 1])]),
    // Two files: bytes per file floor(T) + 0.5 is over T = floor(T) + 0.472, floor(T) is not.
    item('series-tvdb-1', [copy(2, 3, [Math.floor(episode), Math.floor(episode) + 1])]),
    item('series-tvdb-2', [copy(2, 3, [Math.floor(episode), Math.floor(episode)])]),
    // Three files averaging floor(T) + 1/3, under T; the other copy is denser and over it.
    item('series-tvdb-3', [
      copy(2, 3, [Math.floor(episode), Math.floor(episode), Math.floor(episode) + 1]),
      copy(3, 4, [Math.floor(episode) + 1, Math.floor(episode)]),
    ]),
    item('series-tvdb-4', [copy(2, 3, [wholeEpisode, wholeEpisode])]),
    item('series-tvdb-5', [copy(2, 3, [wholeEpisode, wholeEpisode + 1])]),
    item('series-tvdb-6', [copy(2, 3, [])]),
  ];
  return {
    now: new Date(),
    users: [{ id: '1000000', username: 'user0' }],
    connections: FIXTURE_CONNECTIONS,
    items,
    protections: [],
    protectionRequests: [],
  };
}

describe('precomputed category facts', () => {
  let service: TestService;
  let database: DataSource;
  const admin = { 'X-Api-Key': ADMIN_KEY };
  const fixture = edgeFixture();

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
    database = service.app.get<DataSource>(getDataSourceToken());
    await loadCatalogFixture(database, fixture);
  });

  afterAll(async () => {
    await service.close();
  });

  const spaceHogs = async (): Promise<string[]> => {
    const response = await request(service.server)
      .get('/api/v1/catalog?category=space_hogs&sortBy=title&limit=500')
      .set(admin)
      .expect(200);
    return (response.body as { items: { id: string }[] }).items.map((entry) => entry.id).sort();
  };

  const expectedSpaceHogs = (from: CatalogFixture, settings: CategorySettings) =>
    from.items
      .filter((entry) => expectedCategories(from, entry, settings, new Date(), null).includes('space_hogs'))
      .map((entry) => entry.id)
      .sort();

  const totals = async () =>
    Object.fromEntries(
      (
        (await request(service.server).get('/api/v1/categories').set(admin).expect(200)).body as {
          id: string;
          count: number;
          sizeBytes: number;
          reclaimableSizeBytes: number;
        }[]
      ).map(({ id, count, sizeBytes, reclaimableSizeBytes }) => [
        id,
        { count, sizeBytes, reclaimableSizeBytes },
      ]),
    );

  it('puts copies strictly over whole thresholds in space_hogs, as the oracle does', async () => {
    const expected = expectedSpaceHogs(fixture, DEFAULT_CATEGORY_SETTINGS);
    expect(expected).toEqual(['movie-tmdb-6', 'series-tvdb-5']);
    expect(await spaceHogs()).toEqual(expected);
    expect(await totals()).toEqual(expectedTotals(fixture, DEFAULT_CATEGORY_SETTINGS, new Date(), null));
  });

  it('compares exactly against fractional thresholds', async () => {
    await request(service.server).put('/api/v1/settings').set(admin).send(FRACTIONAL).expect(200);
    try {
      const settings = { ...DEFAULT_CATEGORY_SETTINGS, ...FRACTIONAL };
      const expected = expectedSpaceHogs(fixture, settings);
      expect(expected).toEqual([
        'movie-tmdb-2',
        'movie-tmdb-4',
        'movie-tmdb-5',
        'movie-tmdb-6',
        'series-tvdb-1',
        'series-tvdb-3',
        'series-tvdb-4',
        'series-tvdb-5',
      ]);
      expect(await spaceHogs()).toEqual(expected);
      expect(await totals()).toEqual(expectedTotals(fixture, settings, new Date(), null));
    } finally {
      await request(service.server)
        .put('/api/v1/settings')
        .set(admin)
        .send({ spaceHogMovieGib: 20, spaceHog4kMovieGib: 50, spaceHogEpisodeGib: 2.5 })
        .expect(200);
    }
  });

  it("refreshes only the named items' facts from their current copies", async () => {
    const facts = new CategoryFactsRepository();
    const [dense] = fixture.items.find((entry) => entry.id === 'series-tvdb-5')!.copies;
    const [large] = fixture.items.find((entry) => entry.id === 'movie-tmdb-6')!.copies;
    // Both lose their qualifying copy; only one item is refreshed.
    await database.query('DELETE FROM "curation"."catalog_copies" WHERE "id" = ANY($1::bigint[])', [
      [dense!.id, large!.id],
    ]);
    await database.transaction((manager) => facts.refresh(manager, ['series-tvdb-5', 'series-tvdb-404']));
    expect(await spaceHogs()).toEqual(['movie-tmdb-6']);
    await database.transaction((manager) => facts.refresh(manager, 'all'));
    expect(await spaceHogs()).toEqual([]);
    await database.transaction((manager) => facts.refresh(manager, []));
    expect(await spaceHogs()).toEqual([]);
  });

  it('inserts every item with the facts a refresh computes from the same rows', async () => {
    // The sync's and the fixture's write: child rows first, then each item with its facts.
    await loadCatalogFixture(database, generateCatalogFixture({ seed: 55, items: 600, users: 5 }));
    const read = () =>
      database.query(
        `SELECT "id", "largest_copy_bytes", "largest_4k_copy_bytes", "densest_copy_bytes", "densest_copy_files",
                "managed_copies_with_files", "has_missing_copy", "unwatched_request_at", "beyond_best_bytes",
                "below_cutoff_bytes"
           FROM "curation"."catalog_items" ORDER BY "id"`,
      );
    const inserted = await read();
    await database.transaction((manager) => new CategoryFactsRepository().refresh(manager, 'all'));
    expect(await read()).toEqual(inserted);
    // Not vacuous: the library exercises every fact.
    const nonZero = (column: string) =>
      inserted.filter(
        (row: Record<string, unknown>) =>
          row[column] !== '0' && row[column] !== false && row[column] !== null && row[column] !== 0,
      ).length;
    expect(
      [
        'largest_copy_bytes',
        'largest_4k_copy_bytes',
        'densest_copy_bytes',
        'managed_copies_with_files',
        'has_missing_copy',
        'unwatched_request_at',
        'beyond_best_bytes',
        'below_cutoff_bytes',
      ].filter((column) => nonZero(column) === 0),
    ).toEqual([]);
  });
});
