// How the Terminal Bridge is assembled: its descriptor, configuration and root module.
import { type DynamicModule, Module } from '@nestjs/common';
import {
  GLOBAL_ERROR_FILTER,
  type ServiceDefinition,
  type ServiceDescriptor,
  ServiceKitModule,
} from '@platform/service-kit';
import { AuthModule } from './auth/auth.module';
import { OpenAiModule } from './chat/openai.module';
import { BridgeConfig } from './config/bridge-config';
import { MIGRATIONS } from './database/migrations';
import { McpModule } from './mcp/mcp.module';
import { BridgeErrorFilter } from './openai/bridge-error.filter';
import { DIAGNOSTICS_ENTITIES, DiagnosticsModule } from './taps/diagnostics.module';
import { TerminalsModule } from './terminals/terminals.module';

export const DESCRIPTOR: ServiceDescriptor = {
  name: 'term-bridge',
  title: 'Terminal Bridge',
  description:
    'Exposes tmux sessions as OpenAI-compatible chat models: a chat message is typed into the session, the settled terminal output comes back whole or streamed. Also an MCP endpoint at /mcp.',
  version: '0.1.0',
  database: { schema: 'term_bridge', migrations: MIGRATIONS, entities: [...DIAGNOSTICS_ENTITIES] },
};

@Module({})
export class BridgeModule {
  static register(config: BridgeConfig): DynamicModule {
    const auth = AuthModule.register(
      config.TERM_BRIDGE_INSECURE_NO_AUTH ? undefined : config.TERM_BRIDGE_API_KEY,
    );
    const diagnostics = DiagnosticsModule.register(config, auth);
    const terminals = TerminalsModule.register(config, diagnostics);
    return {
      module: BridgeModule,
      imports: [
        ServiceKitModule.forRoot(DESCRIPTOR, config),
        auth,
        diagnostics,
        terminals,
        OpenAiModule.register(config, [auth, diagnostics, terminals]),
        McpModule.register([auth, diagnostics, terminals]),
      ],
      providers: [{ provide: GLOBAL_ERROR_FILTER, useClass: BridgeErrorFilter }],
    };
  }
}

export const BRIDGE_SERVICE: ServiceDefinition<BridgeConfig> = {
  descriptor: DESCRIPTOR,
  configClass: BridgeConfig,
  configDefaults: { PORT: '8082', DATABASE_DATA_DIR: './.data/term-bridge' },
  rootModule: (config) => BridgeModule.register(config),
};
