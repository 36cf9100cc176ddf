// All SQL about the audit log: the batched insert (one array parameter per column, so the
// statement and its cost do not grow with the batch) and the administrators' filtered query.
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { userNameKey, userNameKeySql } from '../user-names/user-names';
import { AuditEventEntity } from './audit-event.entity';
import type { AuditEvent, AuditQuery } from './audit.service';
import { sanitizeForAudit } from './sanitize-for-audit';

@Injectable()
export class AuditEventRepository {
  private insertStatement: string | undefined;

  constructor(@InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>) {}

  /** Writes the events in one statement; all or none. */
  async insertMany(events: readonly AuditEvent[]): Promise<void> {
    this.insertStatement ??= `INSERT INTO ${this.events.metadata.tablePath
      .split('.')
      .map((part) => `"${part}"`)
      .join('.')} (${INSERT_COLUMNS.map(([column]) => `"${column}"`).join(', ')})
      SELECT * FROM unnest(${INSERT_COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`;
    await this.events.query(this.insertStatement, columnsOf(events.map(toRow)));
  }

  /** Newest first, with the total count for paging. */
  async find(query: AuditQuery): Promise<{ events: AuditEventEntity[]; total: number }> {
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

function toRow(event: AuditEvent): RowValue[] {
  return [
    event.occurredAt ?? new Date(),
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
