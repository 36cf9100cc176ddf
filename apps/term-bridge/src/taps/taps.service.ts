// Records diagnostic events: always into the in-memory ring that GET /taps reads, and (unless
// switched off) into the database in batches, off the request path; stored events are deleted
// after the retention period. Recording never throws and never blocks a request.
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnModuleInit,
} from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import { TapEventRepository } from './tap-event.repository';
import type { TapEvent, TapFilter, TapKind } from './tap-event';
import { RingBuffer } from './tap-ring-buffer';

export interface TapSettings {
  readonly capacity: number;
  readonly persist: boolean;
  readonly retentionDays: number;
}

export const TAP_SETTINGS = Symbol('TAP_SETTINGS');

const FLUSH_INTERVAL_MS = 1000;
const FLUSH_BATCH = 200;
/** Events waiting for the database beyond this are dropped (the database is down or slow). */
const MAX_PENDING = 10_000;
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

@Injectable()
export class TapsService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Taps');
  private readonly ring: RingBuffer<TapEvent>;
  private readonly pending: TapEvent[] = [];
  private nextId = 1;
  private flushTimer: NodeJS.Timeout | undefined;
  private retentionTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    @Inject(TAP_SETTINGS) private readonly settings: TapSettings,
    private readonly events: TapEventRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.ring = new RingBuffer(settings.capacity);
  }

  onModuleInit(): void {
    if (!this.settings.persist) return;
    void this.deleteExpired();
    this.retentionTimer = setInterval(() => void this.deleteExpired(), RETENTION_INTERVAL_MS);
    this.retentionTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.retentionTimer);
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flush();
  }

  record(kind: TapKind, session: string | null, data: Record<string, unknown> = {}): void {
    const event: TapEvent = { id: this.nextId++, at: this.clock.now().toISOString(), kind, session, data };
    this.ring.push(event);
    if (!this.settings.persist) return;
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(event);
    if (this.pending.length >= FLUSH_BATCH) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
  }

  list(filter: TapFilter): { events: TapEvent[]; capacity: number; dropped: number } {
    const matching = this.ring
      .toArray()
      .filter((event) => filter.session === undefined || event.session === filter.session)
      .filter((event) => filter.kind === undefined || event.kind === filter.kind);
    return {
      events: matching.slice(-filter.limit),
      capacity: this.ring.capacity,
      dropped: this.ring.dropped,
    };
  }

  /** Writes waiting events to the database (one batch insert per call). */
  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flushing;
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    this.flushing = this.events
      .insertMany(
        batch.map((event) => ({
          occurredAt: new Date(event.at),
          kind: event.kind,
          sessionName: event.session,
          data: { ...event.data },
        })),
      )
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.warn({ err: error }, `Could not store ${batch.length} diagnostic events`),
      );
    await this.flushing;
  }

  /** Deletes stored events older than the retention period; returns how many. */
  async deleteExpired(now = this.clock.now()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.settings.retentionDays * 24 * 60 * 60 * 1000);
    try {
      return await this.events.deleteOlderThan(cutoff);
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not delete expired diagnostic events');
      return 0;
    }
  }
}
