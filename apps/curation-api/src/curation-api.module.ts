// How the Media Curation API is assembled: its descriptor, configuration and root module.
import { DynamicModule, Module } from '@nestjs/common';
import {
  BaseServiceConfig,
  ServiceDefinition,
  ServiceDescriptor,
  ServiceKitModule,
} from '@platform/service-kit';
import { MIGRATIONS } from './database/migrations';

export const DESCRIPTOR: ServiceDescriptor = {
  name: 'curation-api',
  title: 'Media Curation API',
  description:
    'Groups Plex media managed by Sonarr and Radarr into smart categories, prunes and protects items, and keeps an audit ledger.',
  version: '0.1.0',
  database: { schema: 'curation', migrations: MIGRATIONS, entities: [] },
};

@Module({})
export class CurationModule {
  static register(config: BaseServiceConfig): DynamicModule {
    return { module: CurationModule, imports: [ServiceKitModule.forRoot(DESCRIPTOR, config)] };
  }
}

export const CURATION_SERVICE: ServiceDefinition<BaseServiceConfig> = {
  descriptor: DESCRIPTOR,
  configClass: BaseServiceConfig,
  configDefaults: { PORT: '8081', DATABASE_DATA_DIR: './.data/curation-api' },
  rootModule: (config) => CurationModule.register(config),
};
