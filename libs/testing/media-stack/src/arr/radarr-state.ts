// One Radarr instance's mutable state, built from the generated library: movies with their
// monitored flag and profile, movie files, and import exclusions.
import type {
  ArrInstanceIdentity,
  LibraryMovie,
  MediaFile,
  RadarrCopy,
} from '../library/media-library.types';

export interface RadarrMovieState {
  readonly id: number;
  readonly movie: LibraryMovie;
  readonly copy: RadarrCopy;
  monitored: boolean;
  qualityProfileId: number;
  fileId: number | null;
}

export interface RadarrFileState {
  readonly id: number;
  readonly movieId: number;
  readonly file: MediaFile;
}

export interface RadarrExclusion {
  readonly id: number;
  readonly tmdbId: number;
  readonly movieTitle: string;
  readonly movieYear: number;
}

export class RadarrState {
  readonly movies = new Map<number, RadarrMovieState>();
  readonly files = new Map<number, RadarrFileState>();
  readonly exclusions: RadarrExclusion[] = [];
  /** Paths of files removed from disk through the API. */
  readonly deletedFilePaths: string[] = [];
  private nextExclusionId = 1;

  constructor(
    readonly instance: ArrInstanceIdentity,
    movies: readonly LibraryMovie[],
  ) {
    for (const movie of movies) {
      if (movie.radarr.some((candidate) => candidate.instance === instance.kind)) this.addMovie(movie);
    }
  }

  /** A movie added to the instance after the library was generated, with its copy here (and file, if any). */
  addMovie(movie: LibraryMovie): void {
    const copy = movie.radarr.find((candidate) => candidate.instance === this.instance.kind);
    if (copy === undefined) throw new Error(`the movie has no ${this.instance.kind} Radarr copy`);
    if (this.movies.has(copy.movieId)) throw new Error(`movie id ${copy.movieId} is taken`);
    this.movies.set(copy.movieId, {
      id: copy.movieId,
      movie,
      copy,
      monitored: copy.monitored,
      qualityProfileId: copy.qualityProfileId,
      fileId: copy.file?.fileId ?? null,
    });
    if (copy.file !== null)
      this.files.set(copy.file.fileId, { id: copy.file.fileId, movieId: copy.movieId, file: copy.file.file });
  }

  deleteFile(fileId: number): boolean {
    const file = this.files.get(fileId);
    if (file === undefined) return false;
    this.files.delete(fileId);
    this.deletedFilePaths.push(file.file.path);
    const movie = this.movies.get(file.movieId);
    if (movie !== undefined) movie.fileId = null;
    return true;
  }

  deleteMovie(movieId: number, deleteFiles: boolean, addExclusion: boolean): boolean {
    const movie = this.movies.get(movieId);
    if (movie === undefined) return false;
    if (movie.fileId !== null) {
      if (deleteFiles) this.deleteFile(movie.fileId);
      else this.files.delete(movie.fileId);
    }
    this.movies.delete(movieId);
    if (addExclusion && !this.hasExclusion(movie.movie.tmdbId))
      this.addExclusion(movie.movie.tmdbId, movie.movie.title, movie.movie.year);
    return true;
  }

  hasExclusion(tmdbId: number): boolean {
    return this.exclusions.some((exclusion) => exclusion.tmdbId === tmdbId);
  }

  addExclusion(tmdbId: number, movieTitle: string, movieYear: number): RadarrExclusion {
    const exclusion = { id: this.nextExclusionId++, tmdbId, movieTitle, movieYear };
    this.exclusions.push(exclusion);
    return exclusion;
  }
}
