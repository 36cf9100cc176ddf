// All SQL that replaces the synced catalog. It runs inside the caller's transaction: old rows out,
// new rows in, each table in a few multi-row INSERT … SELECT FROM unnest(…) statements (one array
// parameter per column), so 100,000 items write in seconds and readers see the old catalog or the
// new one, never a mix. Protections and protection requests live in other tables and stay.
// The items go in last, each with its category facts (decision 046) computed from the child rows
// already written: the items' foreign keys are checked at commit (decision 060), and no second
// write of every item row makes the facts expensive to index.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CatalogRows } from './catalog-rows';
import { FACT_COLUMNS, withFactsSql } from './category-facts.repository';
import { rankOf } from './media-buckets';

/** Every synced table, children first: the order their rows are deleted in. */
const CATALOG_TABLES = [
  'catalog_requests',
  'catalog_watch',
  'catalog_seasons',
  'catalog_files',
  'catalog_copies',
  'catalog_items',
] as const;

/** The child tables' foreign keys to the items (DEFERRABLE since migration 1797010000000). */
export const ITEM_FOREIGN_KEYS = [
  'catalog_copies_item_id_fkey',
  'catalog_files_item_id_fkey',
  'catalog_seasons_item_id_fkey',
  'catalog_watch_item_id_fkey',
  'catalog_requests_item_id_fkey',
] as const;

/** Checks the child rows' item references at commit, so children can be written before their items. */
export async function deferItemReferences(manager: Pick<EntityManager, 'query'>): Promise<void> {
  await manager.query(
    `SET CONSTRAINTS ${ITEM_FOREIGN_KEYS.map((name) => `"curation"."${name}"`).join(', ')} DEFERRED`,
  );
}

/** Rows per INSERT: large enough that round trips do not matter, small enough to bound one statement's memory. */
const ROWS_PER_STATEMENT = 20_000;

type Cell = string | number | boolean | null;
type Column<Row> = readonly [name: string, sqlType: string, value: (row: Row) => Cell];

@Injectable()
export class CatalogWriteRepository {
  async replace(rows: CatalogRows, manager: EntityManager): Promise<void> {
    await deferItemReferences(manager);
    // Children first: deleting them directly is cheaper than cascading row by row from the items.
    for (const table of CATALOG_TABLES) {
      await manager.query(`DELETE FROM "curation"."${table}"`);
    }
    await this.insertChildren(rows, manager);
    await insertAll(
      manager,
      'catalog_items',
      rows.items,
      [
        ['id', 'text', (item) => item.id],
        ['media_type', 'text', (item) => item.mediaType],
        ['title', 'text', (item) => item.title],
        ['title_key', 'text', (item) => item.titleKey],
        ['year', 'integer', (item) => item.year],
        ['tmdb_id', 'integer', (item) => item.tmdbId],
        ['tvdb_id', 'integer', (item) => item.tvdbId],
        ['imdb_id', 'text', (item) => item.imdbId],
        ['plex_rating_key', 'text', (item) => item.plexRatingKey],
        ['thumb', 'text', (item) => item.thumb],
        ['added_at', 'timestamptz', (item) => item.addedAt?.toISOString() ?? null],
        ['episode_count', 'integer', (item) => item.episodeCount],
        ['plex_version_count', 'integer', (item) => item.plexVersionCount],
        ['size_bytes', 'bigint', (item) => item.sizeBytes],
        ['resolution', 'text', (item) => item.resolution],
        ['resolution_rank', 'smallint', (item) => rankOf(item.resolution)],
        ['cutoff_unmet', 'boolean', (item) => item.cutoffUnmet],
        ['plays', 'integer', (item) => item.plays],
        ['last_watched_at', 'timestamptz', (item) => item.lastWatchedAt?.toISOString() ?? null],
        ['played_episode_count', 'integer', (item) => item.playedEpisodeCount],
      ],
      'with-facts',
    );
  }

  private async insertChildren(rows: CatalogRows, manager: EntityManager): Promise<void> {
    await insertAll(manager, 'catalog_copies', rows.copies, [
      ['id', 'bigint', (copy) => copy.id],
      ['item_id', 'text', (copy) => copy.itemId],
      ['connection_id', 'uuid', (copy) => copy.connectionId],
      ['external_id', 'integer', (copy) => copy.externalId],
      ['is_4k', 'boolean', (copy) => copy.is4k],
      ['quality_profile', 'text', (copy) => copy.qualityProfile],
      ['resolution', 'text', (copy) => copy.resolution],
      ['resolution_rank', 'smallint', (copy) => rankOf(copy.resolution)],
      ['size_bytes', 'bigint', (copy) => copy.sizeBytes],
      ['file_count', 'integer', (copy) => copy.fileCount],
      ['path', 'text', (copy) => copy.path],
      ['monitored', 'boolean', (copy) => copy.monitored],
      ['cutoff_unmet', 'boolean', (copy) => copy.cutoffUnmet],
      ['is_best', 'boolean', (copy) => copy.isBest],
      ['added_at', 'timestamptz', (copy) => copy.addedAt?.toISOString() ?? null],
    ]);
    await insertAll(manager, 'catalog_files', rows.files, [
      ['item_id', 'text', (file) => file.itemId],
      ['file_key', 'text', (file) => file.fileKey],
      ['copy_id', 'bigint', (file) => file.copyId],
      ['season_number', 'integer', (file) => file.seasonNumber],
      ['size_bytes', 'bigint', (file) => file.sizeBytes],
      ['resolution', 'text', (file) => file.resolution],
      ['below_cutoff', 'boolean', (file) => file.belowCutoff],
    ]);
    await insertAll(manager, 'catalog_seasons', rows.seasons, [
      ['item_id', 'text', (season) => season.itemId],
      ['season_number', 'integer', (season) => season.seasonNumber],
      ['episode_count', 'integer', (season) => season.episodeCount],
      ['file_count', 'integer', (season) => season.fileCount],
      ['size_bytes', 'bigint', (season) => season.sizeBytes],
      ['monitored', 'boolean', (season) => season.monitored],
    ]);
    // Each watch row carries its item's added_at (migration 1797020000000), from the same rows.
    const addedAt = new Map(rows.items.map((item) => [item.id, item.addedAt?.toISOString() ?? null]));
    await insertAll(manager, 'catalog_watch', rows.watch, [
      ['item_id', 'text', (watch) => watch.itemId],
      ['account_id', 'bigint', (watch) => watch.accountId],
      ['plays', 'integer', (watch) => watch.plays],
      ['last_watched_at', 'timestamptz', (watch) => watch.lastWatchedAt.toISOString()],
      ['played_episode_count', 'integer', (watch) => watch.playedEpisodeCount],
      ['item_added_at', 'timestamptz', (watch) => addedAt.get(watch.itemId) ?? null],
    ]);
    // `seasons` is an array per row, and unnest flattens arrays of arrays: it travels as the text
    // of an integer array and is cast per row.
    await insertAll(manager, 'catalog_requests', rows.requests, [
      ['item_id', 'text', (request) => request.itemId],
      ['request_id', 'integer', (request) => request.requestId],
      ['requested_by_account_id', 'bigint', (request) => request.requestedByAccountId],
      ['requested_by_name', 'text', (request) => request.requestedByName],
      ['requested_at', 'timestamptz', (request) => request.requestedAt.toISOString()],
      ['status', 'text', (request) => request.status],
      ['is_4k', 'boolean', (request) => request.is4k],
      ['seasons', 'integer[]', (request) => `{${request.seasons.join(',')}}`],
    ]);
  }

  /**
   * After a switch, outside any transaction: removes the replaced rows and refreshes the planner's
   * statistics and the visibility map, so the catalog's sorts and deep pages read indexes only
   * instead of waiting for autovacuum (decision 046).
   */
  async tidy(manager: EntityManager): Promise<void> {
    await manager.query(
      `VACUUM (ANALYZE) ${CATALOG_TABLES.map((table) => `"curation"."${table}"`).join(', ')}`,
    );
  }
}

/**
 * Inserts the rows in batches; `with-facts` (items only, "id" the first column) adds each item's
 * category facts computed from the child rows already written.
 */
async function insertAll<Row>(
  manager: EntityManager,
  table: string,
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  facts: 'with-facts' | 'plain' = 'plain',
): Promise<void> {
  const arrays = columns
    .map(([, type], index) => (type.endsWith('[]') ? `$${index + 1}::text[]` : `$${index + 1}::${type}[]`))
    .join(', ');
  const selected = columns
    .map(([name, type], index) => `${type.endsWith('[]') ? `c${index}::${type}` : `c${index}`} AS "${name}"`)
    .join(', ');
  const aliases = columns.map((_, index) => `c${index}`).join(', ');
  const source = `SELECT ${selected} FROM unnest(${arrays}) AS u(${aliases})`;
  const names = columns.map(([name]) => name);
  const sql =
    facts === 'with-facts'
      ? `INSERT INTO "curation"."${table}" (${[...names, ...FACT_COLUMNS].map((name) => `"${name}"`).join(', ')})
         ${withFactsSql(source, names)}`
      : `INSERT INTO "curation"."${table}" (${names.map((name) => `"${name}"`).join(', ')}) ${source}`;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
    await manager.query(
      sql,
      columns.map(([, , value]) => batch.map(value)),
    );
  }
}
