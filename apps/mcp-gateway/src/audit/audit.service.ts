// Writes and reads the audit log. Writing never fails the caller's request: a lost audit row
// is logged loudly, but a user's action that already happened is not turned into an error.
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditEventEntity } from './audit-event.entity';
import type { AuditEventKind } from './audit-event-kind';
import { sanitizeForAudit } from './sanitize-for-audit';

export interface AuditEvent {
  kind: AuditEventKind;
  username?: string | null;
  serverId?: string | null;
  method?: string | null;
  durationMs?: number | null;
  statusCode?: number | null;
  sourceAddress?: string | null;
  parameters?: unknown;
  details?: Record<string, unknown>;
}

export interface AuditQuery {
  username?: string;
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

  constructor(@InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>) {}

  async record(event: AuditEvent): Promise<void> {
    await this.recordMany([event]);
  }

  /** Writes several events in one statement (the invocation audit's batches). */
  async recordMany(events: readonly AuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.events.insert(events.map(toRow));
    } catch (error) {
      this.logger.error({ err: error, count: events.length }, 'Could not write audit events');
    }
  }

  /** Newest first, with the total count for paging. */
  async query(query: AuditQuery): Promise<{ events: AuditEventEntity[]; total: number }> {
    const builder = this.events.createQueryBuilder('event');
    if (query.username !== undefined)
      builder.andWhere('event.username = :username', { username: query.username });
    if (query.serverId !== undefined)
      builder.andWhere('event.server_id = :serverId', { serverId: query.serverId });
    if (query.method !== undefined) builder.andWhere('event.method = :method', { method: query.method });
    if (query.eventKind !== undefined)
      builder.andWhere('event.event_kind = :kind', { kind: query.eventKind });
    if (query.statusCode !== undefined)
      builder.andWhere('event.status_code = :status', { status: query.statusCode });
    if (query.from !== undefined) builder.andWhere('event.occurred_at >= :from', { from: query.from });
    if (query.to !== undefined) builder.andWhere('event.occurred_at < :to', { to: query.to });
    const [events, total] = await builder
      .orderBy('event.occurred_at', 'DESC')
      .addOrderBy('event.id', 'DESC')
      .take(query.limit)
      .skip(query.offset)
      .getManyAndCount();
    return { events, total };
  }
}

function toRow(event: AuditEvent) {
  return {
    eventKind: event.kind,
    username: event.username ?? null,
    serverId: event.serverId ?? null,
    method: event.method ?? null,
    durationMs:
      event.durationMs === undefined || event.durationMs === null ? null : Math.round(event.durationMs),
    statusCode: event.statusCode ?? null,
    sourceAddress: event.sourceAddress ?? null,
    parameters: event.parameters === undefined ? null : sanitizeForAudit(event.parameters),
    details: event.details === undefined ? null : sanitizeForAudit(event.details),
  };
}
