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

/** The watch facts the rules read: everyone's (derived on the item) or one user's watch row. */
export interface WatchColumns {
  readonly plays: string;
  readonly lastWatchedAt: string;
  readonly playedEpisodes: string;
}

export function watchColumns(scope: CategoryScope): WatchColumns {
  return scope.userId === null
    ? { plays: 'i."plays"', lastWatchedAt: 'i."last_watched_at"', playedEpisodes: 'i."played_episode_count"' }
    : {
        plays: 'COALESCE(uw."plays", 0)',
        lastWatchedAt: 'uw."last_watched_at"',
        playedEpisodes: 'COALESCE(uw."played_episode_count", 0)',
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
 * - `per-row`: `EXISTS (... WHERE item = i.id)`, an index probe per row: for a page of items.
 */
export type PredicateForm = 'whole-table' | 'per-row';

/** A rule's items as a set query whose single column is `item_id`; no reference to `i`. */
function inSet(setSql: string, form: PredicateForm): string {
  return form === 'whole-table'
    ? `i."id" IN (${setSql})`
    : `EXISTS (SELECT 1 FROM (${setSql}) s WHERE s."item_id" = i."id")`;
}

/** True for items of the category, as a boolean SQL expression over `i` (and `uw`). */
export function categoryPredicate(
  id: CategoryId,
  scope: CategoryScope,
  parameters: SqlParameters,
  form: PredicateForm = 'whole-table',
): string {
  const watch = watchColumns(scope);
  const settings = scope.settings;
  switch (id) {
    case 'never_watched':
      return `(i."added_at" <= ${parameters.add(daysBefore(scope, settings.neverWatchedDays))}::timestamptz AND ${watch.plays} = 0)`;
    case 'stale':
      return `(${watch.plays} > 0 AND ${watch.lastWatchedAt} < ${parameters.add(daysBefore(scope, settings.staleDays))}::timestamptz)`;
    case 'abandoned':
      return `(i."media_type" = 'series' AND ${watch.plays} > 0
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

export function isProtectedSql(form: PredicateForm): string {
  return inSet('SELECT p."item_id" FROM "curation"."protections" p', form);
}

export function hasPendingProtectionRequestSql(form: PredicateForm): string {
  return inSet(
    `SELECT pr."item_id" FROM "curation"."protection_requests" pr WHERE pr."status" = 'pending'`,
    form,
  );
}
