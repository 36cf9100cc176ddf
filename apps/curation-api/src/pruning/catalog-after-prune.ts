// What a pruned item's catalog rows become, without a sync (docs/decisions/043): the copies of the
// instances it left go, the season's files that were deleted go, and every derived value is
// counted again with the sync's own functions (summarizeCopies, itemTotalsOf), so the item reads
// as a fresh sync of the same sources would make it. Pure: the repository loads and writes.
import type { CatalogCopyRow, CatalogFileRow, CatalogItemRow, CatalogSeasonRow } from '../sync/catalog-rows';
import { itemTotalsOf, summarizeCopies } from '../sync/copy-builder';

export interface CatalogItemState {
  /** In id order: the sync's order, which breaks ties between equally good copies. */
  readonly copies: readonly CatalogCopyRow[];
  readonly files: readonly CatalogFileRow[];
  readonly seasons: readonly CatalogSeasonRow[];
}

/** What one target's prune did, as far as the catalog is concerned. */
export interface PrunedTarget {
  readonly connectionId: string;
  /** The instance no longer has the item: its copy leaves the catalog. */
  readonly removedWhole: boolean;
  /** Files seen deleted (by path, the catalog's file key). */
  readonly deletedPaths: readonly string[];
  /** The pruned season was seen unmonitored on this instance. */
  readonly seasonUnmonitored: boolean;
}

export interface CatalogItemUpdate extends CatalogItemState {
  readonly totals: Pick<CatalogItemRow, 'sizeBytes' | 'resolution' | 'cutoffUnmet'>;
}

export function catalogAfterPrune(
  itemId: string,
  before: CatalogItemState,
  pruned: readonly PrunedTarget[],
  seasonNumber: number | null,
): CatalogItemUpdate {
  const leftInstances = new Set(
    pruned.filter((target) => target.removedWhole).map((target) => target.connectionId),
  );
  const deletedPaths = new Set(pruned.flatMap((target) => target.deletedPaths));
  const keptDrafts = before.copies.filter(
    (copy) => copy.connectionId === null || !leftInstances.has(copy.connectionId),
  );
  const keptIds = new Set(keptDrafts.map((copy) => copy.id));
  const files = before.files.filter((file) => keptIds.has(file.copyId) && !deletedPaths.has(file.fileKey));
  const copies = summarizeCopies(itemId, keptDrafts, files);

  const unmonitoredOn = new Set(
    pruned.filter((target) => target.seasonUnmonitored).map((target) => target.connectionId),
  );
  const managers = copies.filter((copy) => copy.connectionId !== null);
  // A season is monitored when any instance monitors it. Known here: none does when no instance
  // is left, nor for the pruned season when every instance left saw it unmonitored. Otherwise the
  // other instances' flags stand until the next sync reads them.
  const noneMonitors = (number: number): boolean =>
    managers.length === 0 ||
    (number === seasonNumber && managers.every((copy) => unmonitoredOn.has(copy.connectionId ?? '')));
  const seasons = before.seasons.map((season): CatalogSeasonRow => {
    const seasonFiles = files.filter((file) => file.seasonNumber === season.seasonNumber);
    return {
      ...season,
      fileCount: seasonFiles.length,
      sizeBytes: seasonFiles.reduce((sum, file) => sum + file.sizeBytes, 0),
      monitored: season.monitored && !noneMonitors(season.seasonNumber),
    };
  });
  return { copies, files, seasons, totals: itemTotalsOf(copies, files) };
}
