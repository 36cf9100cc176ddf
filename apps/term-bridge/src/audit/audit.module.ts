// Accountability: the injection audit, written before anything is typed into a session.
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { BridgeConfig } from '../config/bridge-config';
import { InjectionAuditEntity } from './injection-audit.entity';
import { InjectionAuditRepository } from './injection-audit.repository';
import { AUDIT_SETTINGS, type AuditSettings, InjectionAuditService } from './injection-audit.service';

@Module({})
export class AuditModule {
  static register(config: BridgeConfig): DynamicModule {
    const auditSettings: AuditSettings = {
      storesText: config.TERM_BRIDGE_AUDIT_TEXT,
      ...(config.TERM_BRIDGE_API_KEY === undefined ? {} : { digestKey: config.TERM_BRIDGE_API_KEY }),
    };
    return {
      module: AuditModule,
      imports: [TypeOrmModule.forFeature([InjectionAuditEntity])],
      providers: [
        { provide: AUDIT_SETTINGS, useValue: auditSettings },
        InjectionAuditRepository,
        InjectionAuditService,
      ],
      exports: [InjectionAuditService],
    };
  }
}

export const AUDIT_ENTITIES = [InjectionAuditEntity];
