// Writes and reads the audit log. Writing never fails the caller's request: a lost audit row
// is logged loudly, but a user's action that already happened is not turned into an error.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { AuditEventEntity } from './audit-event.entity';
import type { AuditEventKind } from './audit-event-kind';
import { AuditEventRepository } from './audit-event.repository';

export interface AuditEvent {
  kind: AuditEventKind;
  /** When it happened; the time of writing otherwise. Batched events carry their own. */
  occurredAt?: Date;
  username?: string | null;
  /** The source of `username` (Principal.identitySource); a name alone does not say who it was. */
  identitySource?: string | null;
  serverId?: string | null;
  method?: string | null;
  durationMs?: number | null;
  statusCode?: number | null;
  sourceAddress?: string | null;
  parameters?: unknown;
  details?: Record<string, unknown>;
}

export interface AuditQuery {
  /** Compared as user names are (ASCII letters ignore case); with identitySource, one person's rows. */
  username?: string;
  identitySource?: string;
  serverId?: string;
  method?: string;
  eventKind?: string;
  statusCode?: number;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(
    private readonly events: AuditEventRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(event: AuditEvent): Promise<void> {
    await this.recordMany([event]);
  }

  /**
   * Writes several events in one statement (the invocation audit's batches); when the database
   * refuses the batch, each event on its own.
   */
  async recordMany(batch: readonly AuditEvent[]): Promise<void> {
    if (batch.length === 0) return;
    const now = this.clock.now();
    const events = batch.map((event) =>
      event.occurredAt === undefined ? { ...event, occurredAt: now } : event,
    );
    let failure: unknown;
    try {
      await this.events.insertMany(events);
      return;
    } catch (error) {
      failure = error;
    }
    // One row the database refuses must not take the rest of its batch with it.
    let lost = events.length === 1 ? 1 : 0;
    if (events.length > 1) {
      for (const event of events) {
        try {
          await this.events.insertMany([event]);
        } catch (error) {
          failure = error;
          lost += 1;
        }
      }
    }
    if (lost > 0)
      this.logger.error({ err: failure, count: lost, batch: events.length }, 'Could not write audit events');
  }

  /** Newest first, with the total count for paging. */
  query(query: AuditQuery): Promise<{ events: AuditEventEntity[]; total: number }> {
    return this.events.find(query);
  }
}
