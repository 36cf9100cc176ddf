// Reads the Plex library and watch history for a sync, reusing what the source cache holds where
// Plex shows it has not changed (docs/decisions/052): a section whose content change stamp equals
// the cached one is not read again; the history is read from the newest cached play on (less a
// day of overlap) and merged, and the merge is proved exact against the server's total.
import { createHash } from 'node:crypto';
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
/**
 * Sections read at once (a show section's items and episodes together); each list is read page
 * after page, since Plex may answer short pages.
 */
const SECTION_CONCURRENCY = 4;

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

/** The library, with the sections taken from the cache decoded when first asked for. */
export async function readPlexLibrary(
  plex: PlexServerApi,
  cache: SourceCache,
  scope: string,
  reuse: PlexReuse,
): Promise<() => Promise<PlexLibrary>> {
  const sections = (await plex.getSections()).filter(
    (section) => section.type === 'movie' || section.type === 'show',
  );
  const perSection = await mapWithConcurrency(sections, SECTION_CONCURRENCY, async (section) => {
    const key = `plex/section/${section.key}`;
    const version = versionOf(section);
    const listCount = section.type === 'show' ? 2 : 1;
    const stored = version === null ? undefined : cache.usable(key, scope);
    if (stored !== undefined && stored.version === version) {
      cache.keep(key);
      reuse.sectionsReused += 1;
      return cache.lazyLists<PlexItem>(key, stored, listCount);
    }
    const lists =
      section.type === 'movie'
        ? [await plex.getSectionItems(section.key)]
        : await Promise.all([plex.getSectionItems(section.key), plex.getSectionEpisodes(section.key)]);
    // A section without a marker is read every time; storing it would only cost.
    if (version !== null) cache.update(key, scope, version, lists, true);
    else cache.notCached();
    return () => Promise.resolve(lists);
  });
  return async () => {
    const library: PlexLibrary = { movies: [], shows: [], episodes: [] };
    for (const lists of await Promise.all(perSection.map((lists) => lists()))) {
      for (const item of lists.flat()) {
        if (item.type === 'movie') library.movies.push(item);
        else if (item.type === 'show') library.shows.push(item);
        else if (item.type === 'episode') library.episodes.push(item);
      }
    }
    return library;
  };
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

/**
 * The history, newest first. Its cache version names the play count, the newest play and a digest
 * of the plays in the overlap window before it, so an unchanged history is told from the recent
 * plays and the total alone, without decoding the cached plays.
 */
export async function readPlexHistory(
  plex: PlexServerApi,
  cache: SourceCache,
  scope: string,
  reuse: PlexReuse,
): Promise<() => Promise<PlexHistoryRow[]>> {
  const stored = cache.usable(HISTORY_KEY, scope);
  const known = stored === undefined ? null : parseHistoryVersion(stored.version);
  if (stored !== undefined && known !== null) {
    const since = known.newest - HISTORY_OVERLAP_SECONDS;
    const [recent, total] = await Promise.all([
      plex.getWatchHistory({ viewedSince: since }),
      plex.countWatchHistory(),
    ]);
    const window = inHistoryOrder(recent);
    if (total === known.count && digestOf(window) === known.window) {
      // The same recent plays and as many older ones as cached: the same plays.
      reuse.historyIncremental = true;
      cache.keep(HISTORY_KEY);
      const lists = cache.lazyLists<PlexHistoryRow>(HISTORY_KEY, stored, 1);
      return async () => (await lists())[0] ?? [];
    }
    const cached = (await decodeLists(stored.payload, 1)) as PlexHistoryRow[][] | null;
    if (cached !== null) {
      const merged = new Map<string, PlexHistoryRow>();
      for (const row of cached[0] ?? []) if (row.viewedAt < since) merged.set(row.historyKey, row);
      for (const row of window) merged.set(row.historyKey, row);
      // Equal counts prove nothing older was deleted (or recorded late) since the cached read.
      if (merged.size === total) {
        reuse.historyIncremental = true;
        const rows = inHistoryOrder([...merged.values()]);
        cache.update(HISTORY_KEY, scope, historyVersionOf(rows), [rows], false);
        return () => Promise.resolve(rows);
      }
    }
  }
  const rows = inHistoryOrder(await plex.getWatchHistory());
  cache.update(HISTORY_KEY, scope, historyVersionOf(rows), [rows], true);
  return () => Promise.resolve(rows);
}

interface HistoryVersion {
  readonly count: number;
  readonly newest: number;
  /** Digest of the plays viewed at or after `newest` less the overlap. */
  readonly window: string;
}

function historyVersionOf(rows: readonly PlexHistoryRow[]): string {
  const newest = rows[0]?.viewedAt ?? 0;
  const window = rows.filter((row) => row.viewedAt >= newest - HISTORY_OVERLAP_SECONDS);
  const version: HistoryVersion = { count: rows.length, newest, window: digestOf(window) };
  return JSON.stringify(version);
}

/** Null for a version this code did not write, or a history with no plays (nothing to start from). */
function parseHistoryVersion(version: string): HistoryVersion | null {
  try {
    const parsed = JSON.parse(version) as Partial<HistoryVersion>;
    return Number.isSafeInteger(parsed.count) &&
      Number.isSafeInteger(parsed.newest) &&
      (parsed.newest ?? 0) > 0 &&
      typeof parsed.window === 'string'
      ? (parsed as HistoryVersion)
      : null;
  } catch {
    return null;
  }
}

function digestOf(rows: readonly PlexHistoryRow[]): string {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(`${JSON.stringify(row)}\n`);
  return hash.digest('base64url');
}

/** Newest first, ties by history key: the same plays give the same order, however they were read. */
function inHistoryOrder(rows: PlexHistoryRow[]): PlexHistoryRow[] {
  return rows.sort(
    (left, right) =>
      right.viewedAt - left.viewedAt ||
      (left.historyKey < right.historyKey ? 1 : left.historyKey > right.historyKey ? -1 : 0),
  );
}
