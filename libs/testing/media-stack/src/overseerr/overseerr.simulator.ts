// An Overseerr (and Jellyseerr, same /api/v1 surface) simulator: public status, API-key endpoints
// answering 403 without the key, requests with their requesters (take/skip paging with pageInfo),
// media with availability, and the deletes that let a title be requested again.
import type { FaultController } from '../http/fault-rules';
import { headerValue, queryValue, startSimulatorServer } from '../http/simulator-server';
import type { RecordedRequest, Route, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import type { LibraryRequest, LibraryUser, MediaLibrary } from '../library/media-library.types';
import { OverseerrState } from './overseerr-state';
import type { OverseerrMedia } from './overseerr-state';

export interface OverseerrOptions {
  readonly library: MediaLibrary;
  readonly port?: number;
}

export interface OverseerrSimulator {
  readonly url: string;
  readonly apiKey: string;
  readonly state: OverseerrState;
  readonly faults: FaultController;
  readonly requests: readonly RecordedRequest[];
  stop(): Promise<void>;
}

const REQUEST_FILTERS = [
  'all',
  'approved',
  'available',
  'pending',
  'processing',
  'unavailable',
  'failed',
] as const;

export async function startOverseerr(options: OverseerrOptions): Promise<OverseerrSimulator> {
  const { library } = options;
  const state = new OverseerrState(library);
  const apiKey = library.overseerrApiKey;
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  // Counted once per state of the request list, not once per rendered user (pages of 100 requests).
  let counted: { length: number; counts: Map<number, number> } | undefined;
  const requestCounts = (): Map<number, number> => {
    if (counted?.length !== state.requests.length) {
      const counts = new Map<number, number>();
      for (const request of state.requests)
        counts.set(request.requesterPlexId, (counts.get(request.requesterPlexId) ?? 0) + 1);
      counted = { length: state.requests.length, counts };
    }
    return counted.counts;
  };
  const renderUser = (user: LibraryUser): Record<string, unknown> => ({
    id: user.overseerrUserId,
    email: user.email ?? '',
    // Plex-imported users have no local username; the spec types it as a string, so it is left out.
    plexUsername: user.username,
    plexId: user.plexId,
    userType: 1,
    permissions: user.kind === 'owner' ? 2 : 32,
    avatar: `https://plex.tv/users/${user.uuid}/avatar`,
    displayName: user.title,
    createdAt: iso(user.joinedAt),
    updatedAt: iso(user.joinedAt),
    requestCount: requestCounts().get(user.plexId) ?? 0,
  });
  const renderMedia = (media: OverseerrMedia): Record<string, unknown> => ({
    id: media.id,
    mediaType: media.mediaType,
    tmdbId: media.tmdbId,
    tvdbId: media.tvdbId,
    imdbId: media.imdbId,
    status: media.status,
    status4k: media.status4k,
    createdAt: iso(media.createdAt),
    updatedAt: iso(media.updatedAt),
    mediaAddedAt: media.mediaAddedAt === null ? null : iso(media.mediaAddedAt),
    serviceId: media.externalServiceId === null ? null : 0,
    serviceId4k: media.externalServiceId4k === null ? null : 1,
    externalServiceId: media.externalServiceId,
    externalServiceId4k: media.externalServiceId4k,
    ratingKey: media.ratingKey,
    ratingKey4k: media.ratingKey4k,
  });
  const renderRequest = (request: LibraryRequest): Record<string, unknown> => {
    const requester = state.userByPlexId(request.requesterPlexId);
    const media = state.media.get(request.mediaId);
    return {
      id: request.requestId,
      status: request.status,
      createdAt: iso(request.createdAt),
      updatedAt: iso(request.updatedAt),
      type: request.target.kind === 'movie' ? 'movie' : 'tv',
      is4k: request.is4k,
      serverId: request.is4k ? 1 : 0,
      profileId: request.is4k ? 5 : 4,
      rootFolder: request.target.kind === 'movie' ? '/data/movies' : '/data/tv',
      requestedBy: requester === undefined ? null : renderUser(requester),
      modifiedBy: request.status === 1 ? null : renderUser(state.users[0] as LibraryUser),
      media: media === undefined ? null : renderMedia(media),
      seasons:
        request.target.kind === 'series'
          ? request.target.seasons.map((seasonNumber) => ({
              id: request.requestId * 100 + seasonNumber,
              seasonNumber,
              status: request.status,
              createdAt: iso(request.createdAt),
              updatedAt: iso(request.updatedAt),
            }))
          : [],
      seasonCount: request.target.kind === 'series' ? request.target.seasons.length : 0,
    };
  };

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: '/api/v1/status',
      public: true,
      handler: () => ({
        status: 200,
        json: {
          version: '1.33.2',
          commitTag: 'v1.33.2',
          updateAvailable: false,
          commitsBehind: 0,
          restartRequired: false,
        },
      }),
    },
    {
      method: 'GET',
      pattern: '/api/v1/settings/about',
      handler: () => ({
        status: 200,
        json: {
          version: '1.33.2',
          totalRequests: state.requests.length,
          totalMediaItems: state.media.size,
          tz: 'Etc/UTC',
          appDataPath: '/app/config',
        },
      }),
    },
    {
      method: 'GET',
      pattern: '/api/v1/auth/me',
      handler: () => ({ status: 200, json: renderUser(state.users[0] as LibraryUser) }),
    },
    {
      method: 'GET',
      pattern: '/api/v1/user',
      handler: (request) => paged(request, state.users, renderUser),
    },
    {
      method: 'GET',
      pattern: '/api/v1/request',
      handler: (request) => {
        const filter = queryValue(request, 'filter') ?? 'all';
        if (!(REQUEST_FILTERS as readonly string[]).includes(filter))
          return validationError(`filter must be one of ${REQUEST_FILTERS.join(', ')}`);
        const requestedBy = queryValue(request, 'requestedBy');
        const requester =
          requestedBy === undefined
            ? undefined
            : state.users.find((user) => user.overseerrUserId === Number(requestedBy));
        const rows = state.requests
          .filter((row) => requestedBy === undefined || row.requesterPlexId === requester?.plexId)
          .filter((row) => matchesFilter(row, state.media.get(row.mediaId), filter))
          .sort((left, right) =>
            queryValue(request, 'sort') === 'modified'
              ? right.updatedAt - left.updatedAt || right.requestId - left.requestId
              : right.createdAt - left.createdAt || right.requestId - left.requestId,
          );
        return paged(request, rows, renderRequest);
      },
    },
    {
      method: 'GET',
      pattern: '/api/v1/request/:requestId',
      handler: (request) => {
        const found = state.requests.find((row) => row.requestId === Number(request.params['requestId']));
        return found === undefined ? notFound() : { status: 200, json: renderRequest(found) };
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v1/request/:requestId',
      handler: (request) =>
        state.deleteRequest(Number(request.params['requestId'])) ? { status: 204, text: '' } : notFound(),
    },
    {
      method: 'GET',
      pattern: '/api/v1/media',
      handler: (request) => {
        const rows = [...state.media.values()].sort(
          (left, right) => right.createdAt - left.createdAt || right.id - left.id,
        );
        return paged(request, rows, (media) => ({
          ...renderMedia(media),
          requests: state.requests.filter((row) => row.mediaId === media.id).map(renderRequest),
        }));
      },
    },
    {
      method: 'DELETE',
      pattern: '/api/v1/media/:mediaId',
      handler: (request) =>
        state.deleteMedia(Number(request.params['mediaId'])) ? { status: 204, text: '' } : notFound(),
    },
  ];

  const server = await startSimulatorServer({
    routes,
    port: options.port,
    authorize: (request) =>
      headerValue(request, 'X-Api-Key') === apiKey
        ? undefined
        : { status: 403, json: { status: 403, error: 'You do not have permission to access this endpoint' } },
    notFound,
    errorResponse: (status) => ({ status, json: { status, message: `Injected failure ${status}` } }),
  });
  return {
    url: server.url,
    apiKey,
    state,
    faults: server.faults,
    requests: server.requests,
    stop: server.stop,
  };
}

function paged<T>(
  request: SimulatorRequest,
  rows: readonly T[],
  render: (row: T) => unknown,
): SimulatorResponse {
  const take = Number(queryValue(request, 'take') ?? '10');
  const skip = Number(queryValue(request, 'skip') ?? '0');
  if (!Number.isInteger(take) || take < 1 || !Number.isInteger(skip) || skip < 0)
    return validationError('take and skip must be non-negative integers');
  return {
    status: 200,
    json: {
      pageInfo: {
        pages: Math.ceil(rows.length / take),
        pageSize: take,
        results: rows.length,
        page: Math.floor(skip / take) + 1,
      },
      results: rows.slice(skip, skip + take).map(render),
    },
  };
}

function matchesFilter(request: LibraryRequest, media: OverseerrMedia | undefined, filter: string): boolean {
  const status = request.is4k ? media?.status4k : media?.status;
  switch (filter) {
    case 'approved':
      return request.status === 2;
    case 'pending':
      return request.status === 1;
    case 'available':
      return status === 5;
    case 'processing':
      return request.status === 2 && status !== 5;
    case 'unavailable':
      return status !== 5;
    case 'failed':
      return false;
    default:
      return true;
  }
}

function notFound(): SimulatorResponse {
  return { status: 404, json: { status: 404, message: 'Not Found' } };
}

function validationError(message: string): SimulatorResponse {
  return { status: 400, json: { message, errors: [] } };
}
