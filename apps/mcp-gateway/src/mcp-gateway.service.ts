// How the MCP Gateway is assembled: its descriptor, configuration and root module.
import { DynamicModule, Module } from '@nestjs/common';
import {
  BaseServiceConfig,
  ServiceDefinition,
  ServiceDescriptor,
  ServiceKitModule,
} from '@platform/service-kit';
import { MIGRATIONS } from './database/migrations';

export const DESCRIPTOR: ServiceDescriptor = {
  name: 'mcp-gateway',
  title: 'MCP Gateway',
  description:
    'Puts many Model Context Protocol servers behind one endpoint, with scoped AppKeys, SSO headers and layered authorization.',
  version: '0.1.0',
  database: { schema: 'mcp_gateway', migrations: MIGRATIONS, entities: [] },
};

@Module({})
export class GatewayModule {
  static register(config: BaseServiceConfig): DynamicModule {
    return { module: GatewayModule, imports: [ServiceKitModule.forRoot(DESCRIPTOR, config)] };
  }
}

export const GATEWAY_SERVICE: ServiceDefinition<BaseServiceConfig> = {
  descriptor: DESCRIPTOR,
  configClass: BaseServiceConfig,
  configDefaults: { PORT: '8080', DATABASE_DATA_DIR: './.data/mcp-gateway' },
  rootModule: (config) => GatewayModule.register(config),
};
