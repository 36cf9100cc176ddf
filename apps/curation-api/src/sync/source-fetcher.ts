// The fetch phase of a sync: reads every source in bulk and in pages, all sources at once (each
// client bounds its own concurrency, timeouts and read retries), and returns either a complete
// snapshot or the failure of each source that failed. What the source cache shows unchanged is
// taken from it instead of read (docs/decisions/052). Nothing here writes: a failed source must
// leave the catalog, and everyone's watch state, as they were (docs/decisions/036); the cache
// updates travel with the snapshot and are stored only if the sync switches.
import { Logger } from '@nestjs/common';
import { MediaClientError } from '@platform/curation-media-clients';
import type { OverseerrRequest } from '@platform/curation-media-clients';
import type { Connection } from '../connections/connection.repository';
import type { MediaServerBinding } from '../mediaserver/media-server-binding.repository';
import { readPlexHistory, readPlexLibrary } from './plex-reader';
import type { PlexReuse } from './plex-reader';
import { connectionScope, plexScope, SourceCache } from './source-cache';
import type { SourceCacheResult, StoredSource } from './source-cache';
import type { FetchedSnapshot, RadarrSnapshot } from './source-snapshot';
import { readSonarr } from './sonarr-reader';
import type { SyncSourceFactory } from './sync-sources';

export interface SyncFailure {
  /** Which system failed: `plex`, `plex history`, `plex.tv`, `sonarr: <name>`, … */
  readonly source: string;
  readonly message: string;
}

/** What the fetch took from the source cache instead of reading it. */
export interface CacheReuse extends PlexReuse {
  sonarrSeriesReused: number;
}

export type FetchOutcome =
  | {
      readonly ok: true;
      readonly snapshot: FetchedSnapshot;
      readonly cache: SourceCacheResult;
      readonly reuse: CacheReuse;
    }
  | { readonly ok: false; readonly errors: readonly SyncFailure[] };

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

  async fetch(
    binding: MediaServerBinding,
    connections: readonly Connection[],
    stored: ReadonlyMap<string, StoredSource> = new Map(),
  ): Promise<FetchOutcome> {
    const plex = this.track(this.factory.plexServer(binding.baseUrl, binding.token));
    const cache = new SourceCache(stored);
    const reuse: CacheReuse = { sectionsReused: 0, historyIncremental: false, sonarrSeriesReused: 0 };
    const scope = plexScope(binding);
    const label = (connection: Connection) => `${connection.type}: ${connection.name}`;
    const tasks = {
      library: this.task('plex', () => readPlexLibrary(plex, cache, scope, reuse)),
      history: this.task('plex history', () => readPlexHistory(plex, cache, scope, reuse)),
      owner: this.task('plex.tv', () => this.ownerAccountId(binding)),
      radarr: connections
        .filter((connection) => connection.type === 'radarr')
        .map((connection) => this.task(label(connection), () => this.readRadarr(connection))),
      sonarr: connections
        .filter((connection) => connection.type === 'sonarr')
        .map((connection) => this.task(label(connection), () => this.readSonarr(connection, cache, reuse))),
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
        plex: {
          library: value(tasks.library),
          history: value(tasks.history),
          ownerAccountId: value(tasks.owner),
        },
        radarr: tasks.radarr.map(value),
        sonarr: tasks.sonarr.map(value),
        overseerrRequests: tasks.overseerr.flatMap(value),
      },
      cache: cache.result(),
      reuse,
    };
  }

  private total = 0;
  private done = 0;

  /** How long each source took to read, in the order they finished: `radarr: Radarr 12.3 s, …`. */
  get sourceTimes(): string {
    return this.finished
      .map(([source, milliseconds]) => `${source} ${(milliseconds / 1000).toFixed(1)} s`)
      .join(', ');
  }

  private readonly finished: [source: string, milliseconds: number][] = [];

  private task<T>(source: string, read: () => Promise<T>): Task<T> {
    const task: Task<T> = {
      result: undefined,
      run: async () => {
        const started = performance.now();
        try {
          task.result = { ok: true, value: await read() };
        } catch (error) {
          task.result = { ok: false, failure: this.failureOf(source, error) };
        }
        this.finished.push([source, performance.now() - started]);
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

  private async readSonarr(
    connection: Connection,
    cache: SourceCache,
    reuse: CacheReuse,
  ): Promise<FetchedSnapshot['sonarr'][number]> {
    const sonarr = this.track(this.factory.sonarr(connection.baseUrl, connection.apiKey));
    const read = await readSonarr(sonarr, cache, `sonarr/${connection.id}`, connectionScope(connection));
    reuse.sonarrSeriesReused += read.seriesReused;
    const { profiles, series, files } = read;
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
