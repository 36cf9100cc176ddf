// Overseerr's (and Jellyseerr's) view of the library: its users (imported from Plex), one media row
// per requested title with availability and links to Plex and the *arr instances, and the requests.
import type { LibraryRequest, LibraryUser, MediaLibrary } from '../library/media-library.types';

export interface OverseerrMedia {
  readonly id: number;
  readonly mediaType: 'movie' | 'tv';
  readonly tmdbId: number;
  readonly tvdbId: number | null;
  readonly imdbId: string | null;
  /** 1 unknown, 2 pending, 3 processing, 4 partially available, 5 available. */
  status: number;
  status4k: number;
  readonly ratingKey: string | null;
  readonly ratingKey4k: string | null;
  readonly externalServiceId: number | null;
  readonly externalServiceId4k: number | null;
  readonly createdAt: number;
  updatedAt: number;
  readonly mediaAddedAt: number | null;
}

export class OverseerrState {
  readonly users: LibraryUser[];
  readonly media = new Map<number, OverseerrMedia>();
  readonly requests: LibraryRequest[];

  constructor(library: MediaLibrary) {
    this.users = library.users.filter((user) => user.overseerrUserId !== null);
    this.requests = [...library.requests];
    for (const request of library.requests) {
      if (this.media.has(request.mediaId)) continue;
      this.media.set(request.mediaId, mediaFor(library, request));
    }
  }

  userByPlexId(plexId: number): LibraryUser | undefined {
    return this.users.find((user) => user.plexId === plexId);
  }

  /** What "Clear data" does in Overseerr: the media row and its requests go, so the title can be requested again. */
  deleteMedia(mediaId: number): boolean {
    if (!this.media.delete(mediaId)) return false;
    for (let index = this.requests.length - 1; index >= 0; index -= 1) {
      if (this.requests[index]?.mediaId === mediaId) this.requests.splice(index, 1);
    }
    return true;
  }

  deleteRequest(requestId: number): boolean {
    const index = this.requests.findIndex((request) => request.requestId === requestId);
    if (index < 0) return false;
    this.requests.splice(index, 1);
    return true;
  }
}

function mediaFor(library: MediaLibrary, request: LibraryRequest): OverseerrMedia {
  const pendingOnly = library.requests.every(
    (other) => other.mediaId !== request.mediaId || other.status === 1,
  );
  const fallbackStatus = pendingOnly ? 2 : 3;
  if (request.target.kind === 'movie') {
    const movie = library.movies[request.target.movieIndex];
    if (movie === undefined) throw new Error(`request ${request.requestId} names no movie`);
    const hd = movie.radarr.find((copy) => copy.instance === 'hd');
    const uhd = movie.radarr.find((copy) => copy.instance === '4k');
    return {
      id: request.mediaId,
      mediaType: 'movie',
      tmdbId: movie.tmdbId,
      tvdbId: null,
      imdbId: movie.imdbId,
      status: movie.plex !== null ? 5 : fallbackStatus,
      status4k: uhd?.file ? 5 : 1,
      ratingKey: movie.plex === null ? null : String(movie.plex.ratingKey),
      ratingKey4k: uhd?.file && movie.plex !== null ? String(movie.plex.ratingKey) : null,
      externalServiceId: hd?.movieId ?? null,
      externalServiceId4k: uhd?.movieId ?? null,
      createdAt: request.createdAt,
      updatedAt: request.updatedAt,
      mediaAddedAt: movie.plex?.addedAt ?? null,
    };
  }
  const series = library.series[request.target.seriesIndex];
  if (series === undefined) throw new Error(`request ${request.requestId} names no series`);
  const hd = series.sonarr.find((copy) => copy.instance === 'hd');
  const uhd = series.sonarr.find((copy) => copy.instance === '4k');
  const episodes = series.seasons.flatMap((season) => season.episodes);
  const inPlex = episodes.filter((episode) => episode.plex !== null).length;
  return {
    id: request.mediaId,
    mediaType: 'tv',
    tmdbId: series.tmdbId,
    tvdbId: series.tvdbId,
    imdbId: series.imdbId,
    status: inPlex === 0 ? fallbackStatus : inPlex === episodes.length ? 5 : 4,
    status4k: uhd !== undefined && uhd.files.length > 0 ? 5 : 1,
    ratingKey: series.plex === null ? null : String(series.plex.ratingKey),
    ratingKey4k: uhd !== undefined && series.plex !== null ? String(series.plex.ratingKey) : null,
    externalServiceId: hd?.seriesId ?? null,
    externalServiceId4k: uhd?.seriesId ?? null,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    mediaAddedAt: series.plex?.addedAt ?? null,
  };
}
