// Sonarr v3 resources (SeriesResource with per-season statistics, EpisodeResource,
// EpisodeFileResource), computed from the instance's current state so deletes show at once.
import { folderName } from '../library/names';
import { isBelowCutoff } from '../library/qualities';
import { isoTime, mediaInfoResource, qualityModel } from './arr-common';
import type { SonarrEpisodeState, SonarrFileState, SonarrSeriesState, SonarrState } from './sonarr-state';

interface Statistics {
  episodeFileCount: number;
  episodeCount: number;
  totalEpisodeCount: number;
  sizeOnDisk: number;
  previousAiring?: string;
}

export function renderSeries(
  state: SonarrState,
  series: SonarrSeriesState,
  now: number,
): Record<string, unknown> {
  const episodes = state.episodesOf(series.id);
  const files = state.filesOf(series.id);
  const sizeBySeason = new Map<number, number>();
  for (const file of files)
    sizeBySeason.set(
      file.file.seasonNumber,
      (sizeBySeason.get(file.file.seasonNumber) ?? 0) + file.file.file.size,
    );
  const seasons = series.series.seasons.map((season) => {
    const seasonEpisodes = episodes.filter((episode) => episode.seasonNumber === season.seasonNumber);
    return {
      seasonNumber: season.seasonNumber,
      monitored: series.seasonMonitored.get(season.seasonNumber) ?? true,
      statistics: statisticsResource(
        statistics(seasonEpisodes, sizeBySeason.get(season.seasonNumber) ?? 0, now),
      ),
    };
  });
  const total = statistics(
    episodes,
    files.reduce((sum, file) => sum + file.file.file.size, 0),
    now,
  );
  const folder = folderName(series.series.title, series.series.year);
  const root = state.instance.kind === '4k' ? '/data/tv-4k' : '/data/tv';
  const lastAired = episodes.reduce((latest, episode) => Math.max(latest, episode.airedAt), 0);
  return {
    id: series.id,
    title: series.series.title,
    sortTitle: series.series.title.toLowerCase().replace(/^(the|a|an)\s+/, ''),
    status: series.series.status,
    ended: series.series.status === 'ended',
    overview: '',
    network: series.series.network,
    airTime: '21:00',
    images: [],
    originalLanguage: { id: 1, name: 'English' },
    seasons,
    year: series.series.year,
    path: `${root}/${folder}`,
    qualityProfileId: series.qualityProfileId,
    seasonFolder: true,
    monitored: series.monitored,
    monitorNewItems: 'all',
    useSceneNumbering: false,
    runtime: 45,
    tvdbId: series.series.tvdbId,
    tvRageId: 0,
    tvMazeId: 0,
    tmdbId: series.series.tmdbId,
    firstAired: isoTime(episodes[0]?.airedAt ?? 0),
    ...(lastAired > 0 ? { lastAired: isoTime(lastAired) } : {}),
    seriesType: 'standard',
    cleanTitle: series.series.title.toLowerCase().replace(/[^a-z0-9]/g, ''),
    ...(series.series.imdbId === null ? {} : { imdbId: series.series.imdbId }),
    titleSlug: `${series.series.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${series.series.tvdbId}`,
    rootFolderPath: `${root}/`,
    genres: [],
    tags: [],
    added: isoTime(series.copy.addedAt),
    ratings: { votes: 0, value: 0 },
    // The series-level resource has no previousAiring, unlike the seasons'.
    statistics: {
      seasonCount: seasons.length,
      ...statisticsResource({ ...total, previousAiring: undefined }),
    },
    languageProfileId: 1,
  };
}

function statistics(episodes: readonly SonarrEpisodeState[], sizeOnDisk: number, now: number): Statistics {
  const aired = episodes.filter((episode) => episode.airedAt <= now);
  const withFile = episodes.filter((episode) => episode.episodeFileId !== 0);
  // Sonarr counts monitored episodes that aired or have a file; totalEpisodeCount counts them all.
  const counted = episodes.filter(
    (episode) => episode.episodeFileId !== 0 || (episode.monitored && episode.airedAt <= now),
  );
  const previous = aired.reduce((latest, episode) => Math.max(latest, episode.airedAt), 0);
  return {
    episodeFileCount: withFile.length,
    episodeCount: counted.length,
    totalEpisodeCount: episodes.length,
    sizeOnDisk,
    ...(previous > 0 ? { previousAiring: isoTime(previous) } : {}),
  };
}

function statisticsResource(stats: Statistics): Record<string, unknown> {
  return {
    ...(stats.previousAiring === undefined ? {} : { previousAiring: stats.previousAiring }),
    episodeFileCount: stats.episodeFileCount,
    episodeCount: stats.episodeCount,
    totalEpisodeCount: stats.totalEpisodeCount,
    sizeOnDisk: stats.sizeOnDisk,
    releaseGroups: [],
    percentOfEpisodes: stats.episodeCount === 0 ? 0 : (stats.episodeFileCount / stats.episodeCount) * 100,
  };
}

export function renderEpisode(
  series: SonarrSeriesState,
  episode: SonarrEpisodeState,
): Record<string, unknown> {
  const airDate = isoTime(episode.airedAt);
  return {
    id: episode.id,
    seriesId: episode.seriesId,
    tvdbId: series.series.tvdbId * 1000 + episode.seasonNumber * 100 + episode.episodeNumber,
    episodeFileId: episode.episodeFileId,
    seasonNumber: episode.seasonNumber,
    episodeNumber: episode.episodeNumber,
    title: `Episode ${episode.episodeNumber}`,
    airDate: airDate.slice(0, 10),
    airDateUtc: airDate,
    runtime: 45,
    overview: '',
    hasFile: episode.episodeFileId !== 0,
    monitored: episode.monitored,
    unverifiedSceneNumbering: false,
  };
}

export function renderEpisodeFile(state: SonarrState, fileState: SonarrFileState): Record<string, unknown> {
  const { file: episodeFile, seriesId } = fileState;
  const series = state.series.get(seriesId);
  const profile = state.qualityProfiles.find((candidate) => candidate.id === series?.qualityProfileId);
  const path = episodeFile.file.path;
  const seriesRoot = path.split('/').slice(0, 4).join('/');
  return {
    id: episodeFile.fileId,
    seriesId,
    seasonNumber: episodeFile.seasonNumber,
    relativePath: path.slice(seriesRoot.length + 1),
    path,
    size: episodeFile.file.size,
    dateAdded: isoTime(episodeFile.file.addedAt),
    releaseGroup: 'SIM',
    languages: [{ id: 1, name: 'English' }],
    quality: qualityModel('Sonarr', episodeFile.file.qualityId),
    customFormats: [],
    customFormatScore: 0,
    indexerFlags: 0,
    releaseType: episodeFile.episodeNumbers.length > 1 ? 'multiEpisode' : 'singleEpisode',
    mediaInfo: mediaInfoResource(episodeFile.file),
    qualityCutoffNotMet: profile === undefined ? false : isBelowCutoff(profile, episodeFile.file.qualityId),
  };
}
