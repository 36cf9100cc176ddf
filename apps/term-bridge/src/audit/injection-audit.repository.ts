// All SQL about the injection audit: one row per input typed into a session.
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { InjectionAuditEntity } from './injection-audit.entity';

export type NewInjectionAudit = Omit<InjectionAuditEntity, 'id' | 'occurredAt'>;

@Injectable()
export class InjectionAuditRepository {
  constructor(
    @InjectRepository(InjectionAuditEntity) private readonly audit: Repository<InjectionAuditEntity>,
  ) {}

  async insert(row: NewInjectionAudit): Promise<void> {
    await this.audit.insert(row);
  }

  /** The most recent rows, newest first. */
  recent(limit: number): Promise<InjectionAuditEntity[]> {
    return this.audit.find({ order: { id: 'DESC' }, take: limit });
  }
}
