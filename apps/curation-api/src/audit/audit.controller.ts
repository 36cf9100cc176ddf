// GET /api/v1/audit (spec 4.3, Admin): the ledger, newest first, filtered and paged.
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../access/curation-roles';
import { ApiPagingQueries } from '../catalog/paging-query.api';
import { AUDIT_ACTIONS } from './audit-actions';
import { AuditLedger } from './audit-ledger';
import {
  AUDIT_DEFAULT_LIMIT,
  AUDIT_MAX_ACTOR_LENGTH,
  AUDIT_MAX_LIMIT,
  parseAuditQuery,
} from './audit-query.parser';
import { auditRecordView, AuditResponseView } from './audit-views';

@ApiTags('audit')
@AdminOnly()
@Controller('api/v1/audit')
export class AuditController {
  constructor(private readonly ledger: AuditLedger) {}

  @Get()
  @ApiOperation({
    summary: 'Every mutation made through the API, newest first; totalBytesFreed is over the whole ledger.',
  })
  @ApiPagingQueries(AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT)
  @ApiQuery({ name: 'action', required: false, enum: AUDIT_ACTIONS })
  @ApiQuery({
    name: 'actor',
    required: false,
    schema: { type: 'string', maxLength: AUDIT_MAX_ACTOR_LENGTH },
    description: 'Exact actor name, e.g. a Plex username or api-key:<name>.',
  })
  @ApiQuery({
    name: 'from',
    required: false,
    schema: { type: 'string', example: '2026-11-26T18:30:00Z' },
    description: 'Inclusive; ISO 8601 date or timestamp with zone.',
  })
  @ApiQuery({
    name: 'to',
    required: false,
    schema: { type: 'string', example: '2026-11-27' },
    description: 'Exclusive; ISO 8601 date or timestamp with zone; later than from.',
  })
  @ApiOkResponse({ type: AuditResponseView })
  @ApiBadRequestResponse({
    description: 'An unknown, repeated or invalid parameter (query.invalid-parameter names it).',
  })
  async list(@Query() query: Record<string, unknown>): Promise<AuditResponseView> {
    const parsed = parseAuditQuery(query);
    const page = await this.ledger.list(parsed.filter, { limit: parsed.limit, offset: parsed.offset });
    return { logs: page.rows.map(auditRecordView), totalBytesFreed: page.totalBytesFreed, total: page.total };
  }
}
