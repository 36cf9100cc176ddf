// `/status/sessions/history/all`: one row per play by any account. Filters by account, section,
// item (a show or season expands to its episodes) and viewedAt bounds; newest first by default.
// Real servers leave `grandparentKey` out of some episode rows, so this one does too.
import { queryValue } from '../http/simulator-server';
import type { SimulatorRequest } from '../http/simulator-server';
import type { PlayRecord } from '../library/media-library.types';
import type { PlexLibraryIndex } from './plex-library-index';

/** The selected rows, or an error message for a malformed filter. */
export function selectHistory(
  request: SimulatorRequest,
  index: PlexLibraryIndex,
  history: readonly PlayRecord[],
): PlayRecord[] | string {
  const account = optionalNumber(queryValue(request, 'accountID'));
  const section = queryValue(request, 'librarySectionID');
  const item = optionalNumber(queryValue(request, 'metadataItemID'));
  // `viewedAt>=N` arrives as the key `viewedAt>` with the value N (and `viewedAt<=N` as `viewedAt<`).
  const after = optionalNumber(queryValue(request, 'viewedAt>') ?? queryValue(request, 'viewedAt>>'));
  const before = optionalNumber(queryValue(request, 'viewedAt<') ?? queryValue(request, 'viewedAt<<'));
  if ([account, item, after, before].some((value) => Number.isNaN(value))) return 'malformed filter';
  let leaves: Set<number> | undefined;
  if (item !== undefined) {
    const entity = index.byRatingKey.get(item);
    leaves = new Set(entity === undefined ? [item] : index.leavesOf(entity));
  }
  const rows = history.filter((row) => {
    if (account !== undefined && row.localAccountId !== account) return false;
    if (leaves !== undefined && !leaves.has(row.ratingKey)) return false;
    if (after !== undefined && row.viewedAt < after) return false;
    if (before !== undefined && row.viewedAt > before) return false;
    if (section !== undefined) {
      const entity = index.byRatingKey.get(row.ratingKey);
      const rowSection = entity === undefined ? undefined : entity.kind === 'movie' ? '1' : '2';
      if (rowSection !== section) return false;
    }
    return true;
  });
  const ascending =
    queryValue(request, 'sort') === 'viewedAt' || queryValue(request, 'sort') === 'viewedAt:asc';
  return ascending ? rows : rows.reverse();
}

export function renderHistoryRow(index: PlexLibraryIndex, row: PlayRecord): Record<string, unknown> {
  const entity = index.byRatingKey.get(row.ratingKey);
  const base = {
    historyKey: `/status/sessions/history/${row.historyId}`,
    key: `/library/metadata/${row.ratingKey}`,
    ratingKey: String(row.ratingKey),
    viewedAt: row.viewedAt,
    accountID: row.localAccountId,
    deviceID: row.deviceId,
  };
  if (entity?.kind === 'movie') {
    return {
      ...base,
      librarySectionID: '1',
      title: entity.movie.title,
      type: 'movie',
      originallyAvailableAt: entity.movie.originallyAvailableAt,
    };
  }
  if (entity?.kind === 'episode') {
    return {
      ...base,
      librarySectionID: '2',
      parentKey: `/library/metadata/${entity.season.plex?.ratingKey ?? 0}`,
      ...(row.historyId % 10 === 0
        ? {}
        : { grandparentKey: `/library/metadata/${entity.series.plex?.ratingKey ?? 0}` }),
      title: `Episode ${entity.episode.episodeNumber}`,
      grandparentTitle: entity.series.title,
      type: 'episode',
      index: entity.episode.episodeNumber,
      parentIndex: entity.season.seasonNumber,
    };
  }
  return { ...base, title: '', type: 'unknown' };
}

function optionalNumber(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  return Number(raw);
}
