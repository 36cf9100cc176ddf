// Radarr v3 routes, grouped as Radarr's API is: movies (with system status and quality profiles),
// movie files, import exclusions (400 on a duplicate), and the cutoff-unmet list.
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
import { renderExclusion, renderMovie, renderMovieFile } from './radarr-resources';
import type { RadarrState } from './radarr-state';

export function radarrRoutes(state: RadarrState, now: number): Route[] {
  return [
    ...movieRoutes(state, now),
    ...fileRoutes(state),
    ...exclusionRoutes(state),
    { method: 'GET', pattern: '/api/v3/wanted/cutoff', handler: (request) => cutoffUnmet(request, state) },
  ];
}

function movieRoutes(state: RadarrState, now: number): Route[] {
  const { instance } = state;
  return [
    {
      method: 'GET',
      pattern: '/api/v3/system/status',
      handler: () => ({ status: 200, json: systemStatus('Radarr', instance.name, now) }),
    },
    {
      method: 'GET',
      pattern: '/api/v3/movie',
      handler: (request) => {
        const tmdbId = queryValue(request, 'tmdbId');
        const movies = [...state.movies.values()].filter(
          (movie) => tmdbId === undefined || movie.movie.tmdbId === Number(tmdbId),
        );
        return { status: 200, json: movies.map((movie) => renderMovie(state, movie)) };
      },
    },
    {
      method: 'GET',
      pattern: '/api/v3/movie/:id',
      handler: (request) => {
        const movie = state.movies.get(Number(request.params['id']));
        return movie === undefined ? arrNotFound() : { status: 200, json: renderMovie(state, movie) };
      },
    },
    {
      method: 'PUT',
      pattern: '/api/v3/movie/:id',
      handler: (request) => {
        const movie = state.movies.get(Number(request.params['id']));
        if (movie === undefined) return arrNotFound();
        const body = request.body as { monitored?: unknown; qualityProfileId?: unknown } | undefined;
        if (typeof body !== 'object' || body === null)
          return arrValidationError('movie', 'A movie resource is required.', null);
        if (typeof body.monitored === 'boolean') movie.monitored = body.monitored;
        if (typeof body.qualityProfileId === 'number') movie.qualityProfileId = body.qualityProfileId;
        return { status: 202, json: renderMovie(state, movie) };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v3/movie/:id',
      handler: (request) =>
        state.deleteMovie(
          Number(request.params['id']),
          flag(request, 'deleteFiles'),
          flag(request, 'addImportExclusion'),
        )
          ? { status: 200, text: '' }
          : arrNotFound(),
    },
    {
      method: 'GET',
      pattern: '/api/v3/qualityprofile',
      handler: () => ({
        status: 200,
        json: instance.qualityProfiles.map((profile) => qualityProfileResource('Radarr', profile)),
      }),
    },
  ];
}

function fileRoutes(state: RadarrState): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/v3/moviefile',
      handler: (request) => {
        const movieIds = new Set(request.query.getAll('movieId').map(Number));
        const fileIds = new Set(request.query.getAll('movieFileIds').map(Number));
        if (movieIds.size === 0 && fileIds.size === 0)
          return arrValidationError('movieId', 'movieId or movieFileIds must be provided', null);
        const files = [...state.files.values()].filter(
          (file) => movieIds.has(file.movieId) || fileIds.has(file.id),
        );
        return { status: 200, json: files.map((file) => renderMovieFile(state, file)) };
      },
    },
    {
      method: 'GET',
      pattern: '/api/v3/moviefile/:id',
      handler: (request) => {
        const file = state.files.get(Number(request.params['id']));
        return file === undefined ? arrNotFound() : { status: 200, json: renderMovieFile(state, file) };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v3/moviefile/:id',
      handler: (request) =>
        state.deleteFile(Number(request.params['id'])) ? { status: 200, text: '' } : arrNotFound(),
    },
  ];
}

interface ExclusionBody {
  readonly tmdbId?: unknown;
  readonly movieTitle?: unknown;
  readonly movieYear?: unknown;
}

function exclusionRoutes(state: RadarrState): Route[] {
  const validate = (body: ExclusionBody | undefined): SimulatorResponse | undefined => {
    if (typeof body?.tmdbId !== 'number' || body.tmdbId <= 0)
      return arrValidationError('tmdbId', "'Tmdb Id' must not be empty.", body?.tmdbId ?? null);
    if (state.hasExclusion(body.tmdbId))
      return arrValidationError('tmdbId', 'This exclusion has already been added', body.tmdbId);
    return undefined;
  };
  const add = (body: ExclusionBody) =>
    state.addExclusion(
      body.tmdbId as number,
      typeof body.movieTitle === 'string' ? body.movieTitle : '',
      typeof body.movieYear === 'number' ? body.movieYear : 0,
    );
  return [
    {
      method: 'GET',
      pattern: '/api/v3/exclusions',
      handler: () => ({ status: 200, json: state.exclusions.map(renderExclusion) }),
    },
    {
      method: 'GET',
      pattern: '/api/v3/exclusions/paged',
      handler: (request) => {
        const paging = readPaging(request);
        return isResponse(paging)
          ? paging
          : { status: 200, json: pagedResource(paging, state.exclusions, renderExclusion) };
      },
    },
    {
      method: 'POST',
      pattern: '/api/v3/exclusions',
      handler: (request) => {
        const body = request.body as ExclusionBody | undefined;
        const invalid = validate(body);
        return invalid ?? { status: 201, json: renderExclusion(add(body as ExclusionBody)) };
      },
    },
    {
      method: 'POST',
      pattern: '/api/v3/exclusions/bulk',
      handler: (request) => {
        const bodies = request.body;
        if (!Array.isArray(bodies))
          return arrValidationError('exclusions', 'An array of exclusions is required.', null);
        for (const body of bodies as ExclusionBody[]) {
          const invalid = validate(body);
          if (invalid !== undefined) return invalid;
        }
        for (const body of bodies as ExclusionBody[]) add(body);
        return { status: 200, text: '' };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v3/exclusions/:id',
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

/** Radarr filters `wanted/cutoff` on `Monitored == monitored` exactly (true by default). */
function cutoffUnmet(request: SimulatorRequest, state: RadarrState): SimulatorResponse {
  const paging = readPaging(request);
  if (isResponse(paging)) return paging;
  const monitored = (queryValue(request, 'monitored') ?? 'true').toLowerCase() !== 'false';
  const movies = [...state.movies.values()].filter((movie) => {
    const file = movie.fileId === null ? undefined : state.files.get(movie.fileId);
    const profile = state.instance.qualityProfiles.find(
      (candidate) => candidate.id === movie.qualityProfileId,
    );
    return (
      file !== undefined &&
      profile !== undefined &&
      isBelowCutoff(profile, file.file.qualityId) &&
      movie.monitored === monitored
    );
  });
  return { status: 200, json: pagedResource(paging, movies, (movie) => renderMovie(state, movie)) };
}
