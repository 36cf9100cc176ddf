// A Tautulli simulator: `/api/v2?apikey=…&cmd=…` for get_history (paged by start/length, filtered
// by user, item and section), get_users and get_libraries. Tautulli names users by plex.tv id,
// so the owner is their plex.tv id here, not Plex's local account 1.
import type { FaultController } from '../http/fault-rules';
import { queryValue, startSimulatorServer } from '../http/simulator-server';
import type { RecordedRequest, SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import type { LibraryUser, MediaLibrary, PlayRecord } from '../library/media-library.types';
import { PlexLibraryIndex, SECTIONS } from '../plex/plex-library-index';

export interface TautulliOptions {
  readonly library: MediaLibrary;
  readonly port?: number;
}

export interface TautulliSimulator {
  readonly url: string;
  readonly apiKey: string;
  /** The plays Tautulli recorded (its own copy of the server's history). */
  readonly state: { readonly history: PlayRecord[] };
  readonly faults: FaultController;
  readonly requests: readonly RecordedRequest[];
  stop(): Promise<void>;
}

export async function startTautulli(options: TautulliOptions): Promise<TautulliSimulator> {
  const { library } = options;
  const index = new PlexLibraryIndex(library);
  const history = [...library.history];
  const byLocalId = new Map(library.users.map((user) => [user.localAccountId, user]));
  const apiKey = library.tautulliApiKey;

  const commands: Record<string, (request: SimulatorRequest) => SimulatorResponse> = {
    get_history: (request) => getHistory(request, index, history, byLocalId, library.users),
    get_users: () => success(library.users.filter((user) => user.hasServerAccess).map(renderUser)),
    get_libraries: () =>
      success(
        SECTIONS.map((section) => ({
          section_id: section.key,
          section_name: section.title,
          section_type: section.type,
          count: String(
            section.type === 'movie' ? index.movies.length : section.type === 'show' ? index.shows.length : 0,
          ),
          is_active: 1,
        })),
      ),
  };

  const server = await startSimulatorServer({
    routes: [
      {
        method: 'GET',
        pattern: '/api/v2',
        handler: (request) => {
          const command = queryValue(request, 'cmd') ?? '';
          const handler = commands[command];
          return handler === undefined ? failure(400, `Unknown command: ${command}`) : handler(request);
        },
      },
    ],
    port: options.port,
    authorize: (request) =>
      queryValue(request, 'apikey') === apiKey ? undefined : failure(401, 'Invalid apikey'),
    notFound: () => ({ status: 404, text: 'Not Found' }),
    errorResponse: (status) => failure(status, `Injected failure ${status}`),
  });
  return {
    url: server.url,
    apiKey,
    state: { history },
    faults: server.faults,
    requests: server.requests,
    stop: server.stop,
  };
}

function getHistory(
  request: SimulatorRequest,
  index: PlexLibraryIndex,
  history: readonly PlayRecord[],
  byLocalId: ReadonlyMap<number, LibraryUser>,
  users: readonly LibraryUser[],
): SimulatorResponse {
  const userId = optional(queryValue(request, 'user_id'));
  const localId =
    userId === undefined ? undefined : (users.find((user) => user.plexId === userId)?.localAccountId ?? -1);
  const ratingKey = optional(queryValue(request, 'rating_key'));
  const grandparent = optional(queryValue(request, 'grandparent_rating_key'));
  const parent = optional(queryValue(request, 'parent_rating_key'));
  const section = queryValue(request, 'section_id');
  const start = optional(queryValue(request, 'start')) ?? 0;
  const length = optional(queryValue(request, 'length')) ?? 25;
  const rows = history
    .filter((play) => {
      const entity = index.byRatingKey.get(play.ratingKey);
      if (localId !== undefined && play.localAccountId !== localId) return false;
      if (ratingKey !== undefined && play.ratingKey !== ratingKey) return false;
      if (
        grandparent !== undefined &&
        (entity?.kind !== 'episode' || entity.series.plex?.ratingKey !== grandparent)
      )
        return false;
      if (parent !== undefined && (entity?.kind !== 'episode' || entity.season.plex?.ratingKey !== parent))
        return false;
      if (
        section !== undefined &&
        (entity === undefined || (entity.kind === 'movie' ? '1' : '2') !== section)
      )
        return false;
      return true;
    })
    .reverse();
  const page = rows.slice(start, start + length).map((play) => renderPlay(index, play, byLocalId));
  return success({
    recordsFiltered: rows.length,
    recordsTotal: history.length,
    data: page,
    draw: 1,
    filter_duration: '1 ms',
    total_duration: '0 mins',
  });
}

function renderPlay(
  index: PlexLibraryIndex,
  play: PlayRecord,
  byLocalId: ReadonlyMap<number, LibraryUser>,
): Record<string, unknown> {
  const entity = index.byRatingKey.get(play.ratingKey);
  const user = byLocalId.get(play.localAccountId);
  const duration =
    entity?.kind === 'movie'
      ? (entity.movie.plex?.versions[0]?.file.durationMs ?? 0) / 1000
      : entity?.kind === 'episode'
        ? (entity.episode.plex?.versions[0]?.file.durationMs ?? 0) / 1000
        : 0;
  const episode = entity?.kind === 'episode' ? entity : undefined;
  const title =
    entity?.kind === 'movie'
      ? entity.movie.title
      : episode === undefined
        ? ''
        : `Episode ${episode.episode.episodeNumber}`;
  return {
    reference_id: play.historyId,
    row_id: play.historyId,
    id: play.historyId,
    date: play.viewedAt,
    started: play.viewedAt - Math.round(duration),
    stopped: play.viewedAt,
    duration: Math.round(duration),
    play_duration: Math.round(duration),
    paused_counter: 0,
    user_id: user?.plexId ?? play.localAccountId,
    user: user?.username ?? user?.title ?? '',
    friendly_name: user?.title ?? '',
    platform: 'Android',
    product: 'Plex for Android (TV)',
    player: 'SHIELD',
    ip_address: '192.0.2.20',
    live: 0,
    machine_id: `device-${play.deviceId}`,
    media_type: entity?.kind === 'movie' ? 'movie' : 'episode',
    rating_key: play.ratingKey,
    parent_rating_key: episode?.season.plex?.ratingKey ?? '',
    grandparent_rating_key: episode?.series.plex?.ratingKey ?? '',
    full_title: episode === undefined ? title : `${episode.series.title} - ${title}`,
    title,
    parent_title: episode === undefined ? '' : `Season ${episode.season.seasonNumber}`,
    grandparent_title: episode?.series.title ?? '',
    year: entity?.kind === 'movie' ? entity.movie.year : '',
    media_index: episode?.episode.episodeNumber ?? '',
    parent_media_index: episode?.season.seasonNumber ?? '',
    transcode_decision: 'direct play',
    percent_complete: 100,
    watched_status: 1,
    group_count: 1,
    group_ids: String(play.historyId),
    state: null,
  };
}

function renderUser(user: LibraryUser): Record<string, unknown> {
  return {
    user_id: user.plexId,
    username: user.username ?? '',
    friendly_name: user.title,
    email: user.email ?? '',
    thumb: `https://plex.tv/users/${user.uuid}/avatar`,
    is_home_user: user.kind === 'home' ? 1 : 0,
    is_admin: user.kind === 'owner' ? 1 : 0,
    is_restricted: user.restricted ? 1 : 0,
    is_allow_sync: user.restricted ? 0 : 1,
    is_active: 1,
    do_notify: 1,
    keep_history: 1,
    allow_guest: 0,
    shared_libraries: SECTIONS.map((section) => section.key),
  };
}

function success(data: unknown): SimulatorResponse {
  return { status: 200, json: { response: { result: 'success', message: null, data } } };
}

function failure(status: number, message: string): SimulatorResponse {
  return { status, json: { response: { result: 'error', message, data: {} } } };
}

function optional(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}
