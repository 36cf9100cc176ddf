// How the Terminal Bridge is assembled: its descriptor, configuration and root module.
import { DynamicModule, Module } from '@nestjs/common';
import {
  BaseServiceConfig,
  ServiceDefinition,
  ServiceDescriptor,
  ServiceKitModule,
} from '@platform/service-kit';
import { MIGRATIONS } from './database/migrations';

export const DESCRIPTOR: ServiceDescriptor = {
  name: 'term-bridge',
  title: 'Terminal Bridge',
  description: 'Exposes tmux sessions as OpenAI-compatible chat models.',
  version: '0.1.0',
  database: { schema: 'term_bridge', migrations: MIGRATIONS, entities: [] },
};

@Module({})
export class BridgeModule {
  static register(config: BaseServiceConfig): DynamicModule {
    return { module: BridgeModule, imports: [ServiceKitModule.forRoot(DESCRIPTOR, config)] };
  }
}

export const BRIDGE_SERVICE: ServiceDefinition<BaseServiceConfig> = {
  descriptor: DESCRIPTOR,
  configClass: BaseServiceConfig,
  configDefaults: { PORT: '8082', DATABASE_DATA_DIR: './.data/term-bridge' },
  rootModule: (config) => BridgeModule.register(config),
};
