// Radarr v3 resources: MovieResource with its file, size and statistics, MovieFileResource with
// qualityCutoffNotMet, and import exclusions.
import { folderName } from '../library/names';
import { isBelowCutoff } from '../library/qualities';
import { isoTime, mediaInfoResource, qualityModel } from './arr-common';
import type { RadarrExclusion, RadarrFileState, RadarrMovieState, RadarrState } from './radarr-state';

export function renderMovie(state: RadarrState, movie: RadarrMovieState): Record<string, unknown> {
  const { movie: item } = movie;
  const file = movie.fileId === null ? undefined : state.files.get(movie.fileId);
  const folder = folderName(item.title, item.year);
  const root = state.instance.kind === '4k' ? '/data/movies-4k' : '/data/movies';
  const size = file?.file.size ?? 0;
  const released = `${item.originallyAvailableAt}T00:00:00Z`;
  return {
    id: movie.id,
    title: item.title,
    originalTitle: item.title,
    originalLanguage: { id: 1, name: 'English' },
    alternateTitles: [],
    secondaryYearSourceId: 0,
    sortTitle: item.title.toLowerCase().replace(/^(the|a|an)\s+/, ''),
    sizeOnDisk: size,
    status: 'released',
    overview: '',
    inCinemas: released,
    physicalRelease: released,
    digitalRelease: released,
    releaseDate: released,
    images: [],
    website: '',
    year: item.year,
    youTubeTrailerId: '',
    studio: item.studio,
    path: `${root}/${folder}`,
    qualityProfileId: movie.qualityProfileId,
    hasFile: file !== undefined,
    movieFileId: file?.id ?? 0,
    monitored: movie.monitored,
    minimumAvailability: 'released',
    isAvailable: true,
    folderName: `${root}/${folder}`,
    runtime: Math.round((file?.file.durationMs ?? 6_000_000) / 60_000),
    cleanTitle: item.title.toLowerCase().replace(/[^a-z0-9]/g, ''),
    ...(item.imdbId === null ? {} : { imdbId: item.imdbId }),
    tmdbId: item.tmdbId,
    titleSlug: String(item.tmdbId),
    rootFolderPath: `${root}/`,
    genres: [],
    tags: [],
    added: isoTime(movie.copy.addedAt),
    ratings: {},
    ...(file === undefined ? {} : { movieFile: renderMovieFile(state, file) }),
    popularity: 1,
    statistics: {
      movieFileCount: file === undefined ? 0 : 1,
      sizeOnDisk: size,
      releaseGroups: file === undefined ? [] : ['SIM'],
    },
  };
}

export function renderMovieFile(state: RadarrState, file: RadarrFileState): Record<string, unknown> {
  const movie = state.movies.get(file.movieId);
  const profile = state.instance.qualityProfiles.find(
    (candidate) => candidate.id === movie?.qualityProfileId,
  );
  const path = file.file.path;
  return {
    id: file.id,
    movieId: file.movieId,
    relativePath: path.slice(path.lastIndexOf('/') + 1),
    path,
    size: file.file.size,
    dateAdded: isoTime(file.file.addedAt),
    releaseGroup: 'SIM',
    edition: '',
    languages: [{ id: 1, name: 'English' }],
    quality: qualityModel('Radarr', file.file.qualityId),
    customFormats: [],
    customFormatScore: 0,
    indexerFlags: 0,
    mediaInfo: mediaInfoResource(file.file),
    originalFilePath: path.slice(path.lastIndexOf('/') + 1),
    qualityCutoffNotMet: profile === undefined ? false : isBelowCutoff(profile, file.file.qualityId),
  };
}

export function renderExclusion(exclusion: RadarrExclusion): Record<string, unknown> {
  return {
    id: exclusion.id,
    tmdbId: exclusion.tmdbId,
    movieTitle: exclusion.movieTitle,
    movieYear: exclusion.movieYear,
  };
}
