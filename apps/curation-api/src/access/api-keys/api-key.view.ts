// What the API shows of an API key: never its digest, and the key itself only on creation.
import { ApiProperty } from '@nestjs/swagger';
import { CURATION_ROLES, type CurationRole } from '../curation-roles';
import type { ApiKeyRecord } from './api-key.repository';

export class ApiKeyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: CURATION_ROLES })
  role!: CurationRole;

  @ApiProperty({ description: 'Who created it: a Plex username, `api-key:<name>` or `bootstrap-api-key`.' })
  createdBy!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'To 5 minutes.' })
  lastUsedAt!: string | null;
}

export class CreatedApiKeyView extends ApiKeyView {
  @ApiProperty({ description: 'Send as `X-Api-Key`. Shown this once: only its digest is stored.' })
  key!: string;
}

export function toApiKeyView(record: ApiKeyRecord): ApiKeyView {
  return {
    id: record.id,
    name: record.name,
    role: record.role,
    createdBy: record.createdBy,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
  };
}
