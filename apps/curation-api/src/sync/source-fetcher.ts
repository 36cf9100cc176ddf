// The fetch phase of a sync: reads every source in bulk and in pages, all sources at once (each
// client bounds its own concurrency, timeouts and read retries), and returns either a complete
// snapshot or the failure of each source that failed. Nothing here writes: a failed source must
// leave the catalog, and everyone's watch state, as they were (docs/decisions/036).
import { Logger } from '@nestjs/common';
import { mapWithConcurrency, MediaClientError } from '@platform/curation-media-clients';
import type {
  OverseerrRequest,
  PlexEpisode,
  PlexMovie,
  PlexShow,
  PlexServerApi,
} from '@platform/curation-media-clients';
import type { Connection } from '../connections/connection.repository';
import type { MediaServerBinding } from '../mediaserver/media-server-binding.repository';
import type { RadarrSnapshot, SonarrSnapshot, SourceSnapshot } from './source-snapshot';
import type { SyncSourceFactory } from './sync-sources';

export interface SyncFailure {
  /** Which system failed: `plex`, `plex history`, `plex.tv`, `sonarr: <name>`, … */
  readonly source: string;
  readonly message: string;
}

export type FetchOutcome =
  | { readonly ok: true; readonly snapshot: SourceSnapshot }
  | { readonly ok: false; readonly errors: readonly SyncFailure[] };

/** Series whose episode files one Sonarr instance is asked for at once. */
const EPISODE_FILE_CONCURRENCY = 8;

interface Counted {
  readonly requestCount: number;
}

export class SourceFetcher {
  private readonly logger = new Logger('Sync');
  private readonly clients: Counted[] = [];

  constructor(
    private readonly factory: SyncSourceFactory,
    private readonly onSourceDone: (done: number, total: number) => void,
  ) {}

  /** HTTP requests sent so far by every client of this fetch, retries included. */
  get httpRequests(): number {
    return this.clients.reduce((sum, client) => sum + client.requestCount, 0);
  }

  async fetch(binding: MediaServerBinding, connections: readonly Connection[]): Promise<FetchOutcome> {
    const plex = this.track(this.factory.plexServer(binding.baseUrl, binding.token));
    const label = (connection: Connection) => `${connection.type}: ${connection.name}`;
    const tasks = {
      library: this.task('plex', () => readPlexLibrary(plex)),
      history: this.task('plex history', () => plex.getWatchHistory()),
      owner: this.task('plex.tv', () => this.ownerAccountId(binding)),
      radarr: connections
        .filter((connection) => connection.type === 'radarr')
        .map((connection) => this.task(label(connection), () => this.readRadarr(connection))),
      sonarr: connections
        .filter((connection) => connection.type === 'sonarr')
        .map((connection) => this.task(label(connection), () => this.readSonarr(connection))),
      overseerr: connections
        .filter((connection) => connection.type === 'overseerr')
        .map((connection) => this.task(label(connection), () => this.readOverseerr(connection))),
    };
    const all = [
      tasks.library,
      tasks.history,
      tasks.owner,
      ...tasks.radarr,
      ...tasks.sonarr,
      ...tasks.overseerr,
    ];
    this.total = all.length;
    this.onSourceDone(0, this.total);
    const settled = await Promise.all(all.map((task) => task.run()));
    const errors = settled.flatMap((result) => (result.ok ? [] : [result.failure]));
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      snapshot: {
        plex: { ...value(tasks.library), history: value(tasks.history), ownerAccountId: value(tasks.owner) },
        radarr: tasks.radarr.map(value),
        sonarr: tasks.sonarr.map(value),
        overseerrRequests: tasks.overseerr.flatMap(value),
      },
    };
  }

  private total = 0;
  private done = 0;

  private task<T>(source: string, read: () => Promise<T>): Task<T> {
    const task: Task<T> = {
      result: undefined,
      run: async () => {
        try {
          task.result = { ok: true, value: await read() };
        } catch (error) {
          task.result = { ok: false, failure: this.failureOf(source, error) };
        }
        this.done += 1;
        this.onSourceDone(this.done, this.total);
        return task.result;
      },
    };
    return task;
  }

  private failureOf(source: string, error: unknown): SyncFailure {
    if (error instanceof MediaClientError) return { source, message: error.message };
    // Not a client error: a defect. Its text may hold anything, so it goes to the log only.
    this.logger.error(
      `sync: reading ${source} failed unexpectedly`,
      error instanceof Error ? error.stack : String(error),
    );
    return { source, message: `${source}: unexpected failure (see the service log)` };
  }

  private track<T extends Counted>(client: T): T {
    this.clients.push(client);
    return client;
  }

  /** The plex.tv id behind local account 1: from the binding, else the account of the server token. */
  private async ownerAccountId(binding: MediaServerBinding): Promise<string> {
    if (binding.ownerAccountId !== null) return binding.ownerAccountId;
    const account = await this.track(this.factory.plexTv()).getAccount(binding.token);
    return String(account.id);
  }

  private async readRadarr(connection: Connection): Promise<RadarrSnapshot> {
    const radarr = this.track(this.factory.radarr(connection.baseUrl, connection.apiKey));
    const [profiles, movies] = await Promise.all([radarr.getQualityProfiles(), radarr.getMovies()]);
    return { connectionId: connection.id, is4k: connection.is4k, profiles, movies };
  }

  private async readSonarr(connection: Connection): Promise<SonarrSnapshot> {
    const sonarr = this.track(this.factory.sonarr(connection.baseUrl, connection.apiKey));
    const [profiles, series] = await Promise.all([sonarr.getQualityProfiles(), sonarr.getSeries()]);
    // Sonarr v3 lists episode files per series only; series without files need no request.
    const withFiles = series
      .filter((entry) => entry.statistics.episodeFileCount > 0)
      .map((entry) => entry.id);
    const files = await sonarr.getEpisodeFilesOfSeries(withFiles, EPISODE_FILE_CONCURRENCY);
    return { connectionId: connection.id, is4k: connection.is4k, profiles, series, files };
  }

  private readOverseerr(connection: Connection): Promise<OverseerrRequest[]> {
    return this.track(this.factory.overseerr(connection.baseUrl, connection.apiKey)).getRequests();
  }
}

interface Task<T> {
  result: { ok: true; value: T } | { ok: false; failure: SyncFailure } | undefined;
  run(): Promise<{ ok: true; value: T } | { ok: false; failure: SyncFailure }>;
}

function value<T>(task: Task<T>): T {
  if (task.result?.ok !== true) throw new Error('a source was read as complete before it succeeded');
  return task.result.value;
}

async function readPlexLibrary(
  plex: PlexServerApi,
): Promise<{ movies: PlexMovie[]; shows: PlexShow[]; episodes: PlexEpisode[] }> {
  const sections = (await plex.getSections()).filter(
    (section) => section.type === 'movie' || section.type === 'show',
  );
  const movies: PlexMovie[] = [];
  const shows: PlexShow[] = [];
  const episodes: PlexEpisode[] = [];
  const reads = sections.flatMap((section) =>
    section.type === 'movie'
      ? [() => plex.getSectionItems(section.key)]
      : [() => plex.getSectionItems(section.key), () => plex.getSectionEpisodes(section.key)],
  );
  // A few lists at once: each is read page after page, since Plex may answer short pages.
  const lists = await mapWithConcurrency(reads, 4, (read) => read());
  for (const item of lists.flat()) {
    if (item.type === 'movie') movies.push(item);
    else if (item.type === 'show') shows.push(item);
    else if (item.type === 'episode') episodes.push(item);
  }
  return { movies, shows, episodes };
}
