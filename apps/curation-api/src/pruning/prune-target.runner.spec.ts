// How a target's delete is judged when its answer is not the plain success: a lost answer is
// re-read after the confirmation waits (the instance may still apply the delete) and, still there,
// recorded as an unknown outcome; a refusal is read once; a bulk 404 frees no byte.
import { MediaClientError } from '@platform/curation-media-clients';
import type { RadarrApi, RadarrMovie, SonarrApi, SonarrEpisodeFile } from '@platform/curation-media-clients';
import { deleteSeasonFiles } from './prune-season-files';
import { pruneMovie } from './prune-target.runner';
import { MATRIX } from './prune-unit.spec-helpers';

const movie = MATRIX;
const work = { connectionId: 'c1', item: movie, seasonNumber: null, addToImportExclusion: false };
const WAITS = [250, 1000, 4000];

/** A Radarr whose delete fails with `error` and whose movie disappears after `readsUntilGone` reads. */
function radarr(error: MediaClientError, readsUntilGone: number): { api: RadarrApi; reads: () => number } {
  let reads = 0;
  const held = { id: 5, sizeOnDisk: 100 } as Partial<RadarrMovie> as RadarrMovie;
  const api: Pick<RadarrApi, 'findMovie' | 'deleteMovie' | 'addExclusion'> = {
    findMovie: async () => {
      reads += 1;
      return reads > readsUntilGone ? null : held;
    },
    deleteMovie: async () => {
      throw error;
    },
    addExclusion: async () => 'added',
  };
  return { api: api as RadarrApi, reads: () => reads };
}

const timeout = new MediaClientError('timeout', 'radarr', 'DELETE /api/v3/movie/5 timed out after 1000 ms');

describe('a whole item whose delete answer was lost', () => {
  it('is deleted when a re-read after the waits finds it gone', async () => {
    const slept: number[] = [];
    // Look-up, then the immediate re-read and the one after 250 ms still see it; the next does not.
    const { api } = radarr(timeout, 3);
    const outcome = await pruneMovie(work, api, {
      confirmWaitsMs: WAITS,
      sleep: async (ms) => void slept.push(ms),
    });
    expect(outcome).toMatchObject({ status: 'deleted', bytesFreed: 100 });
    expect(slept).toEqual([250, 1000]);
  });

  it('fails as an unknown outcome, not "still there", when every re-read still finds it', async () => {
    const slept: number[] = [];
    const { api, reads } = radarr(timeout, Number.POSITIVE_INFINITY);
    const outcome = await pruneMovie(work, api, {
      confirmWaitsMs: WAITS,
      sleep: async (ms) => void slept.push(ms),
    });
    expect(outcome).toMatchObject({ status: 'failed', bytesFreed: 0 });
    expect(outcome.error).toMatch(/outcome is unknown.*timed out.*may still complete/);
    expect(slept).toEqual(WAITS);
    expect(reads()).toBe(1 + 1 + WAITS.length);
  });

  it('reads once after a refusal (an answered 500): the delete did not happen', async () => {
    const slept: number[] = [];
    const refused = new MediaClientError('bad-status', 'radarr', 'answered HTTP 500', 500);
    const { api, reads } = radarr(refused, Number.POSITIVE_INFINITY);
    const outcome = await pruneMovie(work, api, {
      confirmWaitsMs: WAITS,
      sleep: async (ms) => void slept.push(ms),
    });
    expect(outcome.error).toMatch(/the delete failed .*500.*; it is still there/);
    expect(slept).toEqual([]);
    expect(reads()).toBe(2);
  });
});

const file = (id: number, size: number, seasonNumber = 1) =>
  ({
    id,
    seriesId: 9,
    seasonNumber,
    path: `/tv/s${seasonNumber}/e${id}.mkv`,
    size,
  }) as Partial<SonarrEpisodeFile> as SonarrEpisodeFile;

/** A Sonarr listing `before` until the bulk delete, then `after`; the bulk delete answers `answer`. */
function sonarr(
  before: SonarrEpisodeFile[],
  after: SonarrEpisodeFile[],
  answer: () => Promise<'deleted' | 'not-found'>,
): SonarrApi {
  let deleteSent = false;
  const api: Pick<SonarrApi, 'getEpisodeFiles' | 'deleteEpisodeFiles'> = {
    getEpisodeFiles: async () => (deleteSent ? after : before),
    deleteEpisodeFiles: () => {
      deleteSent = true;
      return answer();
    },
  };
  return api as SonarrApi;
}

const seasonWork = { ...work, item: { ...movie, mediaType: 'series' as const }, seasonNumber: 1 };
const options = { confirmWaitsMs: WAITS, sleep: async () => undefined };
const files = [file(1, 10), file(2, 20)];

describe("a season's bulk delete answered 404", () => {
  it('frees nothing and fails when the files are still there', async () => {
    const api = sonarr(files, [...files, file(3, 5, 2)], async () => 'not-found');
    const outcome = await deleteSeasonFiles(seasonWork, api, 9, 'not-asked', options);
    expect(outcome).toMatchObject({ status: 'failed', bytesFreed: 0, deletedPaths: [] });
    expect(outcome.error).toMatch(/answered 404.*2 of 2 files are still there/);
  });

  it('is already_gone, freeing nothing, when none of the files is listed any more', async () => {
    const api = sonarr(files, [file(3, 5, 2)], async () => 'not-found');
    const outcome = await deleteSeasonFiles(seasonWork, api, 9, 'not-asked', options);
    expect(outcome).toMatchObject({
      status: 'already_gone',
      bytesFreed: 0,
      deletedPaths: files.map((entry) => entry.path),
    });
  });
});

describe("a season's bulk delete whose answer was lost", () => {
  it('counts every file once a re-read after the waits finds them gone', async () => {
    let reads = 0;
    const api: Pick<SonarrApi, 'getEpisodeFiles' | 'deleteEpisodeFiles'> = {
      getEpisodeFiles: async () => {
        reads += 1;
        return reads <= 2 ? files : [];
      },
      deleteEpisodeFiles: async () => {
        throw new MediaClientError('timeout', 'sonarr', 'DELETE /api/v3/episodefile/bulk timed out');
      },
    };
    const outcome = await deleteSeasonFiles(seasonWork, api as SonarrApi, 9, 'not-asked', options);
    expect(outcome).toMatchObject({ status: 'deleted', bytesFreed: 30 });
  });
});
