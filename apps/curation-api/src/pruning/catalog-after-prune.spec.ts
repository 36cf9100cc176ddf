// catalogAfterPrune by hand-built rows: which copies and files leave, how the best copy, sizes,
// resolution, cutoff and season values are counted again, and when a season reads unmonitored.
import type { CatalogCopyRow, CatalogFileRow, CatalogSeasonRow } from '../sync/catalog-rows';
import { catalogAfterPrune, type CatalogItemState, type PrunedTarget } from './catalog-after-prune';

const ITEM = 'series-tvdb-1';
const HD = '11111111-1111-4111-8111-111111111111';
const UHD = '22222222-2222-4222-8222-222222222222';

function copy(
  id: number,
  connectionId: string | null,
  overrides: Partial<CatalogCopyRow> = {},
): CatalogCopyRow {
  return {
    id,
    itemId: ITEM,
    connectionId,
    externalId: connectionId === null ? null : id * 10,
    is4k: connectionId === UHD,
    qualityProfile: null,
    resolution: null,
    sizeBytes: 0,
    fileCount: 0,
    path: `/copy/${id}`,
    monitored: true,
    cutoffUnmet: false,
    isBest: false,
    addedAt: null,
    ...overrides,
  };
}

function file(
  copyId: number,
  key: string,
  seasonNumber: number,
  sizeBytes: number,
  resolution: CatalogFileRow['resolution'],
  belowCutoff = false,
): CatalogFileRow {
  return { itemId: ITEM, fileKey: key, copyId, seasonNumber, sizeBytes, resolution, belowCutoff };
}

function season(seasonNumber: number): CatalogSeasonRow {
  return { itemId: ITEM, seasonNumber, episodeCount: 10, fileCount: 99, sizeBytes: 99, monitored: true };
}

const state: CatalogItemState = {
  copies: [copy(1, HD), copy(2, UHD), copy(3, null)],
  files: [
    file(1, '/hd/s1e1', 1, 100, '1080p', true),
    file(1, '/hd/s2e1', 2, 200, '1080p'),
    file(2, '/4k/s1e1', 1, 1000, '4K'),
    file(2, '/4k/s2e1', 2, 2000, '4K'),
    file(3, '/plex/s2e2', 2, 50, '720p'),
  ],
  seasons: [season(1), season(2)],
};

const target = (connectionId: string, change: Partial<PrunedTarget>): PrunedTarget => ({
  connectionId,
  removedWhole: false,
  deletedPaths: [],
  seasonUnmonitored: false,
  ...change,
});

describe('catalogAfterPrune', () => {
  it('drops the copy of an instance that no longer holds the item, and the best copy moves', () => {
    const after = catalogAfterPrune(ITEM, state, [target(UHD, { removedWhole: true })], null);
    expect(
      after.copies.map((entry) => [
        entry.id,
        entry.sizeBytes,
        entry.fileCount,
        entry.resolution,
        entry.isBest,
        entry.cutoffUnmet,
      ]),
    ).toEqual([
      [1, 300, 2, '1080p', true, true],
      [3, 50, 1, '720p', false, false],
    ]);
    expect(after.files.map((entry) => entry.fileKey)).toEqual(['/hd/s1e1', '/hd/s2e1', '/plex/s2e2']);
    expect(after.totals).toEqual({ sizeBytes: 350, resolution: '1080p', cutoffUnmet: true });
    // HD still holds the item: its season flags stand.
    expect(
      after.seasons.map((entry) => [entry.seasonNumber, entry.fileCount, entry.sizeBytes, entry.monitored]),
    ).toEqual([
      [1, 1, 100, true],
      [2, 2, 250, true],
    ]);
  });

  it('drops a season’s deleted files by path and unmonitors it when every instance left saw it so', () => {
    const pruned = [
      target(HD, { deletedPaths: ['/hd/s1e1'], seasonUnmonitored: true }),
      target(UHD, { deletedPaths: ['/4k/s1e1'], seasonUnmonitored: true }),
    ];
    const after = catalogAfterPrune(ITEM, state, pruned, 1);
    expect(after.seasons).toEqual([
      { ...season(1), fileCount: 0, sizeBytes: 0, monitored: false },
      { ...season(2), fileCount: 3, sizeBytes: 2250, monitored: true },
    ]);
    expect(after.totals).toEqual({ sizeBytes: 2250, resolution: '4K', cutoffUnmet: false });
    expect(after.copies.find((entry) => entry.id === 1)).toMatchObject({
      sizeBytes: 200,
      cutoffUnmet: false,
    });
  });

  it('keeps the season monitored while an instance that was not pruned may still monitor it', () => {
    const after = catalogAfterPrune(
      ITEM,
      state,
      [target(HD, { deletedPaths: ['/hd/s1e1'], seasonUnmonitored: true })],
      1,
    );
    expect(after.seasons[0]?.monitored).toBe(true);
  });

  it('leaves an item whose instances all left with no size and no resolution, seasons unmonitored', () => {
    const managedOnly: CatalogItemState = {
      ...state,
      copies: state.copies.slice(0, 2),
      files: state.files.slice(0, 4),
    };
    const after = catalogAfterPrune(
      ITEM,
      managedOnly,
      [target(HD, { removedWhole: true }), target(UHD, { removedWhole: true })],
      null,
    );
    expect(after.copies).toEqual([]);
    expect(after.files).toEqual([]);
    expect(after.totals).toEqual({ sizeBytes: 0, resolution: null, cutoffUnmet: false });
    expect(after.seasons.every((entry) => !entry.monitored && entry.fileCount === 0)).toBe(true);
  });

  it('changes nothing for a failed target', () => {
    const after = catalogAfterPrune(ITEM, state, [target(HD, {})], null);
    expect(after.files).toEqual(state.files);
    expect(after.totals).toEqual({ sizeBytes: 3350, resolution: '4K', cutoffUnmet: true });
  });
});
