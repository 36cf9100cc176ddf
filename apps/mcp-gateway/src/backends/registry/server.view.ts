// What the administration API shows about a server. Secrets are never stored, so never
// shown; header values that look like credentials are masked.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUTH_SHAPES, BACKEND_TRANSPORTS, SECRET_PROVIDERS } from '../backend-server';
import type { BackendServerDefinition } from '../backend-server';
import { type BackendState, statusDetailField } from '../connections/backend-status';
import type { RegisteredServer } from './server-registry.service';

const SENSITIVE_HEADER = /authorization|cookie|key|token|secret|password|credential/i;

export class ServerStatusView {
  @ApiProperty({ enum: ['Disconnected', 'Connecting', 'Retrying', 'Connected', 'Failed', 'Disabled'] })
  state!: string;
  @ApiProperty({ description: 'Failed attempts since the last successful connection.' }) attempts!: number;
  @ApiPropertyOptional() lastError?: string;
  @ApiProperty({ format: 'date-time' }) since!: string;
  @ApiPropertyOptional() protocolVersion?: string;
  @ApiPropertyOptional({
    example: 'idle, starts on first use',
    description: 'Why the state reads as it does, where it alone misleads (a stdio server not started yet).',
  })
  detail?: string;
}

export class ServerView {
  @ApiProperty() id!: string;
  @ApiProperty() displayName!: string;
  @ApiPropertyOptional({ description: 'Namespace of its items in the aggregated views instead of the id.' })
  alias?: string;
  @ApiProperty({ description: 'Network URL, or for stdio the command line.' }) url!: string;
  @ApiProperty({ enum: BACKEND_TRANSPORTS }) type!: string;
  @ApiProperty({ type: [String] }) categories!: string[];
  @ApiProperty() enabled!: boolean;
  @ApiProperty() hidden!: boolean;
  @ApiProperty({ enum: SECRET_PROVIDERS }) secretProvider!: string;
  @ApiProperty({ description: 'A secret provider is configured (the secret itself is never returned).' })
  hasSecret!: boolean;
  @ApiPropertyOptional() secretPath?: string;
  @ApiPropertyOptional() secretField?: string;
  @ApiPropertyOptional() secretItemKey?: string;
  @ApiProperty({ enum: AUTH_SHAPES }) authShape!: string;
  @ApiPropertyOptional() authParameter?: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Credential-like values masked.',
  })
  headers!: Record<string, string>;
  @ApiProperty() allowPassThroughAuth!: boolean;
  @ApiProperty({ description: 'Per-request timeout in seconds.' }) requestTimeout!: number;
  @ApiProperty({
    enum: ['file', 'api', 'builtin'],
    description:
      '`file` servers are changed in GATEWAY_SERVERS_FILE only; `builtin` servers (the `router`) not at all.',
  })
  source!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty() updatedBy!: string;
  @ApiProperty({ type: ServerStatusView }) status!: ServerStatusView;
}

/** Request body documentation; the body is validated by the same rules as file entries. */
export class BackendServerInputDoc {
  @ApiProperty({ example: 'files' }) id!: string;
  @ApiPropertyOptional({ example: 'File server' }) displayName?: string;
  @ApiPropertyOptional({
    example: 'fs',
    description: 'Shorter namespace for tool names (`fs__read_file`); same rules as an id.',
  })
  alias?: string;
  @ApiProperty({ example: 'http://files.lan:3000/mcp' }) url!: string;
  @ApiProperty({ enum: BACKEND_TRANSPORTS }) type!: string;
  @ApiPropertyOptional({
    example: '["storage","home"]',
    description: 'JSON array text or comma-separated list.',
  })
  category?: string;
  @ApiPropertyOptional({ default: true }) enabled?: boolean;
  @ApiPropertyOptional({ default: false }) hidden?: boolean;
  @ApiPropertyOptional({ enum: SECRET_PROVIDERS, default: 'None' }) secretProvider?: string;
  @ApiPropertyOptional() secretPath?: string;
  @ApiPropertyOptional() secretField?: string;
  @ApiPropertyOptional() secretItemKey?: string;
  @ApiPropertyOptional({ enum: AUTH_SHAPES, default: 'bearer' }) authShape?: string;
  @ApiPropertyOptional({ description: 'Header name (custom-header) or query parameter (query).' })
  authParameter?: string;
  @ApiPropertyOptional({ example: '{"X-Tenant":"home"}' }) headersJson?: string;
  @ApiPropertyOptional({ default: false }) allowPassThroughAuth?: boolean;
  @ApiPropertyOptional({ default: 15, description: 'Seconds.' }) requestTimeout?: number;
}

export function toServerView(server: RegisteredServer, state: BackendState | undefined): ServerView {
  const { definition } = server;
  return {
    id: definition.id,
    displayName: definition.displayName,
    ...(definition.alias === undefined ? {} : { alias: definition.alias }),
    url: definition.url,
    type: definition.type,
    categories: [...definition.categories],
    enabled: definition.enabled,
    hidden: definition.hidden,
    secretProvider: definition.secretProvider,
    hasSecret: definition.secretProvider !== 'None',
    ...(definition.secretPath === undefined ? {} : { secretPath: definition.secretPath }),
    ...(definition.secretField === undefined ? {} : { secretField: definition.secretField }),
    ...(definition.secretItemKey === undefined ? {} : { secretItemKey: definition.secretItemKey }),
    authShape: definition.authShape,
    ...(definition.authParameter === undefined ? {} : { authParameter: definition.authParameter }),
    headers: Object.fromEntries(
      Object.entries(definition.headers).map(([name, value]) => [
        name,
        SENSITIVE_HEADER.test(name) ? '***' : value,
      ]),
    ),
    allowPassThroughAuth: definition.allowPassThroughAuth,
    requestTimeout: definition.requestTimeoutMs / 1000,
    source: server.source,
    updatedAt: server.updatedAt.toISOString(),
    updatedBy: server.updatedBy,
    status: toStatusView(definition, state, server.updatedAt),
  };
}

function toStatusView(
  definition: BackendServerDefinition,
  state: BackendState | undefined,
  updatedAt: Date,
): ServerStatusView {
  const withDetail = statusDetailField(definition.type, definition.enabled, state);
  if (state === undefined) {
    // No connection is kept for this server (disabled, or a transport connected on demand).
    const stateName = definition.enabled ? 'Disconnected' : 'Disabled';
    return { state: stateName, attempts: 0, since: updatedAt.toISOString(), ...withDetail };
  }
  return {
    state: state.status,
    attempts: state.attempts,
    ...(state.lastError === undefined ? {} : { lastError: state.lastError }),
    since: state.since.toISOString(),
    ...(state.protocolVersion === undefined ? {} : { protocolVersion: state.protocolVersion }),
    ...withDetail,
  };
}
