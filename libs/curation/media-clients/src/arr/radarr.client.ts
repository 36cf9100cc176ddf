// Radarr v3: every movie with its file (size and cutoff in one request), movie files by movie id,
// many ids per request; and for pruning, one movie by TMDB id, its delete (files and exclusion
// flag on the same call) and an import exclusion on its own.
import { mapWithConcurrency } from '../http/concurrency';
import { UNPAGED_LIST_LIMITS } from '../http/media-http';
import { ArrBaseClient } from './arr-base.client';
import type { ArrApi, ArrClientOptions, ArrDeleteOutcome, ArrExclusionOutcome } from './arr-base.client';
import { radarrMovieFilesSchema, radarrMoviesSchema } from './arr.schemas';
import type { RadarrMovie, RadarrMovieFile } from './arr.schemas';
import { DEFAULT_ARR_CONCURRENCY } from './sonarr.client';

export interface RadarrApi extends ArrApi {
  getMovies(): Promise<RadarrMovie[]>;
  getMovieFiles(movieIds: readonly number[]): Promise<RadarrMovieFile[]>;
  /** The movie with this TMDB id, null when the instance has none. */
  findMovie(tmdbId: number): Promise<RadarrMovie | null>;
  /** Deletes the movie and its files (`deleteFiles=true`), with the import exclusion when asked. */
  deleteMovie(movieId: number, options: { readonly addImportExclusion: boolean }): Promise<ArrDeleteOutcome>;
  addExclusion(movie: {
    readonly tmdbId: number;
    readonly title: string;
    readonly year: number;
  }): Promise<ArrExclusionOutcome>;
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

  async findMovie(tmdbId: number): Promise<RadarrMovie | null> {
    const movies = await this.http.getJson({ path: '/api/v3/movie', query: { tmdbId } }, radarrMoviesSchema);
    return movies.find((movie) => movie.tmdbId === tmdbId) ?? null;
  }

  deleteMovie(movieId: number, options: { readonly addImportExclusion: boolean }): Promise<ArrDeleteOutcome> {
    return this.deleteResource(`/api/v3/movie/${movieId}`, {
      deleteFiles: true,
      addImportExclusion: options.addImportExclusion,
    });
  }

  addExclusion(movie: {
    readonly tmdbId: number;
    readonly title: string;
    readonly year: number;
  }): Promise<ArrExclusionOutcome> {
    return this.addExclusionAt('/api/v3/exclusions', {
      tmdbId: movie.tmdbId,
      movieTitle: movie.title,
      movieYear: movie.year,
    });
  }
}
