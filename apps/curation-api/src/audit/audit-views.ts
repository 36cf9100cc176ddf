// What GET /api/v1/audit answers (spec's audit response, plus `total` and each record's action,
// outcome and item id). `id` and `details` are strings: details is the stored JSON object as text.
import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions';
import type { AuditOutcome, LedgerRow } from './audit-ledger.repository';

export class AuditRecordView {
  @ApiProperty({ example: '42' })
  id!: string;

  @ApiProperty({
    description: "The subject: an item's title, `<series> — Season <n>`, a user, key, connection…",
  })
  title!: string;

  @ApiProperty({ type: String, nullable: true, enum: ['movie', 'series'] })
  mediaType!: 'movie' | 'series' | null;

  @ApiProperty({ type: 'integer', description: 'Bytes this row freed; 0 for rows that delete nothing.' })
  bytesFreed!: number;

  @ApiProperty()
  actor!: string;

  @ApiProperty({ format: 'date-time', description: 'ISO 8601 UTC.' })
  executedAt!: string;

  @ApiProperty({ description: 'A JSON object as text: what happened, never a secret.' })
  details!: string;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action!: AuditAction;

  @ApiProperty({
    enum: ['completed', 'in_progress', 'interrupted'],
    description:
      '`in_progress`: a prune under way (its process alive); `interrupted`: a prune whose process ended before completing it — `details.targets` says what it had done.',
  })
  outcome!: AuditOutcome;

  @ApiProperty({ type: String, nullable: true, example: 'movie-tmdb-603' })
  mediaItemId!: string | null;
}

export class AuditResponseView {
  @ApiProperty({ type: [AuditRecordView], description: 'Newest first.' })
  logs!: AuditRecordView[];

  @ApiProperty({ type: 'integer', description: 'Bytes freed over the whole ledger, not this page.' })
  totalBytesFreed!: number;

  @ApiProperty({ type: 'integer', description: 'How many records match the filters, over all pages.' })
  total!: number;
}

export function auditRecordView(row: LedgerRow): AuditRecordView {
  return {
    id: row.id,
    title: row.title,
    mediaType: row.mediaType,
    bytesFreed: row.bytesFreed,
    actor: row.actor,
    executedAt: row.executedAt.toISOString(),
    details: row.details,
    action: row.action,
    outcome: row.outcome,
    mediaItemId: row.mediaItemId,
  };
}
