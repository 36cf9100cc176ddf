// The rows one sync writes to the catalog tables (columns as commented in migration 1796100000000).
// Byte sizes are JavaScript numbers: exact up to 8 PiB, far beyond any library.
import type { ResolutionBucket } from './media-buckets';

export interface CatalogItemRow {
  readonly id: string;
  readonly mediaType: 'movie' | 'series';
  readonly title: string;
  readonly titleKey: string;
  readonly year: number | null;
  readonly tmdbId: number | null;
  readonly tvdbId: number | null;
  readonly imdbId: string | null;
  readonly plexRatingKey: string | null;
  /** Its artwork on the bound Plex server, as Plex lists it (a path with a timestamp). */
  readonly thumb: string | null;
  readonly addedAt: Date | null;
  readonly episodeCount: number;
  readonly plexVersionCount: number;
  readonly sizeBytes: number;
  readonly resolution: ResolutionBucket | null;
  readonly cutoffUnmet: boolean;
  readonly plays: number;
  readonly lastWatchedAt: Date | null;
  readonly playedEpisodeCount: number;
}

export interface CatalogCopyRow {
  readonly id: number;
  readonly itemId: string;
  readonly connectionId: string | null;
  readonly externalId: number | null;
  readonly is4k: boolean;
  readonly qualityProfile: string | null;
  readonly resolution: ResolutionBucket | null;
  readonly sizeBytes: number;
  readonly fileCount: number;
  readonly path: string | null;
  readonly monitored: boolean;
  readonly cutoffUnmet: boolean;
  readonly isBest: boolean;
  readonly addedAt: Date | null;
}

export interface CatalogFileRow {
  readonly itemId: string;
  readonly fileKey: string;
  readonly copyId: number;
  readonly seasonNumber: number | null;
  readonly sizeBytes: number;
  readonly resolution: ResolutionBucket | null;
  readonly belowCutoff: boolean;
}

export interface CatalogSeasonRow {
  readonly itemId: string;
  readonly seasonNumber: number;
  readonly episodeCount: number;
  readonly fileCount: number;
  readonly sizeBytes: number;
  readonly monitored: boolean;
}

export interface CatalogWatchRow {
  readonly itemId: string;
  /** plex.tv account id, decimal. */
  readonly accountId: string;
  readonly plays: number;
  readonly lastWatchedAt: Date;
  readonly playedEpisodeCount: number;
}

export interface CatalogRequestRow {
  readonly itemId: string;
  readonly requestId: number;
  readonly requestedByAccountId: string | null;
  readonly requestedByName: string | null;
  readonly requestedAt: Date;
  readonly status: string;
  readonly is4k: boolean;
  readonly seasons: readonly number[];
}

export interface CatalogRows {
  readonly items: readonly CatalogItemRow[];
  readonly copies: readonly CatalogCopyRow[];
  readonly files: readonly CatalogFileRow[];
  readonly seasons: readonly CatalogSeasonRow[];
  readonly watch: readonly CatalogWatchRow[];
  readonly requests: readonly CatalogRequestRow[];
}
