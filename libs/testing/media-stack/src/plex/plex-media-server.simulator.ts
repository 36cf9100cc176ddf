// A Plex Media Server simulator: identity, library sections and their contents (with includeGuids),
// allLeaves, metadata by ratingKey (comma lists too), children, history for all accounts, accounts,
// section refresh and item deletion, with Plex's auth, paging and XML-unless-JSON answers.
import type { FaultController } from '../http/fault-rules';
import { startSimulatorServer } from '../http/simulator-server';
import type { RecordedRequest, Route } from '../http/simulator-server';
import type { LibraryMovie, LibraryUser, MediaLibrary, PlayRecord } from '../library/media-library.types';
import { PLEX_UNAUTHORIZED, plexError } from './plex-container';
import type { PlexPagingOptions } from './plex-container';
import type { PlexEntity } from './plex-library-index';
import { plexLibraryRoutes } from './plex-library.routes';
import { MOVIE_SECTION, PlexLibraryIndex, SECTIONS, sectionKeyOf } from './plex-library-index';
import { createPlexRouteContext, tokenOf } from './plex-route-context';
import { plexServerRoutes } from './plex-server.routes';

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
  /** Versions gone; add them with removeMedia so the item goes with its last version, as in Plex. */
  readonly removedMediaIds: Set<number>;
  /** Section keys refreshed, in order. */
  readonly refreshedSections: string[];
  /** Plex's "Allow media deletion" setting; deletions answer 403 without it. */
  allowMediaDeletion: boolean;
  paging: PlexPagingOptions;
  /**
   * Each section's `contentChangedAt`: the server's change stamp (a counter, not a time) at the
   * section's last content change. Every change below advances it, as Plex does.
   */
  readonly contentChangedAt: Map<string, number>;
  addPlay(play: Omit<PlayRecord, 'historyId'>): PlayRecord;
  /** Deletes one history row (Plex's "remove from watch history"). */
  removePlay(historyId: number): void;
  /** A movie Plex scanned in: it joins the movie section (its ratingKey must be new). */
  addMovie(movie: LibraryMovie): void;
  /**
   * For a test that changed a section's items in the library objects directly (a file's size, a
   * title): records the change as a scan would, so the section's marker advances.
   */
  noteContentChanged(sectionKey: string): void;
  /**
   * Removes one version (a deleted file, once Plex has scanned and emptied its trash). Plex lists
   * no movie or episode without a version: with its last version the item goes, and a season or
   * show goes with its last episode.
   */
  removeMedia(mediaId: number): void;
  /** Deletes an item with everything under it (a show's seasons and episodes). */
  removeItem(entity: PlexEntity): void;
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
  // Real servers' stamps are large counters shared by all sections; each section starts at its own.
  let changeStamp = FIRST_CHANGE_STAMP;
  const contentChangedAt = new Map<string, number>(
    SECTIONS.map((section) => [section.key, (changeStamp += 1)]),
  );
  const contentChanged = (sectionKey: string) => {
    changeStamp += 1;
    contentChangedAt.set(sectionKey, changeStamp);
  };
  const forgetHistorySelections = () => {
    index.forgetWatchState();
    historySelections.clear();
  };
  const state: PlexMediaServerState = {
    index,
    history,
    removedRatingKeys: new Set(),
    removedMediaIds: new Set(),
    refreshedSections: [],
    allowMediaDeletion: true,
    paging: options.paging ?? {},
    contentChangedAt,
    addPlay: (play) => {
      const row = { historyId: (history[history.length - 1]?.historyId ?? 0) + 1, ...play };
      history.push(row);
      forgetHistorySelections();
      return row;
    },
    removePlay: (historyId) => {
      const at = history.findIndex((row) => row.historyId === historyId);
      if (at < 0) throw new Error(`no history row ${historyId}`);
      history.splice(at, 1);
      forgetHistorySelections();
    },
    addMovie: (movie) => {
      index.addMovie(movie);
      contentChanged(MOVIE_SECTION.key);
    },
    noteContentChanged: contentChanged,
    removeMedia: (mediaId) => {
      const holder = index.holderOfMedia(mediaId);
      if (holder === undefined) throw new Error(`no Plex version with media id ${mediaId}`);
      state.removedMediaIds.add(mediaId);
      removeEmptiedItems(index, state);
      contentChanged(sectionKeyOf(holder));
    },
    removeItem: (entity) => {
      for (const key of [entity.ratingKey, ...index.leavesOf(entity)]) state.removedRatingKeys.add(key);
      contentChanged(sectionKeyOf(entity));
    },
  };

  const context = createPlexRouteContext(library, index, state, historySelections, usersByToken);
  const routes: Route[] = [...plexLibraryRoutes(context), ...plexServerRoutes(context)];

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

/** Plex's change stamps count every change the server ever made; a server in use is far along. */
const FIRST_CHANGE_STAMP = 9_173_960;

/** Drops movies and episodes left without versions, then seasons and shows left without episodes. */
function removeEmptiedItems(index: PlexLibraryIndex, state: PlexMediaServerState): void {
  const versionsLeft = (versions: readonly { mediaId: number }[]) =>
    versions.some((version) => !state.removedMediaIds.has(version.mediaId));
  for (const entity of index.byRatingKey.values()) {
    if (entity.kind === 'movie' && !versionsLeft(entity.movie.plex?.versions ?? []))
      state.removedRatingKeys.add(entity.ratingKey);
    if (entity.kind === 'episode' && !versionsLeft(entity.episode.plex?.versions ?? []))
      state.removedRatingKeys.add(entity.ratingKey);
  }
  for (const entity of index.byRatingKey.values()) {
    if (entity.kind !== 'season' && entity.kind !== 'show') continue;
    if (index.leavesOf(entity).every((leaf) => state.removedRatingKeys.has(leaf)))
      state.removedRatingKeys.add(entity.ratingKey);
  }
}
