// Reads GET /api/v1/catalog's query string. Every bad value is a 400 naming the parameter and
// what it accepts; unknown or repeated parameters are refused rather than ignored (decision 040).
import { CATEGORY_IDS } from '../categories/category-definitions';
import { invalidParameter, rejectUnknownParameters, textParameter } from '../categories/single-query-value';
import {
  type CatalogQuery,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MEDIA_TYPES,
  PRE2017_FILTERS,
  RESOLUTIONS,
  SORT_KEYS,
} from './catalog-query';

export const CATALOG_PARAMETERS = [
  'category',
  'userId',
  'requestedBy',
  'mediaType',
  'search',
  'resolution',
  'cutoffUnmet',
  'pre2017Filter',
  'userCutoffYear',
  'sortBy',
  'sortDesc',
  'limit',
  'offset',
] as const;

const TRUE_VALUES = ['true', '1'];
const FALSE_VALUES = ['false', '0'];
export const MAX_SEARCH_LENGTH = 200;
export const USER_CUTOFF_YEARS = { min: 1870, max: 2200 } as const;
/** The largest `offset` of every paged list: PostgreSQL's largest integer. */
export const MAX_OFFSET = 2_147_483_647;

export function parseCatalogQuery(query: Record<string, unknown>): CatalogQuery {
  rejectUnknownParameters(query, CATALOG_PARAMETERS);
  const text = (name: string) => textParameter(query, name);
  const category = oneOf('category', text('category'), CATEGORY_IDS);
  const sortBy = oneOf('sortBy', text('sortBy'), SORT_KEYS);
  const sortDesc = booleanValue('sortDesc', text('sortDesc'));
  const search = text('search');
  if (search !== undefined && search.length > MAX_SEARCH_LENGTH) {
    throw invalidParameter('search', `at most ${MAX_SEARCH_LENGTH} characters`);
  }
  return {
    category,
    userId: text('userId'),
    requestedBy: text('requestedBy'),
    mediaType: oneOf('mediaType', text('mediaType'), MEDIA_TYPES),
    search,
    resolution: oneOf('resolution', text('resolution'), RESOLUTIONS),
    cutoffUnmet: booleanValue('cutoffUnmet', text('cutoffUnmet')),
    pre2017Filter: oneOf('pre2017Filter', text('pre2017Filter'), PRE2017_FILTERS) ?? 'all',
    userCutoffYear: integerValue(
      'userCutoffYear',
      text('userCutoffYear'),
      USER_CUTOFF_YEARS.min,
      USER_CUTOFF_YEARS.max,
    ),
    // Without sortBy: the largest first, as the reference does; with it, ascending unless sortDesc.
    sortBy: sortBy ?? 'size',
    sortDesc: sortDesc ?? sortBy === undefined,
    limit: integerValue('limit', text('limit'), 1, MAX_LIMIT) ?? DEFAULT_LIMIT,
    offset: offsetValue(text('offset')),
  };
}

export function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalidParameter(name, `must be one of ${allowed.join(', ')}, not '${value}'`);
}

function booleanValue(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const folded = value.toLowerCase();
  if (TRUE_VALUES.includes(folded)) return true;
  if (FALSE_VALUES.includes(folded)) return false;
  throw invalidParameter(name, `must be true or false (also 1 or 0), not '${value}'`);
}

/** `offset` of every paged list: 0 when absent, at most MAX_OFFSET. */
export function offsetValue(value: string | undefined): number {
  return integerValue('offset', value, 0, MAX_OFFSET) ?? 0;
}

export function integerValue(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const parsed = /^[0-9]{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw invalidParameter(name, `must be an integer from ${min} to ${max}, not '${value}'`);
  }
  return parsed;
}
