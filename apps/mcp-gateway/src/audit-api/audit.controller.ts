// `GET /api/audit`: the audit log, newest first, filtered and paged; administrators only.
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDate, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { ApiRoles } from '../access/authentication/api-access.decorators';
import type { AuditEventEntity } from '../audit/audit-event.entity';
import { AuditService } from '../audit/audit.service';

export class AuditQueryDto {
  @ApiPropertyOptional({
    description: 'A user name; ASCII letters ignore case. Every source unless `identitySource` is given.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  user?: string;

  @ApiPropertyOptional({
    description: 'Where the user name comes from: `sso`, `oidc:<issuer>#<claim>`, `admin-key`.',
    example: 'sso',
  })
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  identitySource?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 256) server?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Length(1, 256) method?: string;
  @ApiPropertyOptional({ example: 'authentication.failed' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  kind?: string;

  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(100) @Max(599) status?: number;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @Type(() => Date) @IsDate() from?: Date;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @Type(() => Date) @IsDate() to?: Date;

  @ApiPropertyOptional({ default: 100, maximum: 1000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ default: 0 }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
}

export class AuditEventView {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'date-time' }) occurredAt!: string;
  @ApiProperty() eventKind!: string;
  @ApiProperty({ nullable: true, type: String }) username!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Where `username` comes from.' })
  identitySource!: string | null;
  @ApiProperty({ nullable: true, type: String }) serverId!: string | null;
  @ApiProperty({ nullable: true, type: String }) method!: string | null;
  @ApiProperty({ nullable: true, type: Number }) durationMs!: number | null;
  @ApiProperty({ nullable: true, type: Number }) statusCode!: number | null;
  @ApiProperty({ nullable: true, type: String }) sourceAddress!: string | null;
  @ApiProperty({ nullable: true, type: Object }) parameters!: unknown;
  @ApiProperty({ nullable: true, type: Object }) details!: unknown;
}

export class AuditPageView {
  @ApiProperty({ type: [AuditEventView] }) events!: AuditEventView[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

@ApiTags('audit')
@ApiBearerAuth()
@ApiRoles('administrator')
@Controller('api/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOkResponse({ type: AuditPageView })
  async query(@Query() query: AuditQueryDto): Promise<AuditPageView> {
    const limit = query.limit ?? 100;
    const offset = query.offset ?? 0;
    const { events, total } = await this.audit.query({
      username: query.user,
      identitySource: query.identitySource,
      serverId: query.server,
      method: query.method,
      eventKind: query.kind,
      statusCode: query.status,
      from: query.from,
      to: query.to,
      limit,
      offset,
    });
    return { events: events.map(toView), total, limit, offset };
  }
}

function toView(event: AuditEventEntity): AuditEventView {
  return { ...event, id: String(event.id), occurredAt: event.occurredAt.toISOString() };
}
