// Writes and reads the audit log. Writing never fails the caller's request: a lost audit row
// is logged loudly, but a user's action that already happened is not turned into an error.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditEventEntity } from './audit-event.entity';
import type { AuditEventKind } from './audit-event-kind';
import { userNameKey, userNameKeySql } from '../user-names/user-names';
import { sanitizeForAudit } from './sanitize-for-audit';

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
  private insertStatement: string | undefined;

  constructor(
    @InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(event: AuditEvent): Promise<void> {
    await this.recordMany([event]);
  }

  /**
   * Writes several events in one statement (the invocation audit's batches): one array parameter
   * per column, so the statement and its cost do not grow with the batch.
   */
  async recordMany(events: readonly AuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    let failure: unknown;
    try {
      await this.insert(events);
      return;
    } catch (error) {
      failure = error;
    }
    // One row the database refuses must not take the rest of its batch with it.
    let lost = events.length === 1 ? 1 : 0;
    if (events.length > 1) {
      for (const event of events) {
        try {
          await this.insert([event]);
        } catch (error) {
          failure = error;
          lost += 1;
        }
      }
    }
    if (lost > 0)
      this.logger.error({ err: failure, count: lost, batch: events.length }, 'Could not write audit events');
  }

  private insert(events: readonly AuditEvent[]): Promise<unknown> {
    this.insertStatement ??= `INSERT INTO ${this.events.metadata.tablePath
      .split('.')
      .map((part) => `"${part}"`)
      .join('.')} (${INSERT_COLUMNS.map(([column]) => `"${column}"`).join(', ')})
      SELECT * FROM unnest(${INSERT_COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`;
    return this.events.query(
      this.insertStatement,
      columnsOf(events.map((event) => toRow(event, this.clock.now()))),
    );
  }

  /** Newest first, with the total count for paging. */
  async query(query: AuditQuery): Promise<{ events: AuditEventEntity[]; total: number }> {
    const builder = this.events.createQueryBuilder('event');
    if (query.username !== undefined)
      builder.andWhere(`${userNameKeySql('event.username')} = :usernameKey`, {
        usernameKey: userNameKey(query.username),
      });
    if (query.identitySource !== undefined)
      builder.andWhere('event.identity_source = :identitySource', { identitySource: query.identitySource });
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

/** The columns an event fills, with their SQL types, in the order of `toRow`'s values. */
const INSERT_COLUMNS = [
  ['occurred_at', 'timestamptz'],
  ['event_kind', 'text'],
  ['username', 'text'],
  ['identity_source', 'text'],
  ['server_id', 'text'],
  ['method', 'text'],
  ['duration_ms', 'integer'],
  ['status_code', 'integer'],
  ['source_address', 'text'],
  ['parameters', 'jsonb'],
  ['details', 'jsonb'],
] as const;

type RowValue = Date | string | number | null;

/** `now`: when the event is written, for events that do not say when they happened. */
function toRow(event: AuditEvent, now: Date): RowValue[] {
  return [
    event.occurredAt ?? now,
    event.kind,
    event.username ?? null,
    event.identitySource ?? null,
    event.serverId ?? null,
    event.method ?? null,
    event.durationMs === undefined || event.durationMs === null ? null : Math.round(event.durationMs),
    event.statusCode ?? null,
    event.sourceAddress ?? null,
    // jsonb values travel as JSON text; `null` stays SQL NULL rather than the JSON literal.
    event.parameters === undefined ? null : jsonOrNull(sanitizeForAudit(event.parameters)),
    event.details === undefined ? null : jsonOrNull(sanitizeForAudit(event.details)),
  ];
}

function jsonOrNull(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}

/** Rows to one array per column. */
function columnsOf(rows: readonly RowValue[][]): RowValue[][] {
  return INSERT_COLUMNS.map((_, column) => rows.map((row) => row[column] ?? null));
}
