// What a prune works from and what it answers: the checked plan (the item as the catalog holds
// it, the target instances with their keys), each target's outcome, and the response.
import type { Connection } from '../connections/connection.repository';

/** The item as the catalog held it when the prune started; the ledger keeps it as the snapshot. */
export interface PruneItem {
  readonly id: string;
  readonly mediaType: 'movie' | 'series';
  readonly title: string;
  readonly year: number | null;
  readonly tmdbId: number | null;
  readonly tvdbId: number | null;
  readonly imdbId: string | null;
  readonly sizeBytes: number;
}

export interface PruneTarget {
  readonly connection: Connection;
  /** The manager's id of the item at the last sync (the prune looks it up again by TMDB/TVDB id). */
  readonly externalId: number | null;
  /** What the catalog says this target holds of what is pruned (the copy, or the season's files). */
  readonly catalogBytes: number;
}

export interface PrunePlan {
  readonly item: PruneItem;
  readonly seasonNumber: number | null;
  readonly addToImportExclusion: boolean;
  readonly targets: readonly PruneTarget[];
}

export type TargetStatus = 'deleted' | 'already_gone' | 'failed' | 'skipped';

/** Import exclusion on one target: asked or not, and what came of it. */
export type ExclusionOutcome =
  | 'not-asked'
  /** A season prune: exclusions apply to whole series only. */
  | 'not-applicable'
  /** Sent as the delete's own flag, which succeeded. */
  | 'with-delete'
  /** Added by its own call (the item was gone already, or its delete's answer was lost). */
  | 'added'
  /** Its own call found it there already (the vendor's 400 "already been added"). */
  | 'already-present'
  | 'failed';

export interface TargetOutcome {
  readonly connectionId: string;
  readonly status: TargetStatus;
  /** Read from the instance just before its delete succeeded; 0 unless something was deleted. */
  readonly bytesFreed: number;
  readonly error?: string;
  readonly exclusion: ExclusionOutcome;
  /** The manager's id of the item when the prune found it there. */
  readonly externalId: number | null;
  /** The whole item is gone from this instance (deleted now or before). */
  readonly removedWhole: boolean;
  /** Paths of the season's files this prune saw deleted (season prunes). */
  readonly deletedPaths: readonly string[];
  /** Season prunes: the season was seen unmonitored on this instance before any file was deleted. */
  readonly seasonUnmonitored: boolean;
}

export interface PruneResultView {
  readonly connectionId: string;
  readonly status: TargetStatus;
  readonly bytesFreed: number;
  readonly error?: string;
}

export interface PruneResponse {
  readonly success: boolean;
  readonly bytesFreed: number;
  readonly message: string;
  readonly results: readonly PruneResultView[];
  /** The ledger row; null for a dry run, which writes none. */
  readonly auditId: string | null;
  readonly dryRun: boolean;
}

export function titleOf(item: PruneItem, seasonNumber: number | null): string {
  return seasonNumber === null ? item.title : `${item.title} — Season ${seasonNumber}`;
}
