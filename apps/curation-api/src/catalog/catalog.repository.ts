// All SQL of the catalog: the filtered, sorted page with its total, the page's categories and
// protection state, and one item's details. Category membership comes from the shared predicates
// (categories/category-sql.ts), so the list, its `category` filter and GET /categories agree.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CATEGORY_IDS, type CategoryId } from '../categories/category-definitions';
import type { CategoryScope } from '../categories/category-scope';
import {
  categoryPredicate,
  hasPendingProtectionRequestSql,
  isProtectedSql,
  neverWatchedAddedSql,
  watchColumns,
  watchJoin,
} from '../categories/category-sql';
import { SqlParameters } from '../categories/sql-parameters';
import type { ResolutionBucket } from '../sync/media-buckets';
import type { CatalogQuery, SortKey } from './catalog-query';
import { containsPattern, titleKey } from './title-key';

export interface CatalogItemRow {
  readonly id: string;
  readonly title: string;
  readonly year: number | null;
  readonly mediaType: 'movie' | 'series';
  readonly sizeBytes: number;
  readonly resolution: ResolutionBucket | null;
  readonly plays: number;
  readonly addedAt: Date | null;
  readonly lastWatchedAt: Date | null;
  readonly categories: CategoryId[];
  readonly isProtected: boolean;
  readonly protectionRequested: boolean;
  readonly requestedBy: RequesterRow[];
}

export interface RequesterRow {
  readonly userId: string | null;
  readonly username: string | null;
}

export interface CatalogPage {
  readonly rows: CatalogItemRow[];
  readonly total: number;
}

/** What the list query filters on, besides the scope; user ids are already checked. */
export type CatalogFilter = Omit<CatalogQuery, 'userId'> & { readonly pre2017CutoffYear: number };

interface BaseRow {
  id: string;
  title: string;
  year: number | null;
  media_type: 'movie' | 'series';
  size_bytes: string;
  resolution: ResolutionBucket | null;
  plays: number;
  added_at: Date | null;
  last_watched_at: Date | null;
}

interface ExtrasRow {
  id: string;
  categories: CategoryId[];
  is_protected: boolean;
  protection_requested: boolean;
  requested_by: RequesterRow[];
}

function baseColumns(scope: CategoryScope): string {
  const watch = watchColumns(scope);
  return `i."id", i."title", i."year", i."media_type", i."size_bytes", i."resolution",
          ${watch.plays} AS "plays", i."added_at", ${watch.lastWatchedAt} AS "last_watched_at"`;
}

function sortExpression(sortBy: SortKey, scope: CategoryScope): string {
  const watch = watchColumns(scope);
  switch (sortBy) {
    case 'size':
      return 'i."size_bytes"';
    case 'title':
      return 'i."title_key" COLLATE "C"';
    case 'plays':
      return watch.plays;
    case 'added':
      return 'i."added_at"';
    case 'lastWatched':
      return watch.lastWatchedAt;
  }
}

/**
 * Empty values last in both directions; ties by id in the sort's direction, so pages never overlap
 * and each order has an index to walk (migrations 1796400000000, 1796800000000). NULLS LAST only
 * where the key can be empty: on a NOT NULL column it would not match a backward index scan.
 */
function orderBy(filter: CatalogFilter, scope: CategoryScope): string {
  const direction = filter.sortDesc ? 'DESC' : 'ASC';
  const nullable = filter.sortBy === 'added' || filter.sortBy === 'lastWatched';
  return `${sortExpression(filter.sortBy, scope)} ${direction}${nullable ? ' NULLS LAST' : ''}, i."id" ${direction}`;
}

/**
 * The ids of the page, in order. Sorting by one user's plays walks that user's watch rows by plays
 * (index catalog_watch_account_plays) and the items they never played by id, and merges the two:
 * every watched item has plays > 0 and every other 0, so this is the order of
 * (COALESCE(plays, 0), id) without joining and sorting the whole catalog. Each branch needs at
 * most offset + limit rows.
 */
function pageIdsSql(
  filter: CatalogFilter,
  scope: CategoryScope,
  where: readonly string[],
  parameters: SqlParameters,
): string {
  const and = where.map((condition) => ` AND ${condition}`).join('');
  if (scope.userId === null || filter.sortBy !== 'plays') {
    const join = watchJoin(scope, parameters);
    return `SELECT i."id" FROM "curation"."catalog_items" i ${join} WHERE true${and}
      ORDER BY ${orderBy(filter, scope)}
      LIMIT ${parameters.add(filter.limit)} OFFSET ${parameters.add(filter.offset)}`;
  }
  const direction = filter.sortDesc ? 'DESC' : 'ASC';
  const enough = parameters.add(filter.limit + filter.offset);
  return `SELECT b."id" FROM (
      (SELECT i."id", uw."plays" FROM "curation"."catalog_watch" uw
         JOIN "curation"."catalog_items" i ON i."id" = uw."item_id"
        WHERE uw."account_id" = ${parameters.add(scope.userId)}::bigint${and}
        ORDER BY uw."plays" ${direction}, i."id" ${direction} LIMIT ${enough})
      UNION ALL
      (SELECT i."id", 0 FROM "curation"."catalog_items" i ${watchJoin(scope, parameters)}
        WHERE uw."item_id" IS NULL${and}
        ORDER BY i."id" ${direction} LIMIT ${enough})) b
    ORDER BY b."plays" ${direction}, b."id" ${direction}
    LIMIT ${parameters.add(filter.limit)} OFFSET ${parameters.add(filter.offset)}`;
}

@Injectable()
export class CatalogRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async list(
    filter: CatalogFilter,
    scope: CategoryScope,
    manager: EntityManager = this.database.manager,
  ): Promise<CatalogPage> {
    const parameters = new SqlParameters();
    const join = watchJoin(scope, parameters);
    const where = this.conditions(filter, scope, parameters);
    const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
    // The total and the page run at once, each on its own pooled connection (decision 040 says
    // what that means across a sync's switch); the page's extras follow the page.
    const total = this.userNeverWatchedTotal(filter, scope) ?? {
      sql: `SELECT count(*) AS "total" FROM "curation"."catalog_items" i ${join} ${whereSql}`,
      values: parameters.values,
    };
    const counting: Promise<{ total: string }[]> = manager.query(total.sql, total.values);
    const order = orderBy(filter, scope);
    const pageParameters = new SqlParameters();
    pageParameters.values.push(...parameters.values);
    const ids = pageIdsSql(filter, scope, where, pageParameters);
    // The page's ids first, reading only the sort's index where the filters allow (a deep offset
    // then skips index entries, not table rows), then those rows' columns.
    const paging = manager
      .query(
        `WITH page AS (${ids})
         SELECT ${baseColumns(scope)} FROM page p JOIN "curation"."catalog_items" i ON i."id" = p."id" ${join}
          ORDER BY ${order}`,
        pageParameters.values,
      )
      .then((rows: BaseRow[]) => this.withExtras(rows, scope, manager));
    const [counted, rows] = await Promise.all([counting, paging]);
    return { rows, total: Number(counted[0]?.total ?? 0) };
  }

  /** One item as the list shows it, or null. */
  async find(id: string, scope: CategoryScope, manager: EntityManager = this.database.manager) {
    const parameters = new SqlParameters();
    const join = watchJoin(scope, parameters);
    const rows: BaseRow[] = await manager.query(
      `SELECT ${baseColumns(scope)} FROM "curation"."catalog_items" i ${join} WHERE i."id" = ${parameters.add(id)}`,
      parameters.values,
    );
    const [item] = await this.withExtras(rows, scope, manager);
    return item ?? null;
  }

  /**
   * One user's `never_watched` total, or undefined for every other list: the items added long
   * enough ago less that user's watch rows whose item was (each watch row carries its item's
   * added_at, migration 1797020000000). Two index ranges instead of an anti-join of the whole
   * catalog with the user's rows; the other filters read only the item, so both terms apply them.
   */
  private userNeverWatchedTotal(
    filter: CatalogFilter,
    scope: CategoryScope,
  ): { sql: string; values: unknown[] } | undefined {
    if (scope.userId === null || filter.category !== 'never_watched') return undefined;
    const parameters = new SqlParameters();
    const { category: _category, ...rest } = filter;
    const others = this.conditions(rest, scope, parameters).map((condition) => ` AND ${condition}`);
    const user = parameters.add(scope.userId);
    const watchedAdded = neverWatchedAddedSql(scope, parameters, 'uw."item_added_at"');
    const items = others.length === 0 ? '' : 'JOIN "curation"."catalog_items" i ON i."id" = uw."item_id"';
    const sql = `SELECT (SELECT count(*) FROM "curation"."catalog_items" i
                          WHERE ${neverWatchedAddedSql(scope, parameters)}${others.join('')})
                      - (SELECT count(*) FROM "curation"."catalog_watch" uw ${items}
                          WHERE uw."account_id" = ${user}::bigint AND ${watchedAdded}${others.join('')}) AS "total"`;
    return { sql, values: parameters.values };
  }

  private conditions(filter: CatalogFilter, scope: CategoryScope, parameters: SqlParameters): string[] {
    const where: string[] = [];
    if (filter.category !== undefined)
      where.push(categoryPredicate(filter.category, scope, parameters, 'whole-table'));
    if (filter.requestedBy !== undefined) {
      // The requester's items as an array first (one index range), then those items by id: a
      // user's requests are few, so this beats walking the sort's index and probing each item.
      where.push(`i."id" = ANY(ARRAY(SELECT rq."item_id" FROM "curation"."catalog_requests" rq
        WHERE rq."requested_by_account_id" = ${parameters.add(filter.requestedBy)}::bigint))`);
    }
    if (filter.mediaType !== undefined) where.push(`i."media_type" = ${parameters.add(filter.mediaType)}`);
    if (filter.search !== undefined) {
      where.push(
        `i."title_key" LIKE ${parameters.add(containsPattern(titleKey(filter.search)))} ESCAPE '\\'`,
      );
    }
    if (filter.resolution !== undefined) where.push(`i."resolution" = ${parameters.add(filter.resolution)}`);
    if (filter.cutoffUnmet !== undefined)
      where.push(filter.cutoffUnmet ? 'i."cutoff_unmet"' : 'NOT i."cutoff_unmet"');
    if (filter.pre2017Filter !== 'all') {
      // Before the era (decision 040): released before the year, or in the library before it began.
      const year = filter.userCutoffYear ?? filter.pre2017CutoffYear;
      const before = `(i."year" < ${parameters.add(year)}::integer
        OR i."added_at" < ${parameters.add(new Date(Date.UTC(year, 0, 1)))}::timestamptz)`;
      where.push(filter.pre2017Filter === 'only' ? before : `NOT COALESCE(${before}, false)`);
    }
    return where;
  }

  private async withExtras(
    rows: BaseRow[],
    scope: CategoryScope,
    manager: EntityManager,
  ): Promise<CatalogItemRow[]> {
    if (rows.length === 0) return [];
    const parameters = new SqlParameters();
    const join = watchJoin(scope, parameters);
    const memberships = CATEGORY_IDS.map(
      (id) => `CASE WHEN ${categoryPredicate(id, scope, parameters, 'per-row')} THEN '${id}' END`,
    ).join(',\n');
    const extras: ExtrasRow[] = await manager.query(
      `SELECT i."id",
              array_remove(ARRAY[${memberships}]::text[], NULL) AS "categories",
              ${isProtectedSql('per-row')} AS "is_protected",
              ${hasPendingProtectionRequestSql('per-row')} AS "protection_requested",
              COALESCE((SELECT json_agg(json_build_object('userId', q."user_id", 'username', q."username")
                                        ORDER BY q."first_at", q."user_id", q."username")
                          FROM (SELECT r."requested_by_account_id"::text AS "user_id",
                                       COALESCE(u."username", r."requested_by_name") AS "username",
                                       min(r."requested_at") AS "first_at"
                                  FROM "curation"."catalog_requests" r
                                  LEFT JOIN "curation"."users" u ON u."id" = r."requested_by_account_id"::text
                                 WHERE r."item_id" = i."id"
                                 GROUP BY 1, 2) q), '[]'::json) AS "requested_by"
         FROM "curation"."catalog_items" i ${join}
        WHERE i."id" = ANY(${parameters.add(rows.map((row) => row.id))}::text[])`,
      parameters.values,
    );
    const byId = new Map(extras.map((extra) => [extra.id, extra]));
    return rows.map((row) => {
      const extra = byId.get(row.id);
      return {
        id: row.id,
        title: row.title,
        year: row.year,
        mediaType: row.media_type,
        sizeBytes: Number(row.size_bytes),
        resolution: row.resolution,
        plays: Number(row.plays),
        addedAt: row.added_at,
        lastWatchedAt: row.last_watched_at,
        categories: extra?.categories ?? [],
        isProtected: extra?.is_protected ?? false,
        protectionRequested: extra?.protection_requested ?? false,
        requestedBy: extra?.requested_by ?? [],
      };
    });
  }
}
