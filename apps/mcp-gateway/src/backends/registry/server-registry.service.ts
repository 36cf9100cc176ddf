// The backend server registry: the set of servers every other part of the gateway sees. The
// database is the shared truth between replicas; each replica keeps an in-memory copy that it
// refreshes every few seconds, at once after its own changes, and when another replica announces
// one (replicas/change-feed.ts). Servers from the declarative
// file are owned by the file (the API refuses to edit them); servers created through the API
// are owned by the API (the file cannot take them over).
import { EventEmitter } from 'node:events';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { withAdvisoryLock } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../replicas/change-feed';
import type { BackendCatalog } from '../../access/backend-catalog';
import type { BackendServerDefinition } from '../backend-server';
import type { BackendServerEntity, ServerSource } from './backend-server.entity';
import { BackendServerRepository, toRow } from './backend-server.repository';
import { readServersFile } from './servers-file.reader';

export interface RegisteredServer {
  readonly definition: BackendServerDefinition;
  readonly source: ServerSource;
  readonly updatedAt: Date;
  readonly updatedBy: string;
}

export interface RegistryOptions {
  /** GATEWAY_SERVERS_FILE; undefined: no declarative file. */
  readonly serversFile?: string;
  /** How often the copy is refreshed from the database (other replicas' changes). */
  readonly refreshMs: number;
  /** How often the declarative file is checked for changes. */
  readonly fileCheckMs: number;
  /** Servers the gateway itself provides (the `router`); their ids are reserved for stored servers. */
  readonly builtins?: readonly BackendServerDefinition[];
}

export const REGISTRY_OPTIONS = Symbol('REGISTRY_OPTIONS');

@Injectable()
export class ServerRegistry implements BackendCatalog, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ServerRegistry');
  private servers = new Map<string, RegisteredServer>();
  private readonly events = new EventEmitter();
  private timers: NodeJS.Timeout[] = [];
  /** Periodic refreshes and file syncs under way, awaited before shutdown. */
  private readonly running = new Set<Promise<void>>();
  private lastFileText?: string;
  private readonly builtins: ReadonlyMap<string, RegisteredServer>;
  private stopListening?: () => void;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rows: BackendServerRepository,
    @Inject(REGISTRY_OPTIONS) private readonly options: RegistryOptions,
    private readonly feed: ChangeFeed,
  ) {
    const since = new Date();
    this.builtins = new Map(
      (options.builtins ?? []).map((definition) => [
        definition.id,
        { definition, source: 'builtin', updatedAt: since, updatedBy: 'gateway' },
      ]),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.syncFile();
    await this.refresh();
    this.timers.push(setInterval(() => this.track(this.refresh(), 'refresh'), this.options.refreshMs));
    if (this.options.serversFile !== undefined) {
      this.timers.push(setInterval(() => this.track(this.syncFile(), 'file sync'), this.options.fileCheckMs));
    }
    for (const timer of this.timers) timer.unref();
    this.stopListening = this.feed.on((event) => {
      if (event.kind === 'servers' || event.kind === 'resync') this.track(this.refresh(), 'refresh');
    });
  }

  /**
   * Before any module shuts down (the database among them): no new periodic work, and the work
   * under way finishes, so a refresh never runs against a closed connection.
   */
  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.stopListening?.();
    await Promise.all(this.running);
  }

  private track(work: Promise<void>, what: string): void {
    const running = work.catch((error: unknown) => this.warn(what, error));
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }

  list(): RegisteredServer[] {
    return [...this.servers.values()].sort((a, b) => a.definition.id.localeCompare(b.definition.id));
  }

  get(id: string): RegisteredServer | undefined {
    return this.servers.get(id);
  }

  categoriesOf(serverId: string): readonly string[] {
    return this.servers.get(serverId)?.definition.categories ?? [];
  }

  isRegistered(serverId: string): boolean {
    return this.servers.has(serverId);
  }

  registeredCategories(): ReadonlySet<string> {
    return new Set(this.list().flatMap((server) => server.definition.categories));
  }

  /** Called with the ids whose definition changed, appeared or disappeared. */
  onChange(listener: (changedIds: readonly string[]) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  /** Reloads the copy from the database and tells listeners what changed. */
  async refresh(): Promise<void> {
    const rows = await this.rows.all();
    // Reserved ids cannot be stored through the validator; a row written around it is ignored.
    const next = new Map([
      ...rows.filter((row) => !this.builtins.has(row.id)).map((row) => [row.id, toRegistered(row)] as const),
      ...this.builtins,
    ]);
    const changed = [...new Set([...this.servers.keys(), ...next.keys()])].filter(
      (id) => JSON.stringify(this.servers.get(id)?.definition) !== JSON.stringify(next.get(id)?.definition),
    );
    this.servers = next;
    if (changed.length > 0) this.events.emit('change', changed);
  }

  /** Applies the declarative file when its content changed; an invalid file changes nothing. */
  async syncFile(): Promise<void> {
    const path = this.options.serversFile;
    if (path === undefined) return;
    const result = await readServersFile(path);
    if (!result.ok) {
      const text = result.problems.join('\n');
      if (text !== this.lastFileText) {
        this.logger.error(`GATEWAY_SERVERS_FILE not applied; the registry keeps its servers:\n${text}`);
      }
      this.lastFileText = text;
      return;
    }
    const text = JSON.stringify(result.servers);
    if (text === this.lastFileText) return;
    await withAdvisoryLock(this.dataSource, 'gatewayServersFileSync', (manager) =>
      this.applyFile(this.rows.within(manager), result.servers, path),
    );
    this.lastFileText = text;
    await this.refresh();
  }

  private async applyFile(
    rows: BackendServerRepository,
    servers: readonly BackendServerDefinition[],
    path: string,
  ): Promise<void> {
    const existing = new Map((await rows.all()).map((row) => [row.id, row]));
    for (const server of servers) {
      if (existing.get(server.id)?.source === 'api') {
        this.logger.error(
          `${path}: server "${server.id}" is managed through the API; the file entry is ignored`,
        );
        continue;
      }
      await rows.upsert({
        ...toRow(server),
        source: 'file',
        updatedBy: 'servers-file',
        updatedAt: new Date(),
      });
    }
    const inFile = new Set(servers.map((server) => server.id));
    const removed = [...existing.values()].filter((row) => row.source === 'file' && !inFile.has(row.id));
    if (removed.length > 0) await rows.delete(removed.map((row) => row.id));
    this.logger.log(`Applied ${path}: ${servers.length} server(s), ${removed.length} removed`);
  }

  private warn(what: string, error: unknown): void {
    this.logger.warn({ err: error }, `Server registry ${what} failed; keeping the current servers`);
  }
}

function toRegistered(row: BackendServerEntity): RegisteredServer {
  const definition: BackendServerDefinition = {
    id: row.id,
    displayName: row.displayName,
    ...(row.alias === null ? {} : { alias: row.alias }),
    url: row.url,
    type: row.type,
    categories: row.categories,
    enabled: row.enabled,
    hidden: row.hidden,
    secretProvider: row.secretProvider,
    ...(row.secretPath === null ? {} : { secretPath: row.secretPath }),
    ...(row.secretField === null ? {} : { secretField: row.secretField }),
    ...(row.secretItemKey === null ? {} : { secretItemKey: row.secretItemKey }),
    authShape: row.authShape,
    ...(row.authParameter === null ? {} : { authParameter: row.authParameter }),
    headers: row.headers,
    allowPassThroughAuth: row.allowPassThroughAuth,
    requestTimeoutMs: row.requestTimeoutMs,
  };
  return { definition, source: row.source, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
}
