// POST /api/v1/catalog/{id}/protect, POST /api/v1/catalog/protect (bulk) and
// POST /api/v1/catalog/{id}/request-protect (spec 4.3). The bulk route has one path segment after
// /catalog and the per-item routes two, so Express never confuses "protect" with an item id.
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type Caller, CurrentCaller } from '../access/caller';
import { AdminOnly, SignedIn } from '../access/curation-roles';
import { BulkProtectDto } from './dto/bulk-protect.dto';
import { ProtectDto } from './dto/protect.dto';
import { RequestProtectDto } from './dto/request-protect.dto';
import { ProtectionRequestService } from './protection-request.service';
import { ProtectionService } from './protection.service';
import { BulkProtectionView, ProtectionRequestView, ProtectionStateView } from './protection-views';

@ApiTags('protection')
@Controller('api/v1/catalog')
export class CatalogProtectionController {
  constructor(
    private readonly protection: ProtectionService,
    private readonly requests: ProtectionRequestService,
  ) {}

  @Post('protect')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary:
      'Protects or unprotects up to 500 items at once, all or nothing: 404 names ids not in the catalog, 400 repeated ids.',
  })
  @ApiOkResponse({ type: BulkProtectionView })
  @ApiNotFoundResponse({ description: 'Some ids are not in the catalog; nothing changed.' })
  @ApiBadRequestResponse({ description: 'A malformed or repeated id, or no reason to protect.' })
  @ApiConflictResponse({
    description: 'A prune of some item is running (protection.prune-running); nothing changed.',
  })
  protectMany(@CurrentCaller() caller: Caller, @Body() body: BulkProtectDto): Promise<BulkProtectionView> {
    return this.protection.protectMany(caller, body.ids, {
      isProtected: body.isProtected,
      reason: body.reason,
    });
  }

  @Post(':id/protect')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: "Sets the item's protection; a protected item is never pruned." })
  @ApiOkResponse({ type: ProtectionStateView })
  @ApiBadRequestResponse({ description: 'isProtected missing, no reason to protect, or an invalid reason.' })
  @ApiNotFoundResponse({ description: 'No such catalog item.' })
  @ApiConflictResponse({ description: 'A prune of the item is running (protection.prune-running).' })
  protect(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: ProtectDto,
  ): Promise<ProtectionStateView> {
    return this.protection.protect(caller, id, { isProtected: body.isProtected, reason: body.reason });
  }

  @Post(':id/request-protect')
  @SignedIn()
  @ApiOperation({ summary: 'Asks an Admin to protect the item; a pending request blocks pruning it.' })
  @ApiCreatedResponse({ type: ProtectionRequestView })
  @ApiBadRequestResponse({ description: 'A missing or invalid reason.' })
  @ApiNotFoundResponse({ description: 'No such catalog item.' })
  @ApiConflictResponse({
    description: 'Protected already, a pending request from the caller, or a prune of the item running.',
  })
  requestProtection(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: RequestProtectDto,
  ): Promise<ProtectionRequestView> {
    return this.requests.request(caller, id, body.reason);
  }
}
