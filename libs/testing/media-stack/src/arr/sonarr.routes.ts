// Sonarr v3 routes, grouped as Sonarr's API is: series (with system status and quality profiles),
// episodes and episode files, import list exclusions, and the cutoff-unmet list. There is no
// delete-season call: unmonitor the season (PUT series or PUT episode/monitor), then delete its files.
import { queryValue } from '../http/simulator-server';
import type { Route, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import { isBelowCutoff } from '../library/qualities';
import {
  arrNotFound,
  arrValidationError,
  flag,
  isResponse,
  pagedResource,
  qualityProfileResource,
  readPaging,
  systemStatus,
} from './arr-common';
import { renderEpisode, renderEpisodeFile, renderSeries } from './sonarr-resources';
import type { SonarrState } from './sonarr-state';

export function sonarrRoutes(state: SonarrState, now: number): Route[] {
  return [
    ...seriesRoutes(state, now),
    ...episodeRoutes(state),
    ...exclusionRoutes(state),
    cutoffRoute(state),
  ];
}

function seriesRoutes(state: SonarrState, now: number): Route[] {
  const { instance } = state;
  const seriesOr404 = (request: SimulatorRequest) => state.series.get(Number(request.params['id']));
  return [
    {
      method: 'GET',
      pattern: '/api/v3/system/status',
      handler: () => ({ status: 200, json: systemStatus('Sonarr', instance.name, now) }),
    },
    {
      method: 'GET',
      pattern: '/api/v3/series',
      handler: (request) => {
        const tvdbId = queryValue(request, 'tvdbId');
        const all = [...state.series.values()].filter(
          (series) => tvdbId === undefined || series.series.tvdbId === Number(tvdbId),
        );
        return { status: 200, json: all.map((series) => renderSeries(state, series, now)) };
      },
    },
    {
      method: 'GET',
      pattern: '/api/v3/series/:id',
      handler: (request) => {
        const series = seriesOr404(request);
        return series === undefined ? arrNotFound() : { status: 200, json: renderSeries(state, series, now) };
      },
    },
    {
      method: 'PUT',
      pattern: '/api/v3/series/:id',
      handler: (request) => {
        const series = seriesOr404(request);
        if (series === undefined) return arrNotFound();
        const body = request.body as
          { monitored?: unknown; qualityProfileId?: unknown; seasons?: unknown } | undefined;
        if (typeof body !== 'object' || body === null || !Array.isArray(body.seasons)) {
          return arrValidationError('seasons', "'Seasons' must not be empty.", null);
        }
        if (typeof body.monitored === 'boolean') series.monitored = body.monitored;
        if (typeof body.qualityProfileId === 'number') series.qualityProfileId = body.qualityProfileId;
        const episodes = state.editableEpisodesOf(series.id);
        for (const season of body.seasons as { seasonNumber?: unknown; monitored?: unknown }[]) {
          if (typeof season.seasonNumber !== 'number' || typeof season.monitored !== 'boolean') continue;
          if (series.seasonMonitored.get(season.seasonNumber) === season.monitored) continue;
          series.seasonMonitored.set(season.seasonNumber, season.monitored);
          // Sonarr sets the season's episodes to match when a season's monitored flag changes.
          for (const episode of episodes)
            if (episode.seasonNumber === season.seasonNumber) episode.monitored = season.monitored;
        }
        return { status: 202, json: renderSeries(state, series, now) };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v3/series/:id',
      handler: (request) => {
        const deleted = state.deleteSeries(
          Number(request.params['id']),
          flag(request, 'deleteFiles'),
          flag(request, 'addImportListExclusion'),
        );
        return deleted ? { status: 200, text: '' } : arrNotFound();
      },
    },
    {
      method: 'GET',
      pattern: '/api/v3/qualityprofile',
      handler: () => ({
        status: 200,
        json: state.qualityProfiles.map((profile) => qualityProfileResource('Sonarr', profile)),
      }),
    },
  ];
}

function episodeRoutes(state: SonarrState): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/v3/episode',
      handler: (request) => {
        const seriesId = queryValue(request, 'seriesId');
        if (seriesId === undefined)
          return arrValidationError('seriesId', 'seriesId or episodeIds must be provided', null);
        const series = state.series.get(Number(seriesId));
        if (series === undefined) return arrNotFound();
        const season = queryValue(request, 'seasonNumber');
        const episodes = state
          .episodesOf(series.id)
          .filter((episode) => season === undefined || episode.seasonNumber === Number(season));
        return { status: 200, json: episodes.map((episode) => renderEpisode(series, episode)) };
      },
    },
    {
      method: 'GET',
      pattern: '/api/v3/episode/:id',
      handler: (request) => {
        const episode = state.episodeById(Number(request.params['id']));
        const series = episode === undefined ? undefined : state.series.get(episode.seriesId);
        return episode === undefined || series === undefined
          ? arrNotFound()
          : { status: 200, json: renderEpisode(series, episode) };
      },
    },
    {
      method: 'PUT',
      pattern: '/api/v3/episode/monitor',
      handler: (request) => {
        const body = request.body as { episodeIds?: unknown; monitored?: unknown } | undefined;
        if (!Array.isArray(body?.episodeIds) || typeof body?.monitored !== 'boolean') {
          return arrValidationError('episodeIds', "'Episode Ids' must not be empty.", null);
        }
        for (const id of body.episodeIds) {
          const episode = typeof id === 'number' ? state.episodeById(id) : undefined;
          if (episode !== undefined) episode.monitored = body.monitored;
        }
        return { status: 202, text: '' };
      },
    },
    {
      method: 'GET',
      pattern: '/api/v3/episodefile',
      handler: (request) => {
        const seriesId = queryValue(request, 'seriesId');
        if (seriesId === undefined)
          return arrValidationError('seriesId', 'seriesId or episodeFileIds must be provided', null);
        return {
          status: 200,
          json: state.filesOf(Number(seriesId)).map((file) => renderEpisodeFile(state, file)),
        };
      },
    },
    {
      method: 'GET',
      pattern: '/api/v3/episodefile/:id',
      handler: (request) => {
        const file = state.episodeFiles.get(Number(request.params['id']));
        return file === undefined ? arrNotFound() : { status: 200, json: renderEpisodeFile(state, file) };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v3/episodefile/bulk',
      handler: (request) => {
        const ids = (request.body as { episodeFileIds?: unknown } | undefined)?.episodeFileIds;
        if (!Array.isArray(ids))
          return arrValidationError('episodeFileIds', "'Episode File Ids' must not be empty.", null);
        for (const id of ids) if (typeof id === 'number') state.deleteEpisodeFile(id);
        return { status: 200, text: '' };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v3/episodefile/:id',
      handler: (request) =>
        state.deleteEpisodeFile(Number(request.params['id'])) ? { status: 200, text: '' } : arrNotFound(),
    },
  ];
}

function cutoffRoute(state: SonarrState): Route {
  return {
    method: 'GET',
    pattern: '/api/v3/wanted/cutoff',
    handler: (request) => cutoffUnmet(request, state),
  };
}

function exclusionRoutes(state: SonarrState): Route[] {
  const render = (exclusion: { id: number; tvdbId: number; title: string }) => ({ ...exclusion });
  return [
    {
      method: 'GET',
      pattern: '/api/v3/importlistexclusion',
      handler: () => ({ status: 200, json: state.exclusions.map(render) }),
    },
    {
      method: 'GET',
      pattern: '/api/v3/importlistexclusion/paged',
      handler: (request) => {
        const paging = readPaging(request);
        return isResponse(paging)
          ? paging
          : { status: 200, json: pagedResource(paging, state.exclusions, render) };
      },
    },
    {
      method: 'POST',
      pattern: '/api/v3/importlistexclusion',
      handler: (request) => {
        const body = request.body as { tvdbId?: unknown; title?: unknown } | undefined;
        if (typeof body?.tvdbId !== 'number' || body.tvdbId <= 0)
          return arrValidationError('tvdbId', "'Tvdb Id' must not be empty.", body?.tvdbId ?? null);
        if (state.exclusions.some((exclusion) => exclusion.tvdbId === body.tvdbId)) {
          return arrValidationError('tvdbId', 'This exclusion has already been added.', body.tvdbId);
        }
        return {
          status: 201,
          json: render(state.addExclusion(body.tvdbId, typeof body.title === 'string' ? body.title : '')),
        };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v3/importlistexclusion/:id',
      handler: (request) => {
        const position = state.exclusions.findIndex(
          (exclusion) => exclusion.id === Number(request.params['id']),
        );
        if (position < 0) return arrNotFound();
        state.exclusions.splice(position, 1);
        return { status: 200, text: '' };
      },
    },
  ];
}

/** `monitored=true` (the default): monitored episodes of monitored series; `false`: the others. */
function cutoffUnmet(request: SimulatorRequest, state: SonarrState): SimulatorResponse {
  const paging = readPaging(request);
  if (isResponse(paging)) return paging;
  const monitored = (queryValue(request, 'monitored') ?? 'true').toLowerCase() !== 'false';
  const rows: {
    series: NonNullable<ReturnType<SonarrState['series']['get']>>;
    episode: ReturnType<SonarrState['episodesOf']>[number];
  }[] = [];
  for (const series of state.series.values()) {
    const profile = state.qualityProfiles.find((candidate) => candidate.id === series.qualityProfileId);
    if (profile === undefined) continue;
    for (const episode of state.episodesOf(series.id)) {
      const file = state.episodeFiles.get(episode.episodeFileId);
      if (file === undefined || !isBelowCutoff(profile, file.file.file.qualityId)) continue;
      if ((series.monitored && episode.monitored) === monitored) rows.push({ series, episode });
    }
  }
  return {
    status: 200,
    json: pagedResource(paging, rows, ({ series, episode }) => renderEpisode(series, episode)),
  };
}
