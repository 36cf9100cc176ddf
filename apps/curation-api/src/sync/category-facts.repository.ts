// Computes the precomputed category facts of catalog items (docs/decisions/046, columns in
// migration 1796800000000) from their copies, requests and watch rows. One SQL definition serves
// two writes: the sync inserts each item with its facts, its child rows already written (decision
// 060: an insert-only write keeps the facts indexable), and anything that later changes an item's
// copies, requests or watch rows (a prune) recomputes them in one set-based UPDATE in its own
// transaction, so the facts never disagree with the rows they summarise.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The items whose facts to recompute: every item, or the listed ids (unknown ids are ignored). */
export type FactItems = readonly string[] | 'all';

export const FACT_COLUMNS = [
  'largest_copy_bytes',
  'largest_4k_copy_bytes',
  'densest_copy_bytes',
  'densest_copy_files',
  'managed_copies_with_files',
  'has_missing_copy',
  'unwatched_request_at',
  'beyond_best_bytes',
  'below_cutoff_bytes',
] as const;

/** Which items a statement computes facts for: all, or those whose ids are the text array $1. */
type FactScope = 'all' | 'listed';

/** `AND <column> = ANY($1)` when only some items are computed; fixed text, the ids are a parameter. */
function only(scope: FactScope, column: string): string {
  return scope === 'all' ? '' : `AND ${column} = ANY($1::text[])`;
}

/**
 * A SELECT of `selected` (columns of `t`) and each item's facts, for the items of the relation
 * `items` (aliased `t`, with an "id" column), computed from the child rows as they are now.
 */
function factsSql(items: string, selected: string, scope: FactScope): string {
  // The densest copy is chosen by bytes per file at 18 decimal places: two different ratios of
  // bigint sizes and integer file counts differ by far more than that, so the choice is exact and
  // the rule can test "size > threshold × files" on that copy exactly as on every copy.
  return `
    SELECT ${selected},
           COALESCE(c."largest_copy_bytes", 0) AS "largest_copy_bytes",
           COALESCE(c."largest_4k_copy_bytes", 0) AS "largest_4k_copy_bytes",
           COALESCE(d."size_bytes", 0) AS "densest_copy_bytes",
           COALESCE(d."file_count", 0) AS "densest_copy_files",
           COALESCE(c."managed_copies_with_files", 0) AS "managed_copies_with_files",
           COALESCE(c."has_missing_copy", false) AS "has_missing_copy",
           r."unwatched_request_at",
           COALESCE(c."beyond_best_bytes", 0) AS "beyond_best_bytes",
           COALESCE(c."below_cutoff_bytes", 0) AS "below_cutoff_bytes"
      FROM ${items}
      LEFT JOIN (
        SELECT c."item_id",
               max(c."size_bytes") FILTER (WHERE c."resolution" IS DISTINCT FROM '4K') AS "largest_copy_bytes",
               max(c."size_bytes") FILTER (WHERE c."resolution" = '4K') AS "largest_4k_copy_bytes",
               count(*) FILTER (WHERE c."connection_id" IS NOT NULL AND c."file_count" > 0) AS "managed_copies_with_files",
               bool_or(c."connection_id" IS NOT NULL AND c."monitored" AND c."file_count" = 0) AS "has_missing_copy",
               sum(c."size_bytes") FILTER (WHERE NOT c."is_best") AS "beyond_best_bytes",
               sum(c."size_bytes") FILTER (WHERE c."cutoff_unmet") AS "below_cutoff_bytes"
          FROM "curation"."catalog_copies" c
         WHERE true ${only(scope, 'c."item_id"')}
         GROUP BY c."item_id") c ON c."item_id" = t."id"
      LEFT JOIN (
        SELECT DISTINCT ON (c."item_id") c."item_id", c."size_bytes", c."file_count"
          FROM "curation"."catalog_copies" c
         WHERE c."file_count" > 0 ${only(scope, 'c."item_id"')}
         ORDER BY c."item_id", c."size_bytes"::numeric(38, 18) / c."file_count" DESC) d ON d."item_id" = t."id"
      LEFT JOIN (
        SELECT rq."item_id", min(rq."requested_at") AS "unwatched_request_at"
          FROM "curation"."catalog_requests" rq
         WHERE rq."requested_by_account_id" IS NOT NULL ${only(scope, 'rq."item_id"')}
           AND NOT EXISTS (SELECT 1 FROM "curation"."catalog_watch" w
                            WHERE w."item_id" = rq."item_id" AND w."account_id" = rq."requested_by_account_id")
         GROUP BY rq."item_id") r ON r."item_id" = t."id"
     WHERE true ${only(scope, 't."id"')}`;
}

/**
 * `SELECT <source's columns>, <facts>` over `source`, a SELECT of new item rows whose first column
 * is "id" and whose ids are also the text array $1: what the sync inserts, its child rows written
 * first. The column list to insert is the source's names followed by FACT_COLUMNS.
 */
export function withFactsSql(source: string, sourceColumns: readonly string[]): string {
  const selected = sourceColumns.map((name) => `t."${name}"`).join(', ');
  return factsSql(`(${source}) t`, selected, 'listed');
}

@Injectable()
export class CategoryFactsRepository {
  /** Recomputes the facts of the items from their current rows, in the caller's transaction. */
  async refresh(manager: EntityManager, items: FactItems): Promise<void> {
    if (items !== 'all' && items.length === 0) return;
    const assignments = FACT_COLUMNS.map((column) => `"${column}" = f."${column}"`).join(', ');
    await manager.query(
      `UPDATE "curation"."catalog_items" i SET ${assignments}
         FROM (${factsSql('"curation"."catalog_items" t', 't."id"', items === 'all' ? 'all' : 'listed')}) f
        WHERE f."id" = i."id"`,
      items === 'all' ? [] : [items],
    );
  }
}
