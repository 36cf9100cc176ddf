// The smart categories computed in TypeScript straight from the rules over a catalog
// fixture, independently of the SQL (category-sql.ts): tests compare the API with this.
import {
  bestCopy,
  type CatalogFixture,
  copyCutoffUnmet,
  copySize,
  derivedItem,
  type FixtureItem,
} from '../catalog/catalog-fixture.spec-helpers';
import { type CategorySettings, GIB } from '../settings/category-settings';
import { CATEGORY_IDS, type CategoryId } from './category-definitions';

const DAY_MS = 86_400_000;

export interface ExpectedTotals {
  count: number;
  sizeBytes: number;
  reclaimableSizeBytes: number;
}

interface WatchFacts {
  plays: number;
  lastWatchedAt: Date | null;
  playedEpisodes: number;
}

function watchFacts(item: FixtureItem, userId: string | null): WatchFacts {
  if (userId === null) {
    const derived = derivedItem(item);
    return {
      plays: derived.plays,
      lastWatchedAt: derived.lastWatchedAt,
      playedEpisodes: item.playedEpisodeCount,
    };
  }
  const row = item.watch.find((watch) => watch.accountId === userId);
  return {
    plays: row?.plays ?? 0,
    lastWatchedAt: row?.lastWatchedAt ?? null,
    playedEpisodes: row?.playedEpisodeCount ?? 0,
  };
}

/** The categories an item belongs to under the settings, at `now`, for everyone or one user. */
export function expectedCategories(
  fixture: CatalogFixture,
  item: FixtureItem,
  settings: CategorySettings,
  now: Date,
  userId: string | null,
): CategoryId[] {
  const before = (days: number) => now.getTime() - days * DAY_MS;
  const watch = watchFacts(item, userId);
  const derived = derivedItem(item);
  const rules: Record<CategoryId, boolean> = {
    never_watched:
      item.addedAt !== null &&
      item.addedAt.getTime() <= before(settings.neverWatchedDays) &&
      watch.plays === 0,
    stale:
      watch.plays > 0 &&
      watch.lastWatchedAt !== null &&
      watch.lastWatchedAt.getTime() < before(settings.staleDays),
    abandoned:
      item.mediaType === 'series' &&
      watch.plays > 0 &&
      watch.lastWatchedAt !== null &&
      watch.lastWatchedAt.getTime() < before(settings.abandonedDays) &&
      watch.playedEpisodes < item.episodeCount,
    requested_not_watched: item.requests.some(
      (request) =>
        request.accountId !== null &&
        (userId === null || request.accountId === userId) &&
        request.requestedAt.getTime() < before(settings.requestedNotWatchedDays) &&
        !item.watch.some((row) => row.accountId === request.accountId),
    ),
    space_hogs: item.copies.some((copy) =>
      item.mediaType === 'movie'
        ? copySize(copy) >
          (copy.resolutionRank === 4 ? settings.spaceHog4kMovieGib : settings.spaceHogMovieGib) * GIB
        : copy.files.length > 0 && copySize(copy) / copy.files.length > settings.spaceHogEpisodeGib * GIB,
    ),
    duplicates:
      item.plexVersionCount > 1 ||
      item.copies.filter((copy) => copy.connectionId !== null && copy.files.length > 0).length > 1,
    low_resolution:
      derived.resolutionRank === 1 && item.year !== null && item.year >= settings.lowResolutionCutoffYear,
    cutoff_unmet: item.copies.some(copyCutoffUnmet),
    missing: item.copies.some(
      (copy) => copy.connectionId !== null && copy.monitored && copy.files.length === 0,
    ),
    protected: fixture.protections.some((protection) => protection.itemId === item.id),
  };
  return CATEGORY_IDS.filter((id) => rules[id]);
}

/** What pruning the item as a member of the category frees (each file once). */
function reclaimable(id: CategoryId, item: FixtureItem): number {
  switch (id) {
    case 'duplicates': {
      const best = bestCopy(item);
      return item.copies.filter((copy) => copy !== best).reduce((sum, copy) => sum + copySize(copy), 0);
    }
    case 'cutoff_unmet':
      return item.copies.filter(copyCutoffUnmet).reduce((sum, copy) => sum + copySize(copy), 0);
    case 'protected':
      return 0;
    case 'never_watched':
    case 'stale':
    case 'abandoned':
    case 'requested_not_watched':
    case 'space_hogs':
    case 'low_resolution':
    case 'missing':
      return derivedItem(item).sizeBytes;
  }
}

export function isHeld(fixture: CatalogFixture, itemId: string): boolean {
  return (
    fixture.protections.some((protection) => protection.itemId === itemId) ||
    fixture.protectionRequests.some((request) => request.itemId === itemId && request.status === 'pending')
  );
}

export function expectedTotals(
  fixture: CatalogFixture,
  settings: CategorySettings,
  now: Date,
  userId: string | null,
): Record<CategoryId, ExpectedTotals> {
  const totals = Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, { count: 0, sizeBytes: 0, reclaimableSizeBytes: 0 }]),
  ) as Record<CategoryId, ExpectedTotals>;
  for (const item of fixture.items) {
    const held = isHeld(fixture, item.id);
    for (const id of expectedCategories(fixture, item, settings, now, userId)) {
      totals[id].count += 1;
      totals[id].sizeBytes += derivedItem(item).sizeBytes;
      if (!held) totals[id].reclaimableSizeBytes += reclaimable(id, item);
    }
  }
  return totals;
}
