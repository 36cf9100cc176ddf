// Prunes one item (or one season) from one Sonarr or Radarr instance, following the deletion
// recipes (docs/decisions/043): look the item up again, then delete it with `deleteFiles=true` and
// the exclusion flag; a season is unmonitored and seen unmonitored before any of its files is
// deleted. Never throws: every failure becomes the target's `failed` outcome, saying what happened.
import type {
  ArrExclusionOutcome,
  RadarrApi,
  SonarrApi,
  SonarrSeriesResource,
} from '@platform/curation-media-clients';
import type { ExclusionOutcome, PruneItem, TargetOutcome } from './prune-plan';
import type { PruneRunOptions } from './prune-rereads';
import { answerLost, describeFailure, rereadUntil, sleeper, unsettled } from './prune-rereads';
import { deleteSeasonFiles } from './prune-season-files';

export { describeFailure } from './prune-rereads';
export type { PruneRunOptions } from './prune-rereads';

export interface TargetWork {
  readonly connectionId: string;
  readonly item: PruneItem;
  readonly seasonNumber: number | null;
  readonly addToImportExclusion: boolean;
}

const NOTHING = { bytesFreed: 0, deletedPaths: [], seasonUnmonitored: false } as const;

async function excludeSeparately(
  asked: boolean,
  add: () => Promise<ArrExclusionOutcome>,
): Promise<{ exclusion: ExclusionOutcome; error?: string }> {
  if (!asked) return { exclusion: 'not-asked' };
  try {
    return { exclusion: await add() };
  } catch (error) {
    return { exclusion: 'failed', error: `adding the import exclusion failed: ${describeFailure(error)}` };
  }
}

/** Already gone from the instance: success, unless an exclusion was asked for and could not be added. */
function goneOutcome(
  work: TargetWork,
  externalId: number | null,
  excluded: { exclusion: ExclusionOutcome; error?: string },
): TargetOutcome {
  return {
    connectionId: work.connectionId,
    ...NOTHING,
    status: excluded.error === undefined ? 'already_gone' : 'failed',
    ...(excluded.error === undefined ? {} : { error: excluded.error }),
    exclusion: excluded.exclusion,
    externalId,
    removedWhole: true,
  };
}

function failedOutcome(work: TargetWork, externalId: number | null, error: string): TargetOutcome {
  return {
    connectionId: work.connectionId,
    ...NOTHING,
    status: 'failed',
    error,
    exclusion: work.addToImportExclusion && work.seasonNumber === null ? 'failed' : exclusionNotTried(work),
    externalId,
    removedWhole: false,
  };
}

function exclusionNotTried(work: TargetWork): ExclusionOutcome {
  return work.seasonNumber !== null && work.addToImportExclusion ? 'not-applicable' : 'not-asked';
}

interface WholeItemApi {
  /** The item on the instance: its id and size now; null when the instance does not have it. */
  find(): Promise<{ readonly id: number; readonly sizeOnDisk: number } | null>;
  delete(id: number, withExclusion: boolean): Promise<'deleted' | 'not-found'>;
  exclude(): Promise<ArrExclusionOutcome>;
}

/** A whole movie or series: one delete carrying `deleteFiles` and the exclusion flag. */
async function pruneWhole(
  work: TargetWork,
  api: WholeItemApi,
  options: PruneRunOptions,
): Promise<TargetOutcome> {
  const asked = work.addToImportExclusion;
  let found: { readonly id: number; readonly sizeOnDisk: number } | null;
  try {
    found = await api.find();
  } catch (error) {
    return failedOutcome(
      work,
      null,
      `looking the item up failed, nothing was deleted: ${describeFailure(error)}`,
    );
  }
  if (found === null) return goneOutcome(work, null, await excludeSeparately(asked, api.exclude));
  let deleted: 'deleted' | 'not-found';
  try {
    deleted = await api.delete(found.id, asked);
  } catch (error) {
    // The delete may have taken effect, or (answer lost) may still: reads tell which, after the
    // same waits a PUT's confirmation uses when the answer was lost.
    const lost = answerLost(error);
    const after = await rereadUntil(api.find, (now) => now === null, lost, options);
    if (after !== null) {
      const state =
        after === undefined
          ? 'its state could not be read back'
          : lost
            ? 'it was still there at the last re-read'
            : 'it is still there';
      return failedOutcome(work, found.id, unsettled(error, lost, state));
    }
    return deletedOutcome(work, found, await excludeSeparately(asked, api.exclude));
  }
  if (deleted === 'not-found')
    return goneOutcome(work, found.id, await excludeSeparately(asked, api.exclude));
  return deletedOutcome(work, found, { exclusion: asked ? 'with-delete' : 'not-asked' });
}

function deletedOutcome(
  work: TargetWork,
  found: { readonly id: number; readonly sizeOnDisk: number },
  excluded: { exclusion: ExclusionOutcome; error?: string },
): TargetOutcome {
  return {
    connectionId: work.connectionId,
    status: excluded.error === undefined ? 'deleted' : 'failed',
    ...(excluded.error === undefined ? {} : { error: `deleted, but ${excluded.error}` }),
    bytesFreed: found.sizeOnDisk,
    exclusion: excluded.exclusion,
    externalId: found.id,
    removedWhole: true,
    deletedPaths: [],
    seasonUnmonitored: false,
  };
}

export async function pruneMovie(
  work: TargetWork,
  radarr: RadarrApi,
  options: PruneRunOptions,
): Promise<TargetOutcome> {
  const { tmdbId, title, year } = work.item;
  if (tmdbId === null) return failedOutcome(work, null, 'the catalog has no TMDB id for this movie');
  return pruneWhole(
    work,
    {
      find: () => radarr.findMovie(tmdbId),
      delete: (id, withExclusion) => radarr.deleteMovie(id, { addImportExclusion: withExclusion }),
      exclude: () => radarr.addExclusion({ tmdbId, title, year: year ?? 0 }),
    },
    options,
  );
}

export async function pruneSeries(
  work: TargetWork,
  sonarr: SonarrApi,
  options: PruneRunOptions,
): Promise<TargetOutcome> {
  const { tvdbId, title } = work.item;
  if (tvdbId === null) return failedOutcome(work, null, 'the catalog has no TVDB id for this series');
  return pruneWhole(
    work,
    {
      find: async () => {
        const series = await sonarr.findSeries(tvdbId);
        return series === null ? null : { id: series.id, sizeOnDisk: series.statistics.sizeOnDisk };
      },
      delete: (id, withExclusion) => sonarr.deleteSeries(id, { addImportListExclusion: withExclusion }),
      exclude: () => sonarr.addImportListExclusion({ tvdbId, title }),
    },
    options,
  );
}

/**
 * A season: PUT the series with the season unmonitored, read it back until it shows unmonitored,
 * only then delete the season's files (distinct ids, one bulk call). Deleting first would let
 * Sonarr download the season again.
 */
export async function pruneSeason(
  work: TargetWork & { readonly seasonNumber: number },
  sonarr: SonarrApi,
  options: PruneRunOptions,
): Promise<TargetOutcome> {
  const { tvdbId } = work.item;
  if (tvdbId === null) return failedOutcome(work, null, 'the catalog has no TVDB id for this series');
  const exclusion = exclusionNotTried(work);
  let series: SonarrSeriesResource | null;
  try {
    series = await sonarr.findSeries(tvdbId);
  } catch (error) {
    return failedOutcome(
      work,
      null,
      `looking the series up failed, nothing was changed: ${describeFailure(error)}`,
    );
  }
  const season = series?.seasons.find((entry) => entry.seasonNumber === work.seasonNumber);
  if (series === null || season === undefined)
    return { ...goneOutcome(work, series?.id ?? null, { exclusion }), removedWhole: series === null };
  const unmonitored = await unmonitorSeason(sonarr, series, work.seasonNumber, options);
  if (unmonitored !== true) return failedOutcome(work, series.id, unmonitored);
  return deleteSeasonFiles(work, sonarr, series.id, exclusion, options);
}

/** True once the season reads as unmonitored; otherwise why not (and nothing is deleted). */
async function unmonitorSeason(
  sonarr: SonarrApi,
  series: SonarrSeriesResource,
  seasonNumber: number,
  options: PruneRunOptions,
): Promise<true | string> {
  if (series.seasons.some((entry) => entry.seasonNumber === seasonNumber && !entry.monitored)) return true;
  let putFailure: string | undefined;
  try {
    await sonarr.updateSeries({
      ...series,
      seasons: series.seasons.map((entry) =>
        entry.seasonNumber === seasonNumber ? { ...entry, monitored: false } : entry,
      ),
    });
  } catch (error) {
    putFailure = describeFailure(error);
  }
  const sleep = sleeper(options);
  // Confirm even after a 202 (accepted is not applied), and after a failed PUT too: a slow PUT may
  // still land. Read at once, then again after each wait until the season reads unmonitored.
  const waits = [0, ...options.confirmWaitsMs];
  let lastReadFailure: string | undefined;
  for (const wait of waits) {
    if (wait > 0) await sleep(wait);
    try {
      const reread = await sonarr.getSeriesById(series.id);
      if (reread === null)
        return 'the series disappeared while its season was being unmonitored; nothing was deleted';
      const state = reread.seasons.find((entry) => entry.seasonNumber === seasonNumber);
      if (state === undefined || !state.monitored) return true;
    } catch (error) {
      lastReadFailure = describeFailure(error);
    }
  }
  const why = putFailure === undefined ? 'the PUT was accepted' : `the PUT failed (${putFailure})`;
  const read =
    lastReadFailure === undefined
      ? 'it still reads as monitored'
      : `reading it back failed (${lastReadFailure})`;
  return `could not confirm season ${seasonNumber} unmonitored: ${why} and ${read}; nothing was deleted`;
}
