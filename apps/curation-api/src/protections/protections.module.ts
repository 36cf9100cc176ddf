// Protection of catalog items and protection requests (issue 18, docs/decisions/044). Exports its
// services for other transports (the MCP endpoint) and the repository for pruning's refusals.
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CatalogProtectionController } from './catalog-protection.controller';
import { ProtectionRequestService } from './protection-request.service';
import { ProtectionRequestsController } from './protection-requests.controller';
import { ProtectionRepository } from './protection.repository';
import { ProtectionService } from './protection.service';

@Module({
  imports: [AuditModule],
  controllers: [CatalogProtectionController, ProtectionRequestsController],
  providers: [ProtectionRepository, ProtectionService, ProtectionRequestService],
  exports: [ProtectionService, ProtectionRequestService, ProtectionRepository],
})
export class ProtectionsModule {}
