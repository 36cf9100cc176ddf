// The audit ledger: every feature that mutates imports this module and records through AuditLedger;
// GET /api/v1/audit reads it.
import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLedger } from './audit-ledger';
import { AuditLedgerRepository } from './audit-ledger.repository';

@Module({
  controllers: [AuditController],
  providers: [AuditLedgerRepository, AuditLedger],
  exports: [AuditLedger, AuditLedgerRepository],
})
export class AuditModule {}
