// Test and benchmark fixtures of the synced catalog: a seeded generator of items with copies,
// files, seasons, watch rows, requests and protections, and a loader that writes them into the
// catalog tables the way the sync does (item and copy columns derived from their rows, as the
// migration's comments define them; child rows first, then the items with their category facts
// by the sync's own SQL). Tests compare the API with computations over this model.
import type { DataSource, EntityManager } from 'typeorm';
import { CatalogWriteRepository, deferItemReferences } from '../sync/catalog-write.repository';
import { FACT_COLUMNS, withFactsSql } from '../sync/category-facts.repository';
import { titleKey } from './title-key';

const DAY_MS = 86_400_000;
const GIB = 1024 ** 3;
const RESOLUTION_BY_RANK = ['SD', '720p', '1080p', '4K'] as const;

export interface FixtureFile {
  readonly key: string;
  readonly sizeBytes: number;
  readonly belowCutoff: boolean;
  readonly seasonNumber: number | null;
}

export interface FixtureCopy {
  readonly id: number;
  /** A Sonarr/Radarr connection, or null for a Plex version no manager holds. */
  readonly connectionId: string | null;
  readonly is4k: boolean;
  readonly qualityProfile: string | null;
  /** 1 SD .. 4 4K; null without files. */
  readonly resolutionRank: number | null;
  readonly monitored: boolean;
  readonly files: readonly FixtureFile[];
}

export interface FixtureWatch {
  readonly accountId: string;
  readonly plays: number;
  readonly lastWatchedAt: Date;
  readonly playedEpisodeCount: number;
}

export interface FixtureRequest {
  readonly requestId: number;
  readonly accountId: string | null;
  readonly requestedAt: Date;
  readonly status: string;
}

export interface FixtureItem {
  readonly id: string;
  readonly mediaType: 'movie' | 'series';
  readonly title: string;
  readonly year: number | null;
  readonly addedAt: Date | null;
  readonly episodeCount: number;
  readonly plexVersionCount: number;
  /** Distinct episodes anyone played (series): at least each watcher's own count. */
  readonly playedEpisodeCount: number;
  readonly copies: readonly FixtureCopy[];
  readonly watch: readonly FixtureWatch[];
  readonly requests: readonly FixtureRequest[];
}

export interface FixtureUser {
  readonly id: string;
  readonly username: string;
}

export interface CatalogFixture {
  readonly now: Date;
  readonly users: readonly FixtureUser[];
  readonly connections: readonly {
    readonly id: string;
    readonly type: 'sonarr' | 'radarr';
    readonly name: string;
    readonly is4k: boolean;
  }[];
  readonly items: readonly FixtureItem[];
  readonly protections: readonly { readonly itemId: string; readonly reason: string }[];
  readonly protectionRequests: readonly {
    readonly itemId: string;
    readonly accountId: string;
    readonly status: 'pending' | 'approved' | 'denied' | 'withdrawn';
  }[];
}

/** mulberry32: a small seeded generator, so a failing seed can be replayed. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)] as T;
  }
}

const WORDS = [
  'Amélie',
  'ÉCOLE',
  'night',
  'River',
  'Ça',
  'Señor',
  '100%',
  'under_score',
  'Øresund',
  'Zoë',
  'blue',
  'Last',
  'Dawn',
  'back\\slash',
  'Émile',
  'Star',
  'Crème',
  'Brûlée',
  'Wolf',
  'apple',
];

export const FIXTURE_CONNECTIONS = [
  { id: '00000000-0000-4000-8000-000000000001', type: 'radarr', name: 'Radarr HD', is4k: false },
  { id: '00000000-0000-4000-8000-000000000002', type: 'radarr', name: 'Radarr 4K', is4k: true },
  { id: '00000000-0000-4000-8000-000000000003', type: 'sonarr', name: 'Sonarr HD', is4k: false },
  { id: '00000000-0000-4000-8000-000000000004', type: 'sonarr', name: 'Sonarr 4K', is4k: true },
] as const;

export interface GenerateCatalogOptions {
  readonly seed: number;
  readonly items: number;
  readonly users?: number;
  readonly now?: Date;
  /** Episode files per series copy at most (benchmarks keep the total reasonable). */
  readonly maxEpisodes?: number;
}

/**
 * A library with every case the categories distinguish. Times fall at half days before `now`,
 * so whole-day thresholds never sit within hours of a generated time and a test's runtime
 * cannot move an item across one.
 */
export function generateCatalogFixture(options: GenerateCatalogOptions): CatalogFixture {
  const random = new Random(options.seed);
  const now = options.now ?? new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - (days + 0.5) * DAY_MS);
  const users: FixtureUser[] = Array.from({ length: options.users ?? 6 }, (_, index) => ({
    id: String(1_000_000 + index * 7919),
    username: `user${index}`,
  }));
  const maxEpisodes = options.maxEpisodes ?? 24;
  const items: FixtureItem[] = [];
  let copyId = 1;
  let requestId = 1;
  for (let index = 0; index < options.items; index += 1) {
    const mediaType = random.chance(0.7) ? 'movie' : 'series';
    const title = random.chance(0.03)
      ? ''
      : `${random.pick(WORDS)} ${random.pick(WORDS)} ${index % 97}`.trim();
    const episodeCount = mediaType === 'series' ? random.integer(1, maxEpisodes) : 0;
    const copies: FixtureCopy[] = [];
    const managers = FIXTURE_CONNECTIONS.filter((connection) =>
      mediaType === 'movie' ? connection.type === 'radarr' : connection.type === 'sonarr',
    );
    const holders = random.chance(0.15) ? [...managers] : random.chance(0.92) ? [managers[0]!] : [];
    for (const connection of holders) {
      const hasFiles = !random.chance(0.08);
      const rank = connection.is4k ? 4 : random.pick([1, 1, 2, 3, 3, 3]);
      const fileCount = hasFiles ? (mediaType === 'movie' ? 1 : random.integer(1, episodeCount)) : 0;
      const perFile =
        mediaType === 'movie'
          ? random.integer(1, rank === 4 ? 70 : 30) * GIB + random.integer(0, GIB)
          : random.integer(200, 3500) * 1024 * 1024;
      const belowCutoff = random.chance(0.1);
      const id = copyId++;
      copies.push({
        id,
        connectionId: connection.id,
        is4k: connection.is4k,
        qualityProfile: connection.is4k ? 'Ultra-HD' : 'HD-1080p',
        resolutionRank: hasFiles ? rank : null,
        monitored: random.chance(0.85),
        files: Array.from({ length: fileCount }, (_, file) => ({
          key: `/media/${connection.name}/${index}/${file}.mkv`,
          sizeBytes: perFile + file,
          belowCutoff: belowCutoff && (file === 0 || random.chance(0.5)),
          seasonNumber: mediaType === 'series' ? 1 + Math.floor(file / 10) : null,
        })),
      });
    }
    // A Plex version no manager holds (an extra cut of a movie, or an unmanaged item).
    let plexVersionCount = copies.some((copy) => copy.files.length > 0) && mediaType === 'movie' ? 1 : 0;
    if (mediaType === 'movie' && (holders.length === 0 || random.chance(0.05))) {
      const rank = random.pick([1, 2, 3]);
      copies.push({
        id: copyId++,
        connectionId: null,
        is4k: false,
        qualityProfile: null,
        resolutionRank: rank,
        monitored: false,
        files: [
          {
            key: `/media/plex/${index}.mkv`,
            sizeBytes: random.integer(1, 25) * GIB,
            belowCutoff: false,
            seasonNumber: null,
          },
        ],
      });
      plexVersionCount += 1;
    }
    const watch: FixtureWatch[] = [];
    if (!random.chance(0.35)) {
      for (const user of users) {
        if (!random.chance(0.3)) continue;
        const episodes = mediaType === 'series' ? random.integer(1, episodeCount) : 0;
        watch.push({
          accountId: user.id,
          plays: random.integer(1, 5),
          lastWatchedAt: daysAgo(random.integer(0, 700)),
          playedEpisodeCount: episodes,
        });
      }
    }
    const playedEpisodeCount =
      mediaType === 'series' && watch.length > 0
        ? Math.min(
            episodeCount,
            Math.max(...watch.map((row) => row.playedEpisodeCount)) + random.integer(0, 2),
          )
        : 0;
    const requests: FixtureRequest[] = [];
    if (random.chance(0.2)) {
      const requester = random.chance(0.9) ? random.pick(users).id : null;
      requests.push({
        requestId: requestId++,
        accountId: requester,
        requestedAt: daysAgo(random.integer(0, 200)),
        status: 'approved',
      });
    }
    items.push({
      id: mediaType === 'movie' ? `movie-tmdb-${100 + index}` : `series-tvdb-${100 + index}`,
      mediaType,
      title,
      year: random.chance(0.05) ? null : random.integer(1950, 2026),
      addedAt: random.chance(0.03) ? null : daysAgo(random.integer(0, 3000)),
      episodeCount,
      plexVersionCount,
      playedEpisodeCount,
      copies,
      watch,
      requests,
    });
  }
  const protections = items
    .filter(() => random.chance(0.05))
    .map((item) => ({ itemId: item.id, reason: 'keep' }));
  const protectionRequests = items
    .filter(() => random.chance(0.05))
    .map((item) => ({
      itemId: item.id,
      accountId: random.pick(users).id,
      status: random.pick(['pending', 'pending', 'denied', 'withdrawn'] as const),
    }));
  return { now, users, connections: FIXTURE_CONNECTIONS, items, protections, protectionRequests };
}

/** What the sync derives onto an item row from its copies, files and watch rows. */
export function derivedItem(item: FixtureItem) {
  const files = item.copies.flatMap((copy) => copy.files);
  const ranks = item.copies.filter((copy) => copy.files.length > 0).map((copy) => copy.resolutionRank ?? 0);
  const rank = ranks.length === 0 ? null : Math.max(...ranks);
  return {
    sizeBytes: files.reduce((sum, file) => sum + file.sizeBytes, 0),
    resolutionRank: rank,
    resolution: rank === null ? null : RESOLUTION_BY_RANK[rank - 1]!,
    cutoffUnmet: item.copies.some(copyCutoffUnmet),
    plays: item.watch.reduce((sum, row) => sum + row.plays, 0),
    lastWatchedAt:
      item.watch.length === 0
        ? null
        : new Date(Math.max(...item.watch.map((row) => row.lastWatchedAt.getTime()))),
  };
}

export function copySize(copy: FixtureCopy): number {
  return copy.files.reduce((sum, file) => sum + file.sizeBytes, 0);
}

export function copyCutoffUnmet(copy: FixtureCopy): boolean {
  return copy.files.some((file) => file.belowCutoff);
}

/** The copy a duplicate prune keeps: highest resolution, then largest, then first. */
export function bestCopy(item: FixtureItem): FixtureCopy | undefined {
  let best: FixtureCopy | undefined;
  for (const copy of item.copies) {
    if (copy.files.length === 0) continue;
    if (
      best === undefined ||
      (copy.resolutionRank ?? 0) > (best.resolutionRank ?? 0) ||
      ((copy.resolutionRank ?? 0) === (best.resolutionRank ?? 0) && copySize(copy) > copySize(best))
    ) {
      best = copy;
    }
  }
  return best;
}

/** Empties the catalog and people's decisions about it (keeps users, settings and connections). */
export async function clearCatalog(database: DataSource): Promise<void> {
  await database.query(
    'TRUNCATE "curation"."catalog_items", "curation"."catalog_copies", "curation"."catalog_files", "curation"."catalog_seasons", "curation"."catalog_watch", "curation"."catalog_requests", "curation"."protections", "curation"."protection_requests" CASCADE',
  );
}

const ITEM_COLUMNS = [
  'id',
  'media_type',
  'title',
  'title_key',
  'year',
  'added_at',
  'episode_count',
  'plex_version_count',
  'size_bytes',
  'resolution',
  'resolution_rank',
  'cutoff_unmet',
  'plays',
  'last_watched_at',
  'played_episode_count',
];

/** Writes the fixture into the catalog tables (after clearing them), in batches of unnest() rows. */
export async function loadCatalogFixture(database: DataSource, fixture: CatalogFixture): Promise<void> {
  await clearCatalog(database);
  await insertRows(
    database,
    'INSERT INTO "curation"."users" ("id", "username", "kind", "role") SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT ("id") DO NOTHING',
    fixture.users.map((user) => [user.id, user.username, 'shared', 'Guest']),
  );
  await insertRows(
    database,
    'INSERT INTO "curation"."connections" ("id", "type", "name", "base_url", "api_key_sealed", "is_4k") SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[]) ON CONFLICT ("id") DO NOTHING',
    fixture.connections.map((c) => [c.id, c.type, c.name, 'http://127.0.0.1:9', 'not-a-sealed-key', c.is4k]),
  );
  // As the sync writes them: the child rows, then each item with its facts, in one transaction.
  await database.transaction(async (manager) => {
    await deferItemReferences(manager);
    await insertRows(
      manager,
      `INSERT INTO "curation"."catalog_copies" ("id", "item_id", "connection_id", "is_4k", "quality_profile", "resolution",
       "resolution_rank", "size_bytes", "file_count", "path", "monitored", "cutoff_unmet", "is_best")
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::uuid[], $4::boolean[], $5::text[], $6::text[], $7::smallint[],
       $8::bigint[], $9::int[], $10::text[], $11::boolean[], $12::boolean[], $13::boolean[])`,
      fixture.items.flatMap((item) => {
        const best = bestCopy(item);
        return item.copies.map((copy) => [
          copy.id,
          item.id,
          copy.connectionId,
          copy.is4k,
          copy.qualityProfile,
          copy.resolutionRank === null ? null : RESOLUTION_BY_RANK[copy.resolutionRank - 1],
          copy.resolutionRank,
          copySize(copy),
          copy.files.length,
          copy.files[0]?.key ?? null,
          copy.monitored,
          copyCutoffUnmet(copy),
          copy === best,
        ]);
      }),
    );
    await insertRows(
      manager,
      `INSERT INTO "curation"."catalog_files" ("item_id", "file_key", "copy_id", "season_number", "size_bytes", "resolution", "below_cutoff")
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::bigint[], $6::text[], $7::boolean[])`,
      fixture.items.flatMap((item) =>
        item.copies.flatMap((copy) =>
          copy.files.map((file) => [
            item.id,
            file.key,
            copy.id,
            file.seasonNumber,
            file.sizeBytes,
            copy.resolutionRank === null ? null : RESOLUTION_BY_RANK[copy.resolutionRank - 1],
            file.belowCutoff,
          ]),
        ),
      ),
    );
    await insertRows(
      manager,
      `INSERT INTO "curation"."catalog_seasons" ("item_id", "season_number", "episode_count", "file_count", "size_bytes", "monitored")
     SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::boolean[])`,
      fixture.items.flatMap((item) => seasonRows(item)),
    );
    await insertRows(
      manager,
      `INSERT INTO "curation"."catalog_watch" ("item_id", "account_id", "plays", "last_watched_at", "played_episode_count", "item_added_at")
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::timestamptz[], $5::int[], $6::timestamptz[])`,
      fixture.items.flatMap((item) =>
        item.watch.map((row) => [
          item.id,
          row.accountId,
          row.plays,
          row.lastWatchedAt,
          row.playedEpisodeCount,
          item.addedAt,
        ]),
      ),
    );
    await insertRows(
      manager,
      `INSERT INTO "curation"."catalog_requests" ("item_id", "request_id", "requested_by_account_id", "requested_by_name", "requested_at", "status")
     SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::text[], $5::timestamptz[], $6::text[])`,
      fixture.items.flatMap((item) =>
        item.requests.map((request) => [
          item.id,
          request.requestId,
          request.accountId,
          request.accountId === null ? 'someone-outside-plex' : null,
          request.requestedAt,
          request.status,
        ]),
      ),
    );
    await insertRows(
      manager,
      'INSERT INTO "curation"."protections" ("item_id", "reason", "protected_by") SELECT * FROM unnest($1::text[], $2::text[], $3::text[])',
      fixture.protections.map((protection) => [protection.itemId, protection.reason, 'fixture']),
    );
    await insertRows(
      manager,
      'INSERT INTO "curation"."protection_requests" ("item_id", "account_id", "reason", "status") SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[])',
      fixture.protectionRequests.map((request) => [
        request.itemId,
        request.accountId,
        'please keep',
        request.status,
      ]),
    );
    await insertRows(
      manager,
      `INSERT INTO "curation"."catalog_items" (${[...ITEM_COLUMNS, ...FACT_COLUMNS].map((name) => `"${name}"`).join(', ')})
     ${withFactsSql(
       `SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::int[], $8::int[],
          $9::bigint[], $10::text[], $11::smallint[], $12::boolean[], $13::int[], $14::timestamptz[], $15::int[])
          AS u(${ITEM_COLUMNS.map((name) => `"${name}"`).join(', ')})`,
       ITEM_COLUMNS,
     )}`,
      fixture.items.map((item) => {
        const derived = derivedItem(item);
        return [
          item.id,
          item.mediaType,
          item.title,
          titleKey(item.title),
          item.year,
          item.addedAt,
          item.episodeCount,
          item.plexVersionCount,
          derived.sizeBytes,
          derived.resolution,
          derived.resolutionRank,
          derived.cutoffUnmet,
          derived.plays,
          derived.lastWatchedAt,
          item.playedEpisodeCount,
        ];
      }),
    );
  });
  // What the sync does after its commit: statistics and the visibility map.
  await new CatalogWriteRepository().tidy(database.manager);
  await database.query('ANALYZE "curation"."protections", "curation"."protection_requests"');
}

function seasonRows(item: FixtureItem): unknown[][] {
  if (item.mediaType !== 'series') return [];
  const seasons = new Map<number, { files: number; size: number }>();
  for (const file of item.copies.flatMap((copy) => copy.files)) {
    const season = seasons.get(file.seasonNumber ?? 1) ?? { files: 0, size: 0 };
    seasons.set(file.seasonNumber ?? 1, { files: season.files + 1, size: season.size + file.sizeBytes });
  }
  if (seasons.size === 0) seasons.set(1, { files: 0, size: 0 });
  return [...seasons].map(([number, season]) => [
    item.id,
    number,
    Math.min(10, item.episodeCount),
    season.files,
    season.size,
    true,
  ]);
}

const BATCH = 5_000;

async function insertRows(
  database: Pick<EntityManager, 'query'>,
  sql: string,
  rows: unknown[][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const columns = (batch[0] ?? []).map((_, column) => batch.map((row) => row[column]));
    if (batch.length > 0) await database.query(sql, columns);
  }
}
