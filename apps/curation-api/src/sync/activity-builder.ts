// Watch state per plex.tv account and Overseerr requests, attached to matched items. Plex history
// names accounts by the server's local ids: the owner is local account 1, everyone else carries
// their plex.tv id (docs/decisions/030, 037).
import type { OverseerrRequest, PlexHistoryRow } from '@platform/curation-media-clients';
import type { CatalogRequestRow, CatalogWatchRow } from './catalog-rows';

const OWNER_LOCAL_ACCOUNT = 1;

/** Where a played ratingKey belongs: the item, and the episode when it is one. */
export interface PlayTarget {
  readonly itemId: string;
  readonly episodeKey: string | null;
}

export interface ItemWatchTotals {
  readonly plays: number;
  readonly lastWatchedAt: Date | null;
  readonly playedEpisodeCount: number;
}

export interface WatchState {
  readonly rows: CatalogWatchRow[];
  readonly totals: ReadonlyMap<string, ItemWatchTotals>;
}

export function plexTvAccountOf(localAccountId: number, ownerAccountId: string): string {
  return localAccountId === OWNER_LOCAL_ACCOUNT ? ownerAccountId : String(localAccountId);
}

/** Plays of items no longer in the library (a deleted file's history) are left out. */
export function watchStateOf(
  history: readonly PlexHistoryRow[],
  targets: ReadonlyMap<string, PlayTarget>,
  ownerAccountId: string,
): WatchState {
  interface Tally {
    plays: number;
    last: number;
    episodes: Set<string>;
  }
  const perAccount = new Map<string, Map<string, Tally>>();
  const perItem = new Map<string, Tally>();
  const count = (tallies: Map<string, Tally>, key: string, row: PlexHistoryRow, episode: string | null) => {
    let tally = tallies.get(key);
    if (tally === undefined) {
      tally = { plays: 0, last: 0, episodes: new Set() };
      tallies.set(key, tally);
    }
    tally.plays += 1;
    tally.last = Math.max(tally.last, row.viewedAt);
    if (episode !== null) tally.episodes.add(episode);
  };
  for (const row of history) {
    const target = targets.get(row.ratingKey);
    if (target === undefined) continue;
    const account = plexTvAccountOf(row.accountID, ownerAccountId);
    let items = perAccount.get(account);
    if (items === undefined) {
      items = new Map();
      perAccount.set(account, items);
    }
    count(items, target.itemId, row, target.episodeKey);
    count(perItem, target.itemId, row, target.episodeKey);
  }
  const rows: CatalogWatchRow[] = [];
  for (const [accountId, items] of perAccount) {
    for (const [itemId, tally] of items) {
      rows.push({
        itemId,
        accountId,
        plays: tally.plays,
        lastWatchedAt: new Date(tally.last * 1000),
        playedEpisodeCount: tally.episodes.size,
      });
    }
  }
  const totals = new Map<string, ItemWatchTotals>();
  for (const [itemId, tally] of perItem) {
    totals.set(itemId, {
      plays: tally.plays,
      lastWatchedAt: new Date(tally.last * 1000),
      playedEpisodeCount: tally.episodes.size,
    });
  }
  return { rows, totals };
}

/** Overseerr's MediaRequestStatus. */
const REQUEST_STATUS: Readonly<Record<number, string>> = {
  1: 'pending',
  2: 'approved',
  3: 'declined',
  4: 'failed',
  5: 'completed',
};

/**
 * Requests of titles in the catalog; a request for a title no system holds any more (or whose
 * media row Overseerr removed) has nothing to attach to and is left out.
 */
export function requestRowsOf(
  requests: readonly OverseerrRequest[],
  itemOf: (request: OverseerrRequest) => string | undefined,
): CatalogRequestRow[] {
  const rows: CatalogRequestRow[] = [];
  const seen = new Set<string>();
  for (const request of requests) {
    const itemId = itemOf(request);
    if (itemId === undefined || seen.has(`${itemId}/${request.id}`)) continue;
    seen.add(`${itemId}/${request.id}`);
    const requester = request.requestedBy;
    rows.push({
      itemId,
      requestId: request.id,
      requestedByAccountId:
        requester?.plexId === null || requester === null ? null : String(requester.plexId),
      requestedByName: requester === null ? null : (requester.plexUsername ?? requester.displayName),
      requestedAt: new Date(request.createdAt),
      status: REQUEST_STATUS[request.status] ?? `status-${request.status}`,
      is4k: request.is4k,
      seasons: request.seasons.map((season) => season.seasonNumber),
    });
  }
  return rows;
}
