// What the connection endpoints answer: a connection without its key, and a test's outcome.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONNECTION_TYPES, type ConnectionSummary, type ConnectionType } from './connection.repository';

export class ConnectionView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: CONNECTION_TYPES })
  type!: ConnectionType;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  baseUrl!: string;

  @ApiProperty()
  is4k!: boolean;

  @ApiProperty({ description: 'Always true: a connection has a key, which is never returned.' })
  hasApiKey!: true;

  @ApiProperty({ format: 'date-time', description: 'ISO 8601 UTC.' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', description: 'ISO 8601 UTC.' })
  updatedAt!: string;
}

export function connectionView(connection: ConnectionSummary): ConnectionView {
  return {
    id: connection.id,
    type: connection.type,
    name: connection.name,
    baseUrl: connection.baseUrl,
    is4k: connection.is4k,
    hasApiKey: true,
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
  };
}

export class ConnectionTestView {
  @ApiProperty()
  ok!: boolean;

  @ApiPropertyOptional({ description: 'What the system calls itself, when it says (Sonarr, Radarr).' })
  appName?: string;

  @ApiPropertyOptional()
  version?: string;

  @ApiPropertyOptional({
    description:
      'Why the test failed: unreachable, timeout, unauthorized, wrong-app, not-found, bad-status, bad-answer.',
  })
  reason?: string;

  @ApiPropertyOptional({ description: 'What went wrong, for people; never holds the key.' })
  error?: string;
}
