// All SQL of GET /categories: every category's count, size and reclaimable size in one pass over
// the catalog, from the shared predicates (category-sql.ts). Protected items and items with a
// pending protection request stay members; they only add nothing to reclaimable (decision 039).
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CATEGORY_IDS, type CategoryId } from './category-definitions';
import type { CategoryScope } from './category-scope';
import { categoryPredicate, hasPendingProtectionRequestSql, watchJoin } from './category-sql';
import { SqlParameters } from './sql-parameters';

export interface CategoryTotals {
  readonly count: number;
  readonly sizeBytes: number;
  readonly reclaimableSizeBytes: number;
}

/** What pruning a reclaimable member of the category frees, per item (each file once). */
function reclaimableSql(id: CategoryId): string {
  switch (id) {
    case 'duplicates':
      return 'x."beyond_best_bytes"';
    case 'cutoff_unmet':
      return 'x."below_cutoff_bytes"';
    case 'protected':
      return '0';
    case 'never_watched':
    case 'stale':
    case 'abandoned':
    case 'requested_not_watched':
    case 'space_hogs':
    case 'low_resolution':
    case 'missing':
      return 'x."size_bytes"';
  }
}

/** The membership column of a category in the inner select. */
function memberColumn(id: CategoryId): string {
  return `"m${CATEGORY_IDS.indexOf(id)}"`;
}

@Injectable()
export class CategoryTotalsRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async totals(
    scope: CategoryScope,
    manager: EntityManager = this.database.manager,
  ): Promise<Record<CategoryId, CategoryTotals>> {
    const parameters = new SqlParameters();
    const memberships = CATEGORY_IDS.map(
      (id, index) => `${categoryPredicate(id, scope, parameters, 'whole-table')} AS "m${index}"`,
    ).join(',\n');
    const aggregates = CATEGORY_IDS.map(
      (id, index) => `count(*) FILTER (WHERE x."m${index}") AS "c${index}",
        COALESCE(sum(x."size_bytes") FILTER (WHERE x."m${index}"), 0) AS "s${index}",
        COALESCE(sum(${reclaimableSql(id)}) FILTER (WHERE x."m${index}" AND NOT (x.${memberColumn('protected')} OR x."pending")), 0) AS "r${index}"`,
    ).join(',\n');
    const rows: Record<string, string>[] = await manager.query(
      `SELECT ${aggregates}
         FROM (SELECT i."size_bytes", i."beyond_best_bytes", i."below_cutoff_bytes",
                      ${memberships},
                      -- Held (no reclaimable bytes): the \`protected\` rule's column or a pending request.
                      ${hasPendingProtectionRequestSql('whole-table')} AS "pending"
                 FROM "curation"."catalog_items" i
                 ${watchJoin(scope, parameters)}
               -- OFFSET 0 keeps this a subquery: each membership is computed once per item, not
               -- once for each of the three aggregates that read it.
               OFFSET 0) x`,
      parameters.values,
    );
    const row = rows[0] ?? {};
    const totals = {} as Record<CategoryId, CategoryTotals>;
    CATEGORY_IDS.forEach((id, index) => {
      totals[id] = {
        count: Number(row[`c${index}`] ?? 0),
        sizeBytes: Number(row[`s${index}`] ?? 0),
        reclaimableSizeBytes: Number(row[`r${index}`] ?? 0),
      };
    });
    return totals;
  }
}
