// Renders library items as Plex Media Server `Metadata` entries (the JSON shape; XML uses the same
// fields as attributes). viewCount and lastViewedAt are the requesting token's own, as on a real server.
import type { LibraryUser, PlexVersion } from '../library/media-library.types';
import { frameSize } from '../library/qualities';
import { MOVIE_SECTION, SHOW_SECTION, plexGuid } from './plex-library-index';
import type { PlexEntity, PlexLibraryIndex, WatchState } from './plex-library-index';

export interface RenderOptions {
  readonly includeGuids: boolean;
  /** The requesting account's plays, keyed by ratingKey. */
  readonly watched: ReadonlyMap<number, WatchState>;
  readonly removedMediaIds: ReadonlySet<number>;
}

type Json = Record<string, unknown>;

export function renderMetadata(index: PlexLibraryIndex, entity: PlexEntity, options: RenderOptions): Json {
  switch (entity.kind) {
    case 'movie':
      return renderMovie(entity, options);
    case 'show':
      return renderShow(index, entity, options);
    case 'season':
      return renderSeason(index, entity, options);
    case 'episode':
      return renderEpisode(entity, options);
  }
}

function renderMovie(entity: Extract<PlexEntity, { kind: 'movie' }>, options: RenderOptions): Json {
  const { movie, ratingKey } = entity;
  const plex = movie.plex;
  if (plex === null) throw new Error(`movie ${movie.title} is not in Plex`);
  const media = renderMedia(plex.versions, options);
  const unmatched = movie.radarr.length === 0 && ratingKey % 3 === 0;
  return {
    ratingKey: String(ratingKey),
    key: `/library/metadata/${ratingKey}`,
    guid: unmatched ? `local://${ratingKey}` : plexGuid('movie', ratingKey),
    type: 'movie',
    title: movie.title,
    titleSort: sortTitle(movie.title),
    studio: movie.studio,
    librarySectionID: Number(MOVIE_SECTION.key),
    librarySectionKey: `/library/sections/${MOVIE_SECTION.key}`,
    librarySectionTitle: MOVIE_SECTION.title,
    summary: '',
    year: movie.year,
    originallyAvailableAt: movie.originallyAvailableAt,
    thumb: `/library/metadata/${ratingKey}/thumb/${plex.updatedAt}`,
    duration: plex.versions[0]?.file.durationMs,
    addedAt: plex.addedAt,
    updatedAt: plex.updatedAt,
    ...viewState(options.watched.get(ratingKey)),
    ...(options.includeGuids && !unmatched ? { Guid: externalGuids(movie.imdbId, movie.tmdbId, null) } : {}),
    ...(media.length > 0 ? { Media: media } : {}),
  };
}

function renderShow(
  index: PlexLibraryIndex,
  entity: Extract<PlexEntity, { kind: 'show' }>,
  options: RenderOptions,
): Json {
  const { series, ratingKey } = entity;
  const plex = series.plex;
  if (plex === null) throw new Error(`series ${series.title} is not in Plex`);
  const leaves = index.leavesOf(entity);
  const totals = aggregate(leaves, options.watched);
  return {
    ratingKey: String(ratingKey),
    key: `/library/metadata/${ratingKey}/children`,
    guid: plexGuid('show', ratingKey),
    type: 'show',
    title: series.title,
    titleSort: sortTitle(series.title),
    studio: series.network,
    librarySectionID: Number(SHOW_SECTION.key),
    librarySectionKey: `/library/sections/${SHOW_SECTION.key}`,
    librarySectionTitle: SHOW_SECTION.title,
    summary: '',
    index: 1,
    year: series.year,
    thumb: `/library/metadata/${ratingKey}/thumb/${plex.updatedAt}`,
    leafCount: leaves.length,
    viewedLeafCount: totals.viewedLeaves,
    childCount: series.seasons.filter((season) => season.plex !== null).length,
    addedAt: plex.addedAt,
    updatedAt: plex.updatedAt,
    ...viewState(totals.state),
    ...(options.includeGuids ? { Guid: externalGuids(series.imdbId, series.tmdbId, series.tvdbId) } : {}),
  };
}

function renderSeason(
  index: PlexLibraryIndex,
  entity: Extract<PlexEntity, { kind: 'season' }>,
  options: RenderOptions,
): Json {
  const { series, season, ratingKey } = entity;
  const showKey = series.plex?.ratingKey ?? 0;
  const leaves = index.leavesOf(entity);
  const totals = aggregate(leaves, options.watched);
  return {
    ratingKey: String(ratingKey),
    key: `/library/metadata/${ratingKey}/children`,
    parentRatingKey: String(showKey),
    parentKey: `/library/metadata/${showKey}`,
    parentTitle: series.title,
    guid: plexGuid('season', ratingKey),
    type: 'season',
    title: `Season ${season.seasonNumber}`,
    librarySectionID: Number(SHOW_SECTION.key),
    librarySectionTitle: SHOW_SECTION.title,
    summary: '',
    index: season.seasonNumber,
    parentIndex: 1,
    parentYear: series.year,
    thumb: `/library/metadata/${ratingKey}/thumb/${season.plex?.updatedAt ?? 0}`,
    leafCount: leaves.length,
    viewedLeafCount: totals.viewedLeaves,
    addedAt: season.plex?.addedAt ?? 0,
    updatedAt: season.plex?.updatedAt ?? 0,
    ...viewState(totals.state),
  };
}

function renderEpisode(entity: Extract<PlexEntity, { kind: 'episode' }>, options: RenderOptions): Json {
  const { series, season, episode, ratingKey } = entity;
  const plex = episode.plex;
  if (plex === null) throw new Error(`episode ${ratingKey} is not in Plex`);
  const showKey = series.plex?.ratingKey ?? 0;
  const seasonKey = season.plex?.ratingKey ?? 0;
  const media = renderMedia(plex.versions, options);
  return {
    ratingKey: String(ratingKey),
    key: `/library/metadata/${ratingKey}`,
    parentRatingKey: String(seasonKey),
    grandparentRatingKey: String(showKey),
    parentKey: `/library/metadata/${seasonKey}`,
    grandparentKey: `/library/metadata/${showKey}`,
    guid: plexGuid('episode', ratingKey),
    type: 'episode',
    title: `Episode ${episode.episodeNumber}`,
    grandparentTitle: series.title,
    parentTitle: `Season ${season.seasonNumber}`,
    librarySectionID: Number(SHOW_SECTION.key),
    librarySectionTitle: SHOW_SECTION.title,
    summary: '',
    index: episode.episodeNumber,
    parentIndex: season.seasonNumber,
    year: new Date(episode.airedAt * 1000).getUTCFullYear(),
    originallyAvailableAt: new Date(episode.airedAt * 1000).toISOString().slice(0, 10),
    thumb: `/library/metadata/${ratingKey}/thumb/${plex.updatedAt}`,
    duration: plex.versions[0]?.file.durationMs,
    addedAt: plex.addedAt,
    updatedAt: plex.updatedAt,
    ...viewState(options.watched.get(ratingKey)),
    ...(options.includeGuids
      ? {
          Guid: [
            { id: `tvdb://${series.tvdbId * 1000 + season.seasonNumber * 100 + episode.episodeNumber}` },
          ],
        }
      : {}),
    ...(media.length > 0 ? { Media: media } : {}),
  };
}

function renderMedia(versions: readonly PlexVersion[], options: RenderOptions): Json[] {
  return versions
    .filter((version) => !options.removedMediaIds.has(version.mediaId))
    .map(({ mediaId, partId, file }) => {
      const frame = frameSize(file.resolution);
      const bitrate = Math.round((file.size * 8) / (file.durationMs / 1000) / 1000);
      return {
        id: mediaId,
        duration: file.durationMs,
        bitrate,
        width: frame.width,
        height: frame.height,
        aspectRatio: Math.round((frame.width / frame.height) * 100) / 100,
        audioChannels: 6,
        audioCodec: 'eac3',
        videoCodec: file.videoCodec,
        ...(file.resolution === null ? {} : { videoResolution: file.resolution }),
        container: file.container,
        videoFrameRate: '24p',
        Part: [
          {
            id: partId,
            key: `/library/parts/${partId}/${file.addedAt}/file.${file.container}`,
            duration: file.durationMs,
            file: file.path,
            size: file.size,
            container: file.container,
          },
        ],
      };
    });
}

function externalGuids(imdbId: string | null, tmdbId: number, tvdbId: number | null): Json[] {
  return [
    ...(imdbId === null ? [] : [{ id: `imdb://${imdbId}` }]),
    { id: `tmdb://${tmdbId}` },
    ...(tvdbId === null ? [] : [{ id: `tvdb://${tvdbId}` }]),
  ];
}

/** Plex leaves viewCount and lastViewedAt out entirely for items the account never played. */
function viewState(state: WatchState | undefined): Json {
  return state === undefined ? {} : { viewCount: state.viewCount, lastViewedAt: state.lastViewedAt };
}

function aggregate(
  leaves: readonly number[],
  watched: ReadonlyMap<number, WatchState>,
): { viewedLeaves: number; state: WatchState | undefined } {
  let viewedLeaves = 0;
  let state: WatchState | undefined;
  for (const leaf of leaves) {
    const leafState = watched.get(leaf);
    if (leafState === undefined) continue;
    viewedLeaves += 1;
    state = {
      viewCount: (state?.viewCount ?? 0) + leafState.viewCount,
      lastViewedAt: Math.max(state?.lastViewedAt ?? 0, leafState.lastViewedAt),
    };
  }
  return { viewedLeaves, state };
}

/** Plex sorts titles without a leading article. */
function sortTitle(title: string): string {
  return title.replace(/^(the|a|an)\s+/i, '');
}

/** An entry of `/accounts`: local ids (the owner is 1) and local names. */
export function renderAccount(user: LibraryUser): Record<string, unknown> {
  return {
    id: user.localAccountId,
    key: `/accounts/${user.localAccountId}`,
    name: user.kind === 'owner' ? (user.username ?? user.title) : user.title,
    defaultAudioLanguage: 'en',
    autoSelectAudio: true,
    defaultSubtitleLanguage: 'en',
    subtitleMode: 0,
    thumb: `https://plex.tv/users/${user.uuid}/avatar`,
  };
}
