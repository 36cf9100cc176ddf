// The parsed query of GET /api/v1/catalog (spec 4.3; meanings in decisions 040-041).
import type { CategoryId } from '../categories/category-definitions';
import { RESOLUTION_BUCKETS } from '../sync/media-buckets';

export const MEDIA_TYPES = ['movie', 'series'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const RESOLUTIONS = RESOLUTION_BUCKETS;
export type Resolution = (typeof RESOLUTIONS)[number];

export const PRE2017_FILTERS = ['all', 'exclude', 'only'] as const;
export type Pre2017Filter = (typeof PRE2017_FILTERS)[number];

export const SORT_KEYS = ['size', 'title', 'plays', 'added', 'lastWatched'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

export interface CatalogQuery {
  readonly category?: CategoryId;
  readonly userId?: string;
  readonly requestedBy?: string;
  readonly mediaType?: MediaType;
  readonly search?: string;
  readonly resolution?: Resolution;
  readonly cutoffUnmet?: boolean;
  readonly pre2017Filter: Pre2017Filter;
  readonly userCutoffYear?: number;
  readonly sortBy: SortKey;
  readonly sortDesc: boolean;
  readonly limit: number;
  readonly offset: number;
}
