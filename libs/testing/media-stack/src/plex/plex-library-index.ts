// The Plex server's view of the generated library: every ratingKey resolved to its movie, show,
// season or episode, the sections' item lists, and the per-account watch state derived from history.
import type {
  LibraryEpisode,
  LibraryMovie,
  LibrarySeason,
  LibrarySeries,
  MediaLibrary,
  PlayRecord,
} from '../library/media-library.types';

export const MOVIE_SECTION = {
  key: '1',
  type: 'movie',
  title: 'Movies',
  uuid: 'b1d3e0a4-5c1a-4f0e-9c7e-6f0a4f3d6a01',
} as const;
export const SHOW_SECTION = {
  key: '2',
  type: 'show',
  title: 'TV Shows',
  uuid: 'c2e4f1b5-6d2b-4a1f-8d8f-7a1b5a4e7b02',
} as const;
/** A music library: present on real servers, to be ignored by video clients. */
export const MUSIC_SECTION = {
  key: '3',
  type: 'artist',
  title: 'Music',
  uuid: 'd3f5a2c6-7e3c-4b2a-9e9a-8b2c6b5f8c03',
} as const;
export const SECTIONS = [MOVIE_SECTION, SHOW_SECTION, MUSIC_SECTION] as const;

export type PlexEntity =
  | { readonly kind: 'movie'; readonly ratingKey: number; readonly movie: LibraryMovie }
  | { readonly kind: 'show'; readonly ratingKey: number; readonly series: LibrarySeries }
  | {
      readonly kind: 'season';
      readonly ratingKey: number;
      readonly series: LibrarySeries;
      readonly season: LibrarySeason;
    }
  | {
      readonly kind: 'episode';
      readonly ratingKey: number;
      readonly series: LibrarySeries;
      readonly season: LibrarySeason;
      readonly episode: LibraryEpisode;
    };

export interface WatchState {
  viewCount: number;
  lastViewedAt: number;
}

export class PlexLibraryIndex {
  readonly byRatingKey = new Map<number, PlexEntity>();
  readonly movies: number[] = [];
  readonly shows: number[] = [];
  readonly seasons: number[] = [];
  readonly episodes: number[] = [];
  private readonly watchCache = new Map<number, Map<number, WatchState>>();

  constructor(library: MediaLibrary) {
    for (const movie of library.movies) {
      if (movie.plex === null) continue;
      this.add({ kind: 'movie', ratingKey: movie.plex.ratingKey, movie }, this.movies);
    }
    for (const series of library.series) {
      if (series.plex === null) continue;
      this.add({ kind: 'show', ratingKey: series.plex.ratingKey, series }, this.shows);
      for (const season of series.seasons) {
        if (season.plex === null) continue;
        this.add({ kind: 'season', ratingKey: season.plex.ratingKey, series, season }, this.seasons);
        for (const episode of season.episodes) {
          if (episode.plex === null) continue;
          this.add(
            { kind: 'episode', ratingKey: episode.plex.ratingKey, series, season, episode },
            this.episodes,
          );
        }
      }
    }
  }

  private add(entity: PlexEntity, list: number[]): void {
    this.byRatingKey.set(entity.ratingKey, entity);
    list.push(entity.ratingKey);
  }

  /** A movie Plex scanned in after the library was generated. */
  addMovie(movie: LibraryMovie): void {
    if (movie.plex === null) throw new Error('a movie Plex adds needs its Plex presence');
    if (this.byRatingKey.has(movie.plex.ratingKey))
      throw new Error(`ratingKey ${movie.plex.ratingKey} is taken`);
    this.add({ kind: 'movie', ratingKey: movie.plex.ratingKey, movie }, this.movies);
  }

  /** The movie or episode holding this Plex version, if any. */
  holderOfMedia(mediaId: number): PlexEntity | undefined {
    for (const entity of this.byRatingKey.values()) {
      const versions =
        entity.kind === 'movie'
          ? entity.movie.plex?.versions
          : entity.kind === 'episode'
            ? entity.episode.plex?.versions
            : undefined;
      if (versions?.some((version) => version.mediaId === mediaId) === true) return entity;
    }
    return undefined;
  }

  entity(ratingKey: number): PlexEntity {
    const entity = this.byRatingKey.get(ratingKey);
    if (entity === undefined) throw new Error(`no Plex item with ratingKey ${ratingKey}`);
    return entity;
  }

  /** Episode rating keys under a show or season (itself for an episode or movie). */
  leavesOf(entity: PlexEntity): number[] {
    switch (entity.kind) {
      case 'movie':
      case 'episode':
        return [entity.ratingKey];
      case 'season':
        return entity.season.episodes.flatMap((episode) =>
          episode.plex === null ? [] : [episode.plex.ratingKey],
        );
      case 'show':
        return entity.series.seasons.flatMap((season) =>
          season.episodes.flatMap((episode) => (episode.plex === null ? [] : [episode.plex.ratingKey])),
        );
    }
  }

  /** Plays per ratingKey for one account: what Plex reports as viewCount to that account's token. */
  watchStateFor(accountId: number, history: readonly PlayRecord[]): Map<number, WatchState> {
    const cached = this.watchCache.get(accountId);
    if (cached !== undefined) return cached;
    const states = new Map<number, WatchState>();
    for (const play of history) {
      if (play.localAccountId !== accountId) continue;
      const state = states.get(play.ratingKey);
      if (state === undefined) states.set(play.ratingKey, { viewCount: 1, lastViewedAt: play.viewedAt });
      else {
        state.viewCount += 1;
        state.lastViewedAt = Math.max(state.lastViewedAt, play.viewedAt);
      }
    }
    this.watchCache.set(accountId, states);
    return states;
  }

  forgetWatchState(): void {
    this.watchCache.clear();
  }
}

/** The section an item lives in. */
export function sectionKeyOf(entity: PlexEntity): string {
  return entity.kind === 'movie' ? MOVIE_SECTION.key : SHOW_SECTION.key;
}

/** A stable `plex://` guid per item: Plex's own guids are 24 hex digits. */
export function plexGuid(kind: PlexEntity['kind'], ratingKey: number): string {
  let hash = (ratingKey * 2654435761) >>> 0;
  let hex = '';
  for (let round = 0; round < 3; round += 1) {
    hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
    hex += hash.toString(16).padStart(8, '0');
  }
  return `plex://${kind}/${hex}`;
}
