// Changes that other replicas must apply at once, over PostgreSQL LISTEN/NOTIFY: a key revoked or
// rotated (its verification cache entry is dropped), access policies or group mappings changed
// (the rules snapshot is reloaded), the server registry changed (it is read again). The notice
// names what changed, never the change (payloads stay far below NOTIFY's 8000 bytes and carry no
// secret); the database stays the truth. Notices are not replayed, so the time-bounded caches stay
// as they were and are the fallback: while the LISTEN connection is down, changes apply within
// the caches' lifetimes, and after it is back every cache is dropped once, for whatever was missed
// meanwhile (docs/decisions/057-gateway-scale-out.md). The embedded database serves one process
// only (and PGlite does not deliver notifications across connections): no feed there.
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpMetrics } from '@platform/service-kit';
import { Client } from 'pg';
import { Counter, Gauge } from 'prom-client';
import { DataSource } from 'typeorm';

export const CHANGE_CHANNEL = 'mcp_gateway_changes';
/** The LISTEN connection's name in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION_NAME = 'mcp_gateway change feed';
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/** A LISTEN connection that cannot answer `SELECT 1` within this is dropped and made again. */
const HEARTBEAT_MS = 15_000;

export type ChangeNotice =
  | { readonly kind: 'app-key'; readonly keyPrefix: string }
  | { readonly kind: 'access-rules' }
  | { readonly kind: 'servers' };

/** A notice, or `resync`: notices may have been missed (the feed was down), drop everything cached. */
export type ChangeEvent = ChangeNotice | { readonly kind: 'resync' };

export interface ChangeFeedSettings {
  /** DATABASE_URL; undefined (the embedded database): no feed. */
  readonly databaseUrl?: string;
}

export const CHANGE_FEED_SETTINGS = Symbol('CHANGE_FEED_SETTINGS');

@Injectable()
export class ChangeFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ChangeFeed');
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  private readonly received: Counter<'kind'>;
  private readonly listeningGauge: Gauge;
  private client?: Client;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private stopped = false;
  private warned = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CHANGE_FEED_SETTINGS) private readonly settings: ChangeFeedSettings,
    metrics: HttpMetrics,
  ) {
    this.received = new Counter({
      name: 'mcp_gateway_change_notices_total',
      help: 'Change notices from other replicas (and this one) applied, by kind; resync after the feed reconnected.',
      labelNames: ['kind'],
      registers: [metrics.registry],
    });
    this.listeningGauge = new Gauge({
      name: 'mcp_gateway_change_feed_listening',
      help: '1 while the LISTEN connection for change notices is up; 0 means caches apply changes from other replicas only after their lifetimes.',
      registers: [metrics.registry],
    });
  }

  /** Whether notices reach this replica now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Called with every notice (this replica's own included) and with `resync`. */
  on(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells every replica about a change already committed. Never fails the caller: a lost notice
   * only means the other replicas apply the change within their caches' lifetimes.
   */
  async announce(notice: ChangeNotice): Promise<void> {
    if (this.settings.databaseUrl === undefined) return;
    try {
      await this.dataSource.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify(notice)]);
    } catch (error) {
      this.logger.warn({ err: error, msg: `Could not announce a ${notice.kind} change to other replicas` });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.databaseUrl === undefined) return;
    await this.connect();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.drop();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.settings.databaseUrl,
      application_name: CHANGE_FEED_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.deliver(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.retryLater(error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    if (this.warned) this.logger.log('Listening for changes from other replicas again');
    this.warned = false;
    this.listeningGauge.set(1);
    this.heartbeat = setInterval(() => void this.check(client), HEARTBEAT_MS);
    this.heartbeat.unref();
    // Whatever changed while nothing listened is applied now, not after the caches' lifetimes.
    this.emit({ kind: 'resync' });
  }

  private async check(client: Client): Promise<void> {
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('no answer to the heartbeat')), HEARTBEAT_MS / 3).unref();
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listeningGauge.set(0);
    clearInterval(this.heartbeat);
    client.end().catch(() => undefined);
    if (!this.stopped) this.retryLater(error);
  }

  private retryLater(error: unknown): void {
    if (this.stopped) return;
    if (!this.warned) {
      this.logger.warn({
        err: error,
        msg: 'Not listening for changes from other replicas; caches apply them within their lifetimes until the feed is back',
      });
      this.warned = true;
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    clearInterval(this.heartbeat);
    this.listeningGauge.set(0);
    await client?.end().catch(() => undefined);
  }

  private deliver(payload: string | undefined): void {
    const notice = parseNotice(payload);
    if (notice === undefined) return;
    this.emit(notice);
  }

  private emit(event: ChangeEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.warn({ err: error, msg: `A ${event.kind} change could not be applied` });
      }
    }
    this.received.inc({ kind: event.kind });
  }
}

/** A notice as announced, or undefined for anything else on the channel. */
function parseNotice(payload: string | undefined): ChangeNotice | undefined {
  if (payload === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, keyPrefix } = value as { kind?: unknown; keyPrefix?: unknown };
  if (kind === 'app-key' && typeof keyPrefix === 'string') return { kind, keyPrefix };
  if (kind === 'access-rules' || kind === 'servers') return { kind };
  return undefined;
}
