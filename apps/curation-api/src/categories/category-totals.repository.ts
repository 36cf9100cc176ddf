// All SQL of GET /categories: every category's count, size and reclaimable size, from the shared
// predicates (category-sql.ts). Protected items and items with a pending protection request stay
// members; they only add nothing to reclaimable (decision 039). Everyone's totals take one pass over
// the catalog; one user's take the same pass for the rules that read no watch row or request, plus
// passes over only that user's watch rows and requests (decision 053).
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CATEGORY_IDS, type CategoryId } from './category-definitions';
import type { CategoryScope } from './category-scope';
import {
  categoryPredicate,
  HELD_ITEM_IDS_SQL,
  neverWatchedAddedSql,
  USER_CATEGORIES,
  watchJoin,
} from './category-sql';
import { SqlParameters } from './sql-parameters';

export interface CategoryTotals {
  readonly count: number;
  readonly sizeBytes: number;
  readonly reclaimableSizeBytes: number;
}

/**
 * The item column holding what pruning a reclaimable member of the category frees (each file
 * once), or null when nothing is reclaimable.
 */
function reclaimableColumn(id: CategoryId): ReclaimableColumn | null {
  switch (id) {
    case 'duplicates':
      return 'beyond_best_bytes';
    case 'cutoff_unmet':
      return 'below_cutoff_bytes';
    case 'protected':
      return null;
    case 'never_watched':
    case 'stale':
    case 'abandoned':
    case 'requested_not_watched':
    case 'space_hogs':
    case 'low_resolution':
    case 'missing':
      return 'size_bytes';
  }
}

type ReclaimableColumn = 'size_bytes' | 'beyond_best_bytes' | 'below_cutoff_bytes';

/** One set of members a pass counts: `c_<key>`, `s_<key>` and `r_<key>` in the pass's row. */
interface Tally {
  readonly key: string;
  /** Membership over `i` (and `uw`), or `protected`: the pass's own protection test. */
  readonly member: string;
  readonly reclaimable: ReclaimableColumn | null;
}

const PROTECTED = 'protected';

function categoryTally(id: CategoryId, scope: CategoryScope, parameters: SqlParameters): Tally {
  return {
    key: id,
    member: id === 'protected' ? PROTECTED : categoryPredicate(id, scope, parameters, 'whole-table'),
    reclaimable: reclaimableColumn(id),
  };
}

interface HeldIds {
  readonly protected: string[];
  readonly pending: string[];
}

/**
 * Whether the pass's item is held, as the columns "protected" and "pending": tests against the
 * held items' ids, read before the statement (HELD_ITEM_IDS_SQL) and sent as parameters.
 */
function heldColumns(held: HeldIds, parameters: SqlParameters): string {
  return `i."id" = ANY(${parameters.add(held.protected)}::text[]) AS "protected",
                 i."id" = ANY(${parameters.add(held.pending)}::text[]) AS "pending"`;
}

/**
 * Counts each tally over the rows of `source` (a FROM clause reading the item as `i`). Memberships
 * and whether an item is held (protected, or a protection request pending) are computed once per row
 * in the inner select; OFFSET 0 keeps it a subquery, so the three aggregates of a tally read columns
 * instead of each evaluating the test again.
 */
function passSql(source: string, tallies: readonly Tally[], held: string): string {
  const members = tallies
    .filter((tally) => tally.member !== PROTECTED)
    .map((tally) => `,\n${tally.member} AS "m_${tally.key}"`);
  // Only the columns the sums read, so a pass over a user's rows can read a narrow index (decision 053).
  const columns = new Set<string>(['size_bytes']);
  const aggregates = tallies.map((tally) => {
    const member = tally.member === PROTECTED ? 'x."protected"' : `x."m_${tally.key}"`;
    if (tally.reclaimable !== null) columns.add(tally.reclaimable);
    const reclaimable = tally.reclaimable === null ? '0' : `x."${tally.reclaimable}"`;
    return `count(*) FILTER (WHERE ${member}) AS "c_${tally.key}",
      COALESCE(sum(x."size_bytes") FILTER (WHERE ${member}), 0) AS "s_${tally.key}",
      COALESCE(sum(${reclaimable}) FILTER (WHERE ${member} AND NOT (x."protected" OR x."pending")), 0) AS "r_${tally.key}"`;
  });
  return `SELECT ${aggregates.join(',\n')}
    FROM (SELECT ${[...columns].map((column) => `i."${column}"`).join(', ')},
                 ${held}${members.join('')}
            ${source}
          OFFSET 0) x`;
}

/** The three totals of a category as SQL expressions over the statement's passes. */
interface TotalsSql {
  readonly count: string;
  readonly size: string;
  readonly reclaimable: string;
}

function read(pass: string, key: string): TotalsSql {
  return { count: `${pass}."c_${key}"`, size: `${pass}."s_${key}"`, reclaimable: `${pass}."r_${key}"` };
}

function difference(minuend: TotalsSql, subtrahend: TotalsSql): TotalsSql {
  return {
    count: `${minuend.count} - ${subtrahend.count}`,
    size: `${minuend.size} - ${subtrahend.size}`,
    reclaimable: `${minuend.reclaimable} - ${subtrahend.reclaimable}`,
  };
}

const CATALOG = 'FROM "curation"."catalog_items" i';

/** Everyone: one pass over the catalog counts all ten. */
function everyoneSql(scope: CategoryScope, held: string, parameters: SqlParameters) {
  const tallies = CATEGORY_IDS.map((id) => categoryTally(id, scope, parameters));
  const totals = Object.fromEntries(CATEGORY_IDS.map((id) => [id, read('a', id)]));
  return { from: `(${passSql(CATALOG, tallies, held)}) a`, totals: totals as Record<CategoryId, TotalsSql> };
}

/**
 * One user: the rules that read no watch row or request are everyone's, in one pass over the
 * catalog; the user's rules read only that user's rows. `stale` and `abandoned` need a watch row,
 * so they pass over the user's watch rows; `never_watched` is "added long enough ago" over the
 * catalog (the same pass) minus those of the user's watch rows whose item was; and
 * `requested_not_watched` passes over the user's own requests.
 */
function oneUserSql(scope: CategoryScope, userId: string, held: string, parameters: SqlParameters) {
  const everyone = CATEGORY_IDS.filter((id) => !USER_CATEGORIES.includes(id));
  const added = { member: neverWatchedAddedSql(scope, parameters), reclaimable: 'size_bytes' as const };
  const catalogPass = passSql(
    CATALOG,
    [...everyone.map((id) => categoryTally(id, scope, parameters)), { key: 'added', ...added }],
    held,
  );
  const watchPass = passSql(
    `FROM "curation"."catalog_watch" uw JOIN "curation"."catalog_items" i ON i."id" = uw."item_id"
      WHERE uw."account_id" = ${parameters.add(userId)}::bigint`,
    [
      { key: 'watched_added', ...added },
      categoryTally('stale', scope, parameters),
      categoryTally('abandoned', scope, parameters),
    ],
    held,
  );
  // The user's requests are few: read them first, then fetch their items by id.
  const requested = categoryPredicate('requested_not_watched', scope, parameters, 'few-items');
  const requestPass = passSql(
    `${CATALOG} ${watchJoin(scope, parameters)} WHERE ${requested}`,
    [
      {
        key: 'requested_not_watched',
        member: 'true',
        reclaimable: reclaimableColumn('requested_not_watched'),
      },
    ],
    held,
  );
  const totals: Record<CategoryId, TotalsSql> = {
    ...(Object.fromEntries(everyone.map((id) => [id, read('a', id)])) as Record<CategoryId, TotalsSql>),
    never_watched: difference(read('a', 'added'), read('w', 'watched_added')),
    stale: read('w', 'stale'),
    abandoned: read('w', 'abandoned'),
    requested_not_watched: read('r', 'requested_not_watched'),
  };
  return { from: `(${catalogPass}) a CROSS JOIN (${watchPass}) w CROSS JOIN (${requestPass}) r`, totals };
}

@Injectable()
export class CategoryTotalsRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  async totals(
    scope: CategoryScope,
    manager: EntityManager = this.database.manager,
  ): Promise<Record<CategoryId, CategoryTotals>> {
    const [ids]: HeldIds[] = await manager.query(HELD_ITEM_IDS_SQL);
    const parameters = new SqlParameters();
    const held = heldColumns(ids ?? { protected: [], pending: [] }, parameters);
    const statement =
      scope.userId === null
        ? everyoneSql(scope, held, parameters)
        : oneUserSql(scope, scope.userId, held, parameters);
    const columns = CATEGORY_IDS.map((id, index) => {
      const sql = statement.totals[id];
      return `${sql.count} AS "c${index}", ${sql.size} AS "s${index}", ${sql.reclaimable} AS "r${index}"`;
    });
    const rows: Record<string, string>[] = await manager.query(
      `SELECT ${columns.join(',\n')} FROM ${statement.from}`,
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
