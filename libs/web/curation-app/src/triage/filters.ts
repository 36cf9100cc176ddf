// The triage view's filters live in the address bar, so a view can be bookmarked, shared and
// restored with Back. Unknown or malformed values are dropped, never sent.
import type { CatalogQuery } from '../api/types';

export const SORTS = [
  ['size', 'Size'],
  ['title', 'Title'],
  ['plays', 'Plays'],
  ['added', 'Added'],
  ['lastWatched', 'Last watched'],
] as const;
export const RESOLUTIONS = ['SD', '720p', '1080p', '4K'] as const;
export const MEDIA_TYPES = [
  ['movie', 'Movies'],
  ['series', 'Series'],
] as const;
export const PRE2017_FILTERS = [
  ['all', 'All years'],
  ['exclude', 'Hide old items'],
  ['only', 'Only old items'],
] as const;

export type Filters = Omit<CatalogQuery, 'limit' | 'offset'>;
export type CategoryId = NonNullable<CatalogQuery['category']>;

/** Every category id the API takes; a record, so the compiler flags one added or removed there. */
const CATEGORY_IDS: Readonly<Record<CategoryId, true>> = {
  never_watched: true,
  stale: true,
  abandoned: true,
  requested_not_watched: true,
  space_hogs: true,
  duplicates: true,
  low_resolution: true,
  cutoff_unmet: true,
  missing: true,
  protected: true,
};

const TEXT_KEYS = ['userId', 'requestedBy', 'search'] as const;

export function filtersFrom(search: URLSearchParams): Filters {
  const filters: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    const value = search.get(key);
    if (value !== null && value !== '') filters[key] = value;
  }
  const pick = <T extends string>(key: string, allowed: readonly T[]) => {
    const value = search.get(key);
    if (value !== null && (allowed as readonly string[]).includes(value)) filters[key] = value;
  };
  pick('category', Object.keys(CATEGORY_IDS));
  pick(
    'mediaType',
    MEDIA_TYPES.map(([value]) => value),
  );
  pick('resolution', RESOLUTIONS);
  pick(
    'pre2017Filter',
    PRE2017_FILTERS.map(([value]) => value),
  );
  pick(
    'sortBy',
    SORTS.map(([value]) => value),
  );
  if (search.get('cutoffUnmet') === 'true') filters['cutoffUnmet'] = true;
  const desc = search.get('sortDesc');
  if (desc === 'true' || desc === 'false') filters['sortDesc'] = desc === 'true';
  const year = Number(search.get('userCutoffYear'));
  if (Number.isInteger(year) && year >= 1900 && year <= 2100) filters['userCutoffYear'] = year;
  return filters as Filters;
}

export function searchOf(filters: Filters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
