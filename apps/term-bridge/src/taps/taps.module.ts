// Diagnostics and accountability: the taps (ring buffer, GET /taps, persisted events with
// retention) and the injection audit.
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AUDIT_SETTINGS, type AuditSettings, InjectionAuditService } from '../audit/injection-audit.service';
import { InjectionAuditEntity } from '../audit/injection-audit.entity';
import type { BridgeConfig } from '../config/bridge-config';
import { TapEventEntity } from './tap-event.entity';
import { TapsController } from './taps.controller';
import { TAP_SETTINGS, type TapSettings, TapsService } from './taps.service';

@Module({})
export class DiagnosticsModule {
  static register(config: BridgeConfig, auth: DynamicModule): DynamicModule {
    const tapSettings: TapSettings = {
      capacity: config.TERM_BRIDGE_TAPS_CAPACITY,
      persist: config.TERM_BRIDGE_TAPS_PERSIST,
      retentionDays: config.TERM_BRIDGE_TAPS_RETENTION_DAYS,
    };
    const auditSettings: AuditSettings = {
      storesText: config.TERM_BRIDGE_AUDIT_TEXT,
      ...(config.TERM_BRIDGE_API_KEY === undefined ? {} : { digestKey: config.TERM_BRIDGE_API_KEY }),
    };
    return {
      module: DiagnosticsModule,
      imports: [TypeOrmModule.forFeature([TapEventEntity, InjectionAuditEntity]), auth],
      controllers: [TapsController],
      providers: [
        { provide: TAP_SETTINGS, useValue: tapSettings },
        { provide: AUDIT_SETTINGS, useValue: auditSettings },
        TapsService,
        InjectionAuditService,
      ],
      exports: [TapsService, InjectionAuditService],
    };
  }
}

export const DIAGNOSTICS_ENTITIES = [TapEventEntity, InjectionAuditEntity];
