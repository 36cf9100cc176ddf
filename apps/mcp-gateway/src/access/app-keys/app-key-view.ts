// What the API returns about a key. Digests are never part of it.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AppKeyEntity, AppKeyKind } from './app-key.entity';

export class AppKeyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: ['app_key', 'client', 'admin'] })
  kind!: AppKeyKind;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: "The owner's name (spec: Username), within `identitySource`." })
  username!: string;

  @ApiProperty({
    description:
      "Where the owner's name comes from: `sso`, `oidc:<issuer>#<claim>`, `admin-key` (an administrator key's, named by its prefix; no person) or `unassigned` (made before owners had a source, and not placeable: administrators only).",
    example: 'sso',
  })
  identitySource!: string;

  @ApiProperty({ example: 'mcp-srv-files-0123456789abcdef0123456789abcdef' })
  keyPrefix!: string;

  @ApiProperty({ type: [String], example: ['server:files'] })
  scopes!: string[];

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  expiresAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  lastUsedAt!: string | null;
}

export class CreatedAppKeyView extends AppKeyView {
  @ApiProperty({ description: 'The whole key. Shown once: only its digest is stored.' })
  plaintextKey!: string;
}

export function toAppKeyView(key: AppKeyEntity): AppKeyView {
  return {
    id: key.id,
    kind: key.kind,
    name: key.name,
    username: key.username,
    identitySource: key.identitySource,
    keyPrefix: key.keyPrefix,
    scopes: Array.isArray(key.scopes)
      ? key.scopes.filter((scope): scope is string => typeof scope === 'string')
      : [],
    expiresAt: key.expiresAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}
