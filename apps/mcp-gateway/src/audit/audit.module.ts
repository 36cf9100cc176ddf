// The audit log: writing events and reading them back (the administrators' API is audit-api/).
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventEntity } from './audit-event.entity';
import { AuditEventRepository } from './audit-event.repository';
import { AuditService } from './audit.service';

@Module({
  imports: [TypeOrmModule.forFeature([AuditEventEntity])],
  providers: [AuditEventRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
