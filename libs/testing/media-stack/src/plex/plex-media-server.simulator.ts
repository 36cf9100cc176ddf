// A Plex Media Server simulator: identity, library sections and their contents (with includeGuids),
// allLeaves, metadata by ratingKey (comma lists too), children, history for all accounts, accounts,
// section refresh and item deletion, with Plex's auth, paging and XML-unless-JSON answers.
import { headerValue, queryFlag, queryValue, startSimulatorServer } from '../http/simulator-server';
import type { Route, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import type { FaultController } from '../http/fault-rules';
import type { RecordedRequest } from '../http/simulator-server';
import type { LibraryUser, MediaLibrary, PlayRecord } from '../library/media-library.types';
import { PLEX_UNAUTHORIZED, paginate, plexError, sendContainer, sendPage } from './plex-container';
import type { PlexPagingOptions } from './plex-container';
import { PlexLibraryIndex, SECTIONS } from './plex-library-index';
import type { PlexEntity } from './plex-library-index';
import { renderAccount, renderMetadata } from './plex-metadata';
import { sectionFields, sendSections, sortKeys } from './plex-sections';
import { renderHistoryRow, selectHistory } from './plex-history';

export interface PlexMediaServerOptions {
  readonly library: MediaLibrary;
  readonly paging?: PlexPagingOptions;
  readonly port?: number;
}

export interface PlexMediaServerState {
  readonly index: PlexLibraryIndex;
  /** Every play on the server; add rows with addPlay so cached watch state follows. */
  readonly history: PlayRecord[];
  readonly removedRatingKeys: Set<number>;
  readonly removedMediaIds: Set<number>;
  /** Section keys refreshed, in order. */
  readonly refreshedSections: string[];
  /** Plex's "Allow media deletion" setting; deletions answer 403 without it. */
  allowMediaDeletion: boolean;
  paging: PlexPagingOptions;
  addPlay(play: Omit<PlayRecord, 'historyId'>): PlayRecord;
}

export interface PlexMediaServerSimulator {
  readonly url: string;
  readonly state: PlexMediaServerState;
  readonly faults: FaultController;
  readonly requests: readonly RecordedRequest[];
  /** The owner's token (full access). */
  readonly ownerToken: string;
  stop(): Promise<void>;
}

const CONTAINER_FIELDS = {
  allowSync: true,
  identifier: 'com.plexapp.plugins.library',
  mediaTagPrefix: '/system/bundle/media/flags/',
  mediaTagVersion: 1734362201,
};

export async function startPlexMediaServer(
  options: PlexMediaServerOptions,
): Promise<PlexMediaServerSimulator> {
  const { library } = options;
  const index = new PlexLibraryIndex(library);
  const owner = library.users.find((user) => user.kind === 'owner');
  if (owner === undefined) throw new Error('the library has no owner');
  const usersByToken = new Map<string, LibraryUser>();
  for (const user of library.users) if (user.hasServerAccess) usersByToken.set(user.serverToken, user);

  const history = [...library.history];
  const historySelections = new Map<string, PlayRecord[]>();
  const state: PlexMediaServerState = {
    index,
    history,
    removedRatingKeys: new Set(),
    removedMediaIds: new Set(),
    refreshedSections: [],
    allowMediaDeletion: true,
    paging: options.paging ?? {},
    addPlay: (play) => {
      const row = { historyId: (history[history.length - 1]?.historyId ?? 0) + 1, ...play };
      history.push(row);
      index.forgetWatchState();
      historySelections.clear();
      return row;
    },
  };

  const viewer = (request: SimulatorRequest): LibraryUser => {
    const user = usersByToken.get(tokenOf(request) ?? '');
    if (user === undefined) throw new Error('route reached without a valid token');
    return user;
  };
  const renderOptions = (request: SimulatorRequest, includeGuids: boolean) => ({
    includeGuids,
    watched: index.watchStateFor(viewer(request).localAccountId, history),
    removedMediaIds: state.removedMediaIds,
  });
  const live = (ratingKeys: readonly number[]): PlexEntity[] =>
    ratingKeys.flatMap((key) => {
      const entity = index.byRatingKey.get(key);
      return entity === undefined || state.removedRatingKeys.has(key) ? [] : [entity];
    });
  /** Rating keys still on the server; the index's own list when nothing was deleted (no copy per page). */
  const liveKeys = (ratingKeys: readonly number[]): readonly number[] =>
    state.removedRatingKeys.size === 0
      ? ratingKeys
      : ratingKeys.filter((key) => !state.removedRatingKeys.has(key) && index.byRatingKey.has(key));
  // Pages first, renders after: a page of a 400,000-episode section costs its own rows only.
  const sendEntities = (
    request: SimulatorRequest,
    ratingKeys: readonly number[],
    fields: Record<string, unknown>,
  ) => {
    const render = renderOptions(request, queryFlag(request, 'includeGuids'));
    return sendPage(
      request,
      paginate(request, ratingKeys, state.paging),
      (key) => renderMetadata(index, index.entity(key), render),
      {
        ...CONTAINER_FIELDS,
        ...fields,
      },
    );
  };
  const ownerOnly = (request: SimulatorRequest): SimulatorResponse | undefined =>
    viewer(request).kind === 'owner' ? undefined : PLEX_UNAUTHORIZED;

  const sectionContents = (request: SimulatorRequest): SimulatorResponse => {
    const section = SECTIONS.find((candidate) => candidate.key === request.params['sectionKey']);
    if (section === undefined) return plexError(404);
    const type =
      queryValue(request, 'type') ?? (section.type === 'movie' ? '1' : section.type === 'show' ? '2' : '8');
    const lists: Record<string, Record<string, number[]>> = {
      movie: { '1': index.movies },
      show: { '2': index.shows, '3': index.seasons, '4': index.episodes },
    };
    const keys = sortKeys(index, liveKeys(lists[section.type]?.[type] ?? []), queryValue(request, 'sort'));
    return sendEntities(request, keys, sectionFields(section, type));
  };

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: '/identity',
      public: true,
      handler: (request) =>
        sendContainer(request, {
          size: 0,
          claimed: true,
          machineIdentifier: library.server.machineIdentifier,
          version: library.server.version,
        }),
    },
    {
      method: 'GET',
      pattern: '/library/sections',
      handler: (request) => sendSections(request, library.now, 'legacy'),
    },
    {
      method: 'GET',
      pattern: '/library/sections/all',
      handler: (request) => sendSections(request, library.now, 'current'),
    },
    { method: 'GET', pattern: '/library/sections/:sectionKey/all', handler: sectionContents },
    {
      method: 'GET',
      pattern: '/library/sections/:sectionKey/allLeaves',
      handler: (request) => {
        const section = SECTIONS.find((candidate) => candidate.key === request.params['sectionKey']);
        if (section === undefined) return plexError(404);
        const leaves =
          section.type === 'show' ? index.episodes : section.type === 'movie' ? index.movies : [];
        return sendEntities(
          request,
          liveKeys(leaves),
          sectionFields(section, section.type === 'show' ? '4' : '1'),
        );
      },
    },
    ...['GET', 'POST'].map((method): Route => ({
      method: method as 'GET' | 'POST',
      pattern: '/library/sections/:sectionKey/refresh',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        const key = request.params['sectionKey'] ?? '';
        if (!SECTIONS.some((section) => section.key === key)) return plexError(404);
        state.refreshedSections.push(key);
        return { status: 200, text: '' };
      },
    })),
    {
      method: 'GET',
      pattern: '/library/metadata/:ratingKeys',
      handler: (request) => {
        const keys = (request.params['ratingKeys'] ?? '').split(',').map(Number);
        const entities = live(keys);
        if (entities.length === 0) return plexError(404);
        const render = renderOptions(request, true);
        const first = entities[0];
        return sendContainer(request, {
          size: entities.length,
          ...CONTAINER_FIELDS,
          ...(first !== undefined && entities.length === 1
            ? { librarySectionID: Number(sectionOf(first)) }
            : {}),
          Metadata: entities.map((entity) => ({
            ...renderMetadata(index, entity, render),
            librarySectionID: Number(sectionOf(entity)),
          })),
        });
      },
    },
    {
      method: 'GET',
      pattern: '/library/metadata/:ratingKey/children',
      handler: (request) => {
        const parent = live([Number(request.params['ratingKey'])])[0];
        if (parent === undefined) return plexError(404);
        const children =
          parent.kind === 'show'
            ? parent.series.seasons.flatMap((season) => (season.plex === null ? [] : [season.plex.ratingKey]))
            : parent.kind === 'season'
              ? index.leavesOf(parent)
              : [];
        return sendEntities(request, liveKeys(children), {
          key: String(parent.ratingKey),
          librarySectionID: Number(sectionOf(parent)),
        });
      },
    },
    {
      method: 'GET',
      pattern: '/library/metadata/:ratingKey/allLeaves',
      handler: (request) => {
        const parent = live([Number(request.params['ratingKey'])])[0];
        if (parent === undefined) return plexError(404);
        return sendEntities(request, liveKeys(index.leavesOf(parent)), { key: String(parent.ratingKey) });
      },
    },
    {
      method: 'DELETE',
      pattern: '/library/metadata/:ratingKey',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        if (!state.allowMediaDeletion) return plexError(403);
        const entity = live([Number(request.params['ratingKey'])])[0];
        if (entity === undefined) return plexError(404);
        for (const key of [entity.ratingKey, ...index.leavesOf(entity)]) state.removedRatingKeys.add(key);
        return { status: 200, text: '' };
      },
    },
    {
      method: 'DELETE',
      pattern: '/library/metadata/:ratingKey/media/:mediaId',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        if (!state.allowMediaDeletion) return plexError(403);
        const entity = live([Number(request.params['ratingKey'])])[0];
        const mediaId = Number(request.params['mediaId']);
        const versions =
          entity?.kind === 'movie'
            ? entity.movie.plex?.versions
            : entity?.kind === 'episode'
              ? entity.episode.plex?.versions
              : undefined;
        if (
          versions === undefined ||
          !versions.some((version) => version.mediaId === mediaId) ||
          state.removedMediaIds.has(mediaId)
        ) {
          return plexError(404);
        }
        state.removedMediaIds.add(mediaId);
        return { status: 200, text: '' };
      },
    },
    {
      method: 'GET',
      pattern: '/status/sessions/history/all',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        // A client pages through one selection; selecting it once keeps a 290,000-play history fast to page.
        const filterKey = [...request.query]
          .filter(([key]) => !key.toLowerCase().startsWith('x-plex-'))
          .map(([key, value]) => `${key}=${value}`)
          .join('&')
          .concat(`#${history.length}`);
        const rows = historySelections.get(filterKey) ?? selectHistory(request, index, history);
        if (typeof rows === 'string') return plexError(400);
        if (historySelections.size > 50) historySelections.clear();
        historySelections.set(filterKey, rows);
        return sendPage(
          request,
          paginate(request, rows, state.paging),
          (row) => renderHistoryRow(index, row),
          {},
        );
      },
    },
    {
      method: 'GET',
      pattern: '/accounts',
      handler: (request) => {
        const refusal = ownerOnly(request);
        if (refusal !== undefined) return refusal;
        const accounts = library.users.filter((user) => user.hasServerAccess).map(renderAccount);
        return sendContainer(request, {
          size: accounts.length,
          identifier: 'com.plexapp.system.accounts',
          Account: accounts,
        });
      },
    },
  ];

  const server = await startSimulatorServer({
    routes,
    port: options.port,
    authorize: (request) => (usersByToken.has(tokenOf(request) ?? '') ? undefined : PLEX_UNAUTHORIZED),
    notFound: () => plexError(404),
    errorResponse: plexError,
  });
  return {
    url: server.url,
    state,
    faults: server.faults,
    requests: server.requests,
    ownerToken: owner.serverToken,
    stop: server.stop,
  };
}

function tokenOf(request: SimulatorRequest): string | undefined {
  return headerValue(request, 'X-Plex-Token') ?? queryValue(request, 'X-Plex-Token');
}

function sectionOf(entity: PlexEntity): string {
  return entity.kind === 'movie' ? '1' : '2';
}
