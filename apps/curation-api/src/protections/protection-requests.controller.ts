// /api/v1/protection-requests: the list (Admins all, everyone else their own), and approving,
// denying (Admin) or withdrawing (the requester) a pending request.
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { type Caller, CurrentCaller } from '../access/caller';
import { AdminOnly, SignedIn } from '../access/curation-roles';
import { ApiPagingQueries } from '../catalog/paging-query.api';
import { DecideRequestDto } from './dto/decide-request.dto';
import {
  parseRequestListQuery,
  REQUEST_LIST_DEFAULT_LIMIT,
  REQUEST_LIST_MAX_LIMIT,
} from './protection-request-query.parser';
import { ProtectionRequestService } from './protection-request.service';
import { REQUEST_STATUSES } from './protection.repository';
import { ProtectionRequestPageView, ProtectionRequestView } from './protection-views';

@ApiTags('protection')
@Controller('api/v1/protection-requests')
export class ProtectionRequestsController {
  constructor(private readonly requests: ProtectionRequestService) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: 'Protection requests, newest first: Admins see all, others their own.' })
  @ApiQuery({ name: 'status', required: false, enum: REQUEST_STATUSES })
  @ApiPagingQueries(REQUEST_LIST_DEFAULT_LIMIT, REQUEST_LIST_MAX_LIMIT)
  @ApiOkResponse({ type: ProtectionRequestPageView })
  @ApiBadRequestResponse({
    description: 'An unknown, repeated or invalid parameter (query.invalid-parameter names it).',
  })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: Record<string, unknown>,
  ): Promise<ProtectionRequestPageView> {
    return this.requests.list(caller, parseRequestListQuery(query));
  }

  @Post(':id/approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Approves a pending request and protects its item.' })
  @ApiOkResponse({ type: ProtectionRequestView })
  @ApiBadRequestResponse({ description: 'An invalid note.' })
  @ApiNotFoundResponse({ description: 'No such request.' })
  @ApiConflictResponse({ description: 'The request is decided already.' })
  approve(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: DecideRequestDto,
  ): Promise<ProtectionRequestView> {
    return this.requests.approve(caller, id, body.note);
  }

  @Post(':id/deny')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Denies a pending request; the item stays unprotected.' })
  @ApiOkResponse({ type: ProtectionRequestView })
  @ApiBadRequestResponse({ description: 'An invalid note.' })
  @ApiNotFoundResponse({ description: 'No such request.' })
  @ApiConflictResponse({ description: 'The request is decided already.' })
  deny(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: DecideRequestDto,
  ): Promise<ProtectionRequestView> {
    return this.requests.deny(caller, id, body.note);
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  @SignedIn()
  @ApiOperation({ summary: 'The requester takes back their own pending request.' })
  @ApiOkResponse({ type: ProtectionRequestView })
  @ApiBadRequestResponse({ description: 'An invalid note.' })
  @ApiNotFoundResponse({ description: 'No such request of the caller.' })
  @ApiConflictResponse({ description: 'The request is decided already.' })
  withdraw(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: DecideRequestDto,
  ): Promise<ProtectionRequestView> {
    return this.requests.withdraw(caller, id, body.note);
  }
}
