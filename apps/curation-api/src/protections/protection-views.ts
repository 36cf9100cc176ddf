// What the protection endpoints answer: an item's protection state and a protection request, with
// times as ISO 8601 UTC strings.
import { ApiProperty } from '@nestjs/swagger';
import {
  type Protection,
  type ProtectionRequest,
  REQUEST_STATUSES,
  type RequestStatus,
} from './protection.repository';

export class ProtectionStateView {
  @ApiProperty()
  isProtected!: boolean;

  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Who protected it (an actor name).' })
  protectedBy!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'ISO 8601 UTC.' })
  protectedAt!: string | null;
}

export class ItemProtectionView extends ProtectionStateView {
  @ApiProperty({ example: 'movie-tmdb-603' })
  id!: string;
}

export class BulkProtectionView {
  @ApiProperty({ type: [ItemProtectionView], description: 'Every item of the request, in its order.' })
  items!: ItemProtectionView[];

  @ApiProperty({
    type: 'integer',
    description:
      'How many items were written: to protect, every item (reason, protector and time set anew); to unprotect, those that were protected.',
  })
  changed!: number;
}

export class ProtectionRequestView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'movie-tmdb-603' })
  mediaItemId!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The title while the item is in the catalog.' })
  title!: string | null;

  @ApiProperty({ enum: REQUEST_STATUSES })
  status!: RequestStatus;

  @ApiProperty()
  reason!: string;

  @ApiProperty({ description: 'Who asked (a Plex username, api-key:<name> or bootstrap-api-key).' })
  requestedBy!: string;

  @ApiProperty({ format: 'date-time', description: 'ISO 8601 UTC.' })
  requestedAt!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Who approved, denied or withdrew it.' })
  decidedBy!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'ISO 8601 UTC.' })
  decidedAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The decider's note." })
  note!: string | null;
}

export class ProtectionRequestPageView {
  @ApiProperty({ type: [ProtectionRequestView], description: 'Newest first.' })
  requests!: ProtectionRequestView[];

  @ApiProperty({ type: 'integer', description: 'How many requests match, over all pages.' })
  total!: number;

  @ApiProperty({ type: 'integer' })
  limit!: number;

  @ApiProperty({ type: 'integer' })
  offset!: number;
}

const UNPROTECTED: ProtectionStateView = {
  isProtected: false,
  reason: null,
  protectedBy: null,
  protectedAt: null,
};

export function protectionStateView(protection: Protection | undefined): ProtectionStateView {
  if (protection === undefined) return { ...UNPROTECTED };
  return {
    isProtected: true,
    reason: protection.reason,
    protectedBy: protection.protectedBy,
    protectedAt: protection.protectedAt.toISOString(),
  };
}

export function protectionRequestView(request: ProtectionRequest): ProtectionRequestView {
  return {
    id: request.id,
    mediaItemId: request.itemId,
    title: request.title,
    status: request.status,
    reason: request.reason,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt.toISOString(),
    decidedBy: request.decidedBy,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    note: request.note,
  };
}
