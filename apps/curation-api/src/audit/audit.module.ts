// The audit ledger: every feature that mutates imports this module and records through AuditLedger.
import { Module } from '@nestjs/common';
import { AuditLedger } from './audit-ledger';
import { AuditLedgerRepository } from './audit-ledger.repository';

@Module({
  providers: [AuditLedgerRepository, AuditLedger],
  exports: [AuditLedger, AuditLedgerRepository],
})
export class AuditModule {}
