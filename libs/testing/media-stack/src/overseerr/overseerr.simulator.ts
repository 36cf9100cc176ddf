// An Overseerr (and Jellyseerr, same /api/v1 surface) simulator: public status, API-key endpoints
// answering 403 without the key, requests with their requesters (take/skip paging with pageInfo),
// media with availability, and the deletes that let a title be requested again.
import type { FaultController } from '../http/fault-rules';
import { headerValue, queryValue, startSimulatorServer } from '../http/simulator-server';
import type { RecordedRequest, Route, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import type { LibraryRequest, LibraryUser, MediaLibrary } from '../library/media-library.types';
import { overseerrRenderers } from './overseerr-resources';
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
  const { renderUser, renderMedia, renderRequest } = overseerrRenderers(state);

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
