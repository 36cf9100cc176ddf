// The one SQL definition of each smart category (decision 039), shared by GET /categories and the
// catalog's `category` filter and `categories` field. Every fragment reads a catalog item as `i`
// and, when the scope names a user, that user's watch row as `uw` (join it with watchJoin). Values
// (thresholds, times, the user id) are parameters; no input is ever spliced into the text.
// What a rule needs from the item's copies and requests is read from facts the sync precomputes on
// the item (decision 046), so a rule is a test of columns, not a scan of other tables.
import { GIB } from '../settings/category-settings';
import type { CategoryId } from './category-definitions';
import type { CategoryScope } from './category-scope';
import type { SqlParameters } from './sql-parameters';

const DAY_MS = 86_400_000;

/** The watch facts the catalog shows and sorts by: everyone's (derived on the item) or one user's (0 plays without a row). */
export interface WatchColumns {
  readonly plays: string;
  readonly lastWatchedAt: string;
}

export function watchColumns(scope: CategoryScope): WatchColumns {
  return scope.userId === null
    ? { plays: 'i."plays"', lastWatchedAt: 'i."last_watched_at"' }
    : { plays: 'COALESCE(uw."plays", 0)', lastWatchedAt: 'uw."last_watched_at"' };
}

/**
 * The watch facts as the rules test them. For one user they are the watch row's own columns, NULL
 * without a row: every watch row has plays > 0 (a CHECK), so "plays > 0" holds exactly when the row
 * exists, a rule that needs plays is false without one, and PostgreSQL may join only that user's
 * rows; "never played" is the row's absence, an anti-join. For everyone, the item's derived columns.
 */
interface RuleWatch {
  readonly played: string;
  readonly neverPlayed: string;
  readonly lastWatchedAt: string;
  readonly playedEpisodes: string;
}

function ruleWatch(scope: CategoryScope): RuleWatch {
  return scope.userId === null
    ? {
        played: 'i."plays" > 0',
        neverPlayed: 'i."plays" = 0',
        lastWatchedAt: 'i."last_watched_at"',
        playedEpisodes: 'i."played_episode_count"',
      }
    : {
        played: 'uw."plays" > 0',
        neverPlayed: 'uw."item_id" IS NULL',
        lastWatchedAt: 'uw."last_watched_at"',
        playedEpisodes: 'uw."played_episode_count"',
      };
}

/** The join that brings the scope's user's watch row as `uw`; empty for everyone. */
export function watchJoin(scope: CategoryScope, parameters: SqlParameters): string {
  if (scope.userId === null) return '';
  return `LEFT JOIN "curation"."catalog_watch" uw ON uw."item_id" = i."id" AND uw."account_id" = ${parameters.add(scope.userId)}::bigint`;
}

/** floor(gib × 2^30) as a bigint parameter: an integer byte count is over the threshold iff over this. */
function wholeBytes(gib: number, parameters: SqlParameters): string {
  return `${parameters.add(String(Math.floor(gib * GIB)))}::bigint`;
}

function daysBefore(scope: CategoryScope, days: number): Date {
  return new Date(scope.now.getTime() - days * DAY_MS);
}

/**
 * How a rule's membership test is written, with the same meaning either way:
 * - `whole-table`: `i.id IN (uncorrelated set)`, which PostgreSQL hashes once (a semi-join in
 *   WHERE, a hashed subplan in a select list): for passes over the whole catalog;
 * - `per-row`: `EXISTS (... WHERE item = i.id)`, an index probe per row: for a page of items;
 * - `few-items`: `i.id = ANY(ARRAY(set))`, the set read first and its items fetched by id: for a
 *   set known to be small (one user's requests) in a statement that reads only its items.
 */
export type PredicateForm = 'whole-table' | 'per-row' | 'few-items';

/** A rule's items as a set query whose single column is `item_id`; no reference to `i`. */
function inSet(setSql: string, form: PredicateForm): string {
  switch (form) {
    case 'whole-table':
      return `i."id" IN (${setSql})`;
    case 'per-row':
      return `EXISTS (SELECT 1 FROM (${setSql}) s WHERE s."item_id" = i."id")`;
    case 'few-items':
      return `i."id" = ANY(ARRAY(${setSql}))`;
  }
}

/** The rules that read the scope's watch rows or requests; the others are the same for everyone and for one user. */
export const USER_CATEGORIES: readonly CategoryId[] = [
  'never_watched',
  'stale',
  'abandoned',
  'requested_not_watched',
];

/**
 * The `never_watched` rule's test of the item alone (added long enough ago), whoever watched it:
 * one user's totals count it over the whole catalog once and subtract the items that user has a
 * watch row for (category-totals.repository.ts).
 */
export function neverWatchedAddedSql(
  scope: CategoryScope,
  parameters: SqlParameters,
  addedAt = 'i."added_at"',
): string {
  return `${addedAt} <= ${parameters.add(daysBefore(scope, scope.settings.neverWatchedDays))}::timestamptz`;
}

/** True for items of the category, as a boolean SQL expression over `i` (and `uw`). */
export function categoryPredicate(
  id: CategoryId,
  scope: CategoryScope,
  parameters: SqlParameters,
  form: PredicateForm = 'whole-table',
): string {
  const watch = ruleWatch(scope);
  const settings = scope.settings;
  switch (id) {
    case 'never_watched':
      return `(${neverWatchedAddedSql(scope, parameters)} AND ${watch.neverPlayed})`;
    case 'stale':
      return `(${watch.played} AND ${watch.lastWatchedAt} < ${parameters.add(daysBefore(scope, settings.staleDays))}::timestamptz)`;
    case 'abandoned':
      return `(i."media_type" = 'series' AND ${watch.played}
        AND ${watch.lastWatchedAt} < ${parameters.add(daysBefore(scope, settings.abandonedDays))}::timestamptz
        AND ${watch.playedEpisodes} < i."episode_count")`;
    case 'requested_not_watched': {
      const before = parameters.add(daysBefore(scope, settings.requestedNotWatchedDays));
      if (scope.userId === null) return `(i."unwatched_request_at" < ${before}::timestamptz)`;
      // One user: their own requests, and they have no watch row (uw is their row, or absent).
      return `(uw."item_id" IS NULL AND ${inSet(
        `SELECT r."item_id" FROM "curation"."catalog_requests" r
          WHERE r."requested_by_account_id" = ${parameters.add(scope.userId)}::bigint
            AND r."requested_at" < ${before}::timestamptz`,
        form,
      )})`;
    }
    case 'space_hogs': {
      // Strictly over the threshold, read from the largest copies (facts, decision 046); a series
      // from the copy with the most bytes per file. Sizes are whole bytes, so "over T" is "over
      // floor(T)" and compares bigints; a series' floor(bytes / files) decides unless it equals
      // floor(T), and only then the exact "bytes > T × files" runs in numeric.
      const movie = wholeBytes(settings.spaceHogMovieGib, parameters);
      const movie4k = wholeBytes(settings.spaceHog4kMovieGib, parameters);
      const episode = wholeBytes(settings.spaceHogEpisodeGib, parameters);
      const exactEpisode = parameters.add(String(settings.spaceHogEpisodeGib * GIB));
      const perFile = 'i."densest_copy_bytes" / i."densest_copy_files"';
      return `((i."media_type" = 'movie' AND (i."largest_copy_bytes" > ${movie} OR i."largest_4k_copy_bytes" > ${movie4k}))
        OR (i."media_type" = 'series' AND i."densest_copy_files" > 0
            AND (${perFile} > ${episode}
                 OR (${perFile} = ${episode}
                     AND i."densest_copy_bytes" > ${exactEpisode}::numeric * i."densest_copy_files"))))`;
    }
    case 'duplicates':
      return '(i."plex_version_count" > 1 OR i."managed_copies_with_files" > 1)';
    case 'low_resolution':
      return `(i."resolution_rank" = 1 AND i."year" >= ${parameters.add(settings.lowResolutionCutoffYear)}::integer)`;
    case 'cutoff_unmet':
      return 'i."cutoff_unmet"';
    case 'missing':
      return 'i."has_missing_copy"';
    case 'protected':
      return isProtectedSql(form);
  }
}

const PROTECTED_ITEMS = 'SELECT p."item_id" FROM "curation"."protections" p';
const PENDING_REQUEST_ITEMS = `SELECT pr."item_id" FROM "curation"."protection_requests" pr WHERE pr."status" = 'pending'`;

export function isProtectedSql(form: PredicateForm): string {
  return inSet(PROTECTED_ITEMS, form);
}

export function hasPendingProtectionRequestSql(form: PredicateForm): string {
  return inSet(PENDING_REQUEST_ITEMS, form);
}

/**
 * The ids of the protected items and of the items with a pending protection request, as two
 * arrays. A pass over every item reads them first and tests `i.id = ANY($ids)`: sent as a
 * parameter the array is a constant when PostgreSQL plans the statement, which it hashes once and
 * probes far more cheaply than a hashed subquery (decision 053).
 */
export const HELD_ITEM_IDS_SQL = `SELECT ARRAY(${PROTECTED_ITEMS}) AS "protected", ARRAY(${PENDING_REQUEST_ITEMS}) AS "pending"`;
