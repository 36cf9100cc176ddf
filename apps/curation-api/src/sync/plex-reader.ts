// Reads the Plex library and watch history for a sync, reusing what the source cache holds where
// Plex shows it has not changed (docs/decisions/047): a section whose content change stamp equals
// the cached one is not read again; the history is read from the newest cached play on (less a
// day of overlap) and merged, and the merge is proved exact against the server's total.
import { mapWithConcurrency } from '@platform/curation-media-clients';
import type {
  PlexEpisode,
  PlexHistoryRow,
  PlexItem,
  PlexMovie,
  PlexSection,
  PlexServerApi,
  PlexShow,
} from '@platform/curation-media-clients';
import { decodeLists } from './source-cache';
import type { SourceCache } from './source-cache';

/** Plays viewed this long before the newest cached one are read again, for late-recorded plays. */
const HISTORY_OVERLAP_SECONDS = 86_400;
const HISTORY_KEY = 'plex/history';
/** Lists read at once: each is read page after page, since Plex may answer short pages. */
const LIST_CONCURRENCY = 4;

export interface PlexLibrary {
  readonly movies: PlexMovie[];
  readonly shows: PlexShow[];
  readonly episodes: PlexEpisode[];
}

/** What the fetch reused instead of reading, for the log and the benchmark. */
export interface PlexReuse {
  sectionsReused: number;
  historyIncremental: boolean;
}

export async function readPlexLibrary(
  plex: PlexServerApi,
  cache: SourceCache,
  scope: string,
  reuse: PlexReuse,
): Promise<PlexLibrary> {
  const sections = (await plex.getSections()).filter(
    (section) => section.type === 'movie' || section.type === 'show',
  );
  const perSection = await mapWithConcurrency(sections, LIST_CONCURRENCY, async (section) => {
    const key = `plex/section/${section.key}`;
    const version = versionOf(section);
    const listCount = section.type === 'show' ? 2 : 1;
    const stored = version === null ? undefined : cache.usable(key, scope);
    if (stored !== undefined && stored.version === version) {
      const lists = (await decodeLists(stored.payload, listCount)) as PlexItem[][] | null;
      if (lists !== null) {
        cache.keep(key);
        reuse.sectionsReused += 1;
        return lists;
      }
    }
    const lists =
      section.type === 'movie'
        ? [await plex.getSectionItems(section.key)]
        : await Promise.all([plex.getSectionItems(section.key), plex.getSectionEpisodes(section.key)]);
    // A section without a marker is read every time; storing it would only cost.
    if (version !== null) cache.update(key, scope, version, lists, true);
    else cache.notCached();
    return lists;
  });
  const library: PlexLibrary = { movies: [], shows: [], episodes: [] };
  for (const item of perSection.flat(2)) {
    if (item.type === 'movie') library.movies.push(item);
    else if (item.type === 'show') library.shows.push(item);
    else if (item.type === 'episode') library.episodes.push(item);
  }
  return library;
}

/**
 * What says a section's content is as cached: its change stamp and settings time, with its uuid
 * and type. Null when the server sends no stamp, or one past 2^53 that JSON numbers cannot carry
 * exactly (some servers do): such a section is read every time.
 */
function versionOf(section: PlexSection): string | null {
  const stamp = section.contentChangedAt;
  if (stamp === undefined || !Number.isSafeInteger(stamp)) return null;
  return [section.uuid, section.type, stamp, section.updatedAt ?? ''].join('|');
}

export async function readPlexHistory(
  plex: PlexServerApi,
  cache: SourceCache,
  scope: string,
  reuse: PlexReuse,
): Promise<PlexHistoryRow[]> {
  const stored = cache.usable(HISTORY_KEY, scope);
  const cached =
    stored === undefined ? null : ((await decodeLists(stored.payload, 1)) as PlexHistoryRow[][] | null);
  const newest = cached?.[0]?.reduce((latest, row) => Math.max(latest, row.viewedAt), 0) ?? 0;
  if (cached !== null && newest > 0) {
    const since = newest - HISTORY_OVERLAP_SECONDS;
    const [recent, total] = await Promise.all([
      plex.getWatchHistory({ viewedSince: since }),
      plex.countWatchHistory(),
    ]);
    const merged = new Map<string, PlexHistoryRow>();
    for (const row of cached[0] ?? []) if (row.viewedAt < since) merged.set(row.historyKey, row);
    for (const row of recent) merged.set(row.historyKey, row);
    // Equal counts prove nothing older was deleted (or recorded late) since the cached read.
    if (merged.size === total) {
      reuse.historyIncremental = true;
      const known = new Set(cached[0]?.map((row) => row.historyKey));
      if (merged.size === known.size && recent.every((row) => known.has(row.historyKey))) {
        // The same plays as cached: nothing to store again.
        cache.keep(HISTORY_KEY);
        return cached[0] ?? [];
      }
      const rows = inHistoryOrder([...merged.values()]);
      cache.update(HISTORY_KEY, scope, 'rows', [rows], false);
      return rows;
    }
  }
  const rows = inHistoryOrder(await plex.getWatchHistory());
  cache.update(HISTORY_KEY, scope, 'rows', [rows], true);
  return rows;
}

/** Newest first, ties by history key: the same plays give the same order, however they were read. */
function inHistoryOrder(rows: PlexHistoryRow[]): PlexHistoryRow[] {
  return rows.sort(
    (left, right) =>
      right.viewedAt - left.viewedAt ||
      (left.historyKey < right.historyKey ? 1 : left.historyKey > right.historyKey ? -1 : 0),
  );
}
