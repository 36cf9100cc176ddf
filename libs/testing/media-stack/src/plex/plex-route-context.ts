// What the Plex route tables share: the library, its index and the server's mutable state, and the
// helpers every route uses (who is asking, what is still on the server, paging and rendering).
import { headerValue, queryFlag, queryValue } from '../http/simulator-server';
import type { SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import type { LibraryUser, MediaLibrary, PlayRecord } from '../library/media-library.types';
import { PLEX_UNAUTHORIZED, paginate, sendPage } from './plex-container';
import type { PlexEntity, PlexLibraryIndex } from './plex-library-index';
import { renderMetadata } from './plex-metadata';
import type { RenderOptions } from './plex-metadata';
import type { PlexMediaServerState } from './plex-media-server.simulator';

export const CONTAINER_FIELDS = {
  allowSync: true,
  identifier: 'com.plexapp.plugins.library',
  mediaTagPrefix: '/system/bundle/media/flags/',
  mediaTagVersion: 1734362201,
};

export interface PlexRouteContext {
  readonly library: MediaLibrary;
  readonly index: PlexLibraryIndex;
  readonly state: PlexMediaServerState;
  readonly history: PlayRecord[];
  /** History selections per filter, kept while a client pages through one. */
  readonly historySelections: Map<string, PlayRecord[]>;
  viewer(request: SimulatorRequest): LibraryUser;
  renderOptions(request: SimulatorRequest, includeGuids: boolean): RenderOptions;
  live(ratingKeys: readonly number[]): PlexEntity[];
  liveKeys(ratingKeys: readonly number[]): readonly number[];
  sendEntities(
    request: SimulatorRequest,
    ratingKeys: readonly number[],
    fields: Record<string, unknown>,
  ): SimulatorResponse;
  ownerOnly(request: SimulatorRequest): SimulatorResponse | undefined;
}

export function tokenOf(request: SimulatorRequest): string | undefined {
  return headerValue(request, 'X-Plex-Token') ?? queryValue(request, 'X-Plex-Token');
}

export function createPlexRouteContext(
  library: MediaLibrary,
  index: PlexLibraryIndex,
  state: PlexMediaServerState,
  historySelections: Map<string, PlayRecord[]>,
  usersByToken: ReadonlyMap<string, LibraryUser>,
): PlexRouteContext {
  const history = state.history;
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

  return {
    library,
    index,
    state,
    history,
    historySelections,
    viewer,
    renderOptions,
    live,
    liveKeys,
    sendEntities,
    ownerOnly,
  };
}
