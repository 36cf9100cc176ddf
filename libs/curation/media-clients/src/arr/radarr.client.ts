// Radarr v3, read-only: every movie with its file (size and cutoff in one request), and movie
// files by movie id, many ids per request.
import { mapWithConcurrency } from '../http/concurrency';
import { UNPAGED_LIST_LIMITS } from '../http/media-http';
import { ArrBaseClient } from './arr-base.client';
import type { ArrApi, ArrClientOptions } from './arr-base.client';
import { radarrMovieFilesSchema, radarrMoviesSchema } from './arr.schemas';
import type { RadarrMovie, RadarrMovieFile } from './arr.schemas';
import { DEFAULT_ARR_CONCURRENCY } from './sonarr.client';

export interface RadarrApi extends ArrApi {
  getMovies(): Promise<RadarrMovie[]>;
  getMovieFiles(movieIds: readonly number[]): Promise<RadarrMovieFile[]>;
}

/** Keeps the query string of a batch well under common URL length limits. */
const MOVIE_IDS_PER_REQUEST = 100;

export class RadarrClient extends ArrBaseClient implements RadarrApi {
  constructor(options: ArrClientOptions) {
    super('Radarr', options);
  }

  getMovies(): Promise<RadarrMovie[]> {
    return this.http.getJson({ path: '/api/v3/movie', ...UNPAGED_LIST_LIMITS }, radarrMoviesSchema);
  }

  async getMovieFiles(movieIds: readonly number[]): Promise<RadarrMovieFile[]> {
    const batches: number[][] = [];
    for (let index = 0; index < movieIds.length; index += MOVIE_IDS_PER_REQUEST) {
      batches.push(movieIds.slice(index, index + MOVIE_IDS_PER_REQUEST));
    }
    const perBatch = await mapWithConcurrency(batches, DEFAULT_ARR_CONCURRENCY, (batch) =>
      this.http.getJson({ path: '/api/v3/moviefile', query: { movieId: batch } }, radarrMovieFilesSchema),
    );
    return perBatch.flat();
  }
}
