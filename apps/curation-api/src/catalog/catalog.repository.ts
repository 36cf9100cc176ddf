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
  watchColumns,
  watchJoin,
} from '../categories/category-sql';
import { SqlParameters } from '../categories/sql-parameters';
import type { CatalogQuery, SortKey } from './catalog-query';
import { containsPattern, titleKey } from './title-key';

export interface CatalogItemRow {
  readonly id: string;
  readonly title: string;
  readonly year: number | null;
  readonly mediaType: 'movie' | 'series';
  readonly sizeBytes: number;
  readonly resolution: string | null;
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
  resolution: string | null;
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
    const counted: { total: string }[] = await manager.query(
      `SELECT count(*) AS "total" FROM "curation"."catalog_items" i ${join} ${whereSql}`,
      parameters.values,
    );
    const direction = filter.sortDesc ? 'DESC' : 'ASC';
    // Empty values last in both directions; ties by id in the sort's direction, so pages never
    // overlap and each order has an index to walk (migration 1796400000000).
    const order = `${sortExpression(filter.sortBy, scope)} ${direction} NULLS LAST, i."id" ${direction}`;
    const pageParameters = new SqlParameters();
    pageParameters.values.push(...parameters.values);
    const rows: BaseRow[] = await manager.query(
      `SELECT ${baseColumns(scope)} FROM "curation"."catalog_items" i ${join} ${whereSql}
        ORDER BY ${order} LIMIT ${pageParameters.add(filter.limit)} OFFSET ${pageParameters.add(filter.offset)}`,
      pageParameters.values,
    );
    return { rows: await this.withExtras(rows, scope, manager), total: Number(counted[0]?.total ?? 0) };
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

  private conditions(filter: CatalogFilter, scope: CategoryScope, parameters: SqlParameters): string[] {
    const where: string[] = [];
    if (filter.category !== undefined)
      where.push(categoryPredicate(filter.category, scope, parameters, 'whole-table'));
    if (filter.requestedBy !== undefined) {
      where.push(`EXISTS (SELECT 1 FROM "curation"."catalog_requests" rq
        WHERE rq."item_id" = i."id" AND rq."requested_by_account_id" = ${parameters.add(filter.requestedBy)}::bigint)`);
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
