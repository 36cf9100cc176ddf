// The last step of a season prune, once the season reads unmonitored (prune-target.runner.ts):
// list the season's files, delete them in one bulk call, and count as freed only the bytes of files
// that are really gone: all of them after a success, exactly those a re-list no longer shows after
// a failure or a lost answer, none after a 404 (the call deleted nothing it was given).
import type { SonarrApi, SonarrEpisodeFile } from '@platform/curation-media-clients';
import type { ExclusionOutcome, TargetOutcome } from './prune-plan';
import type { PruneRunOptions } from './prune-rereads';
import { answerLost, describeFailure, rereadUntil, unsettled } from './prune-rereads';
import type { TargetWork } from './prune-target.runner';

export async function deleteSeasonFiles(
  work: TargetWork & { readonly seasonNumber: number },
  sonarr: SonarrApi,
  seriesId: number,
  exclusion: ExclusionOutcome,
  options: PruneRunOptions,
): Promise<TargetOutcome> {
  const base = {
    connectionId: work.connectionId,
    exclusion,
    externalId: seriesId,
    removedWhole: false,
    seasonUnmonitored: true,
  };
  let files: SonarrEpisodeFile[];
  try {
    files = distinctSeasonFiles(await sonarr.getEpisodeFiles(seriesId), work.seasonNumber);
  } catch (error) {
    return {
      ...base,
      status: 'failed',
      bytesFreed: 0,
      deletedPaths: [],
      error: `the season is unmonitored, but listing its files failed: ${describeFailure(error)}`,
    };
  }
  if (files.length === 0) return { ...base, status: 'already_gone', bytesFreed: 0, deletedPaths: [] };
  let answer: 'deleted' | 'not-found';
  try {
    answer = await sonarr.deleteEpisodeFiles(files.map((file) => file.id));
  } catch (error) {
    // Some or all may be gone even so, or (answer lost) may still go: what is left says which.
    const lost = answerLost(error);
    const left = await rereadUntil(
      () => sonarr.getEpisodeFiles(seriesId),
      (now) => goneOf(files, now).length === files.length,
      lost,
      options,
    );
    if (left === undefined)
      return { ...base, ...NOTHING_DELETED, error: unsettled(error, lost, 'what is left could not be read') };
    const gone = goneOf(files, left);
    const complete = gone.length === files.length;
    const state = `${gone.length} of ${files.length} files were gone at the last re-read`;
    return {
      ...base,
      status: complete ? 'deleted' : 'failed',
      bytesFreed: sum(gone),
      deletedPaths: gone.map((file) => file.path),
      ...(complete ? {} : { error: unsettled(error, lost, state) }),
    };
  }
  if (answer === 'deleted')
    return {
      ...base,
      status: 'deleted',
      bytesFreed: sum(files),
      deletedPaths: files.map((file) => file.path),
    };
  return afterBulkNotFound(base, files, sonarr, seriesId);
}

const NOTHING_DELETED = { status: 'failed', bytesFreed: 0, deletedPaths: [] } as const;

/**
 * The bulk delete answered 404: it did not delete what it was given, so no byte is counted freed.
 * The files a re-list no longer shows leave the catalog; none left means the season was already
 * gone (as a whole item's 404 is), any left means the prune failed.
 */
async function afterBulkNotFound(
  base: Pick<
    TargetOutcome,
    'connectionId' | 'exclusion' | 'externalId' | 'removedWhole' | 'seasonUnmonitored'
  >,
  files: readonly SonarrEpisodeFile[],
  sonarr: SonarrApi,
  seriesId: number,
): Promise<TargetOutcome> {
  const failure = "deleting the season's files answered 404 (not found)";
  let left: SonarrEpisodeFile[];
  try {
    left = await sonarr.getEpisodeFiles(seriesId);
  } catch (error) {
    return {
      ...base,
      ...NOTHING_DELETED,
      error: `${failure}; what is left could not be read (${describeFailure(error)})`,
    };
  }
  const gone = goneOf(files, left);
  const deletedPaths = gone.map((file) => file.path);
  if (gone.length === files.length) return { ...base, status: 'already_gone', bytesFreed: 0, deletedPaths };
  return {
    ...base,
    status: 'failed',
    bytesFreed: 0,
    deletedPaths,
    error: `${failure}; ${files.length - gone.length} of ${files.length} files are still there`,
  };
}

/** Which of `files` a later listing no longer shows. */
function goneOf(
  files: readonly SonarrEpisodeFile[],
  listed: readonly SonarrEpisodeFile[],
): SonarrEpisodeFile[] {
  const remaining = new Set(listed.map((file) => file.id));
  return files.filter((file) => !remaining.has(file.id));
}

/** The season's files, each once: a multi-episode file is one file with one id. */
function distinctSeasonFiles(files: readonly SonarrEpisodeFile[], seasonNumber: number): SonarrEpisodeFile[] {
  const byId = new Map<number, SonarrEpisodeFile>();
  for (const file of files) if (file.seasonNumber === seasonNumber) byId.set(file.id, file);
  return [...byId.values()];
}

function sum(files: readonly SonarrEpisodeFile[]): number {
  return files.reduce((total, file) => total + file.size, 0);
}
