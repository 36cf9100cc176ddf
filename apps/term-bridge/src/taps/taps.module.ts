// Diagnostics: the taps (ring buffer, GET /taps, persisted events with retention).
import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { BridgeConfig } from '../config/bridge-config';
import { TapEventEntity } from './tap-event.entity';
import { TapEventRepository } from './tap-event.repository';
import { TapsController } from './taps.controller';
import { TAP_SETTINGS, type TapSettings, TapsService } from './taps.service';

@Module({})
export class TapsModule {
  static register(config: BridgeConfig, auth: DynamicModule): DynamicModule {
    const tapSettings: TapSettings = {
      capacity: config.TERM_BRIDGE_TAPS_CAPACITY,
      persist: config.TERM_BRIDGE_TAPS_PERSIST,
      retentionDays: config.TERM_BRIDGE_TAPS_RETENTION_DAYS,
    };
    return {
      module: TapsModule,
      imports: [TypeOrmModule.forFeature([TapEventEntity]), auth],
      controllers: [TapsController],
      providers: [{ provide: TAP_SETTINGS, useValue: tapSettings }, TapEventRepository, TapsService],
      exports: [TapsService],
    };
  }
}

export const TAPS_ENTITIES = [TapEventEntity];
