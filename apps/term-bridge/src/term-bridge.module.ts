// How the Terminal Bridge is assembled: its descriptor, configuration and root module.
import { type DynamicModule, Module } from '@nestjs/common';
import {
  GLOBAL_ERROR_FILTER,
  type ServiceDefinition,
  type ServiceDescriptor,
  ServiceKitModule,
} from '@platform/service-kit';
import { AuditModule, AUDIT_ENTITIES } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ChatModule } from './chat/chat.module';
import { BridgeConfig } from './config/bridge-config';
import { ControlCommandsModule } from './control-commands/control-commands.module';
import { MIGRATIONS } from './database/migrations';
import { McpModule } from './mcp/mcp.module';
import { ModelsModule } from './models/models.module';
import { BridgeErrorFilter } from './openai/bridge-error.filter';
import { TAPS_ENTITIES, TapsModule } from './taps/taps.module';
import { TerminalsModule } from './terminals/terminals.module';

export const DESCRIPTOR: ServiceDescriptor = {
  name: 'term-bridge',
  title: 'Terminal Bridge',
  description:
    'Exposes tmux sessions as OpenAI-compatible chat models: a chat message is typed into the session, the settled terminal output comes back whole or streamed. Also an MCP endpoint at /mcp.',
  version: '0.1.0',
  database: {
    schema: 'term_bridge',
    migrations: MIGRATIONS,
    entities: [...TAPS_ENTITIES, ...AUDIT_ENTITIES],
  },
};

@Module({})
export class BridgeModule {
  static register(config: BridgeConfig): DynamicModule {
    const auth = AuthModule.register(
      config.TERM_BRIDGE_INSECURE_NO_AUTH ? undefined : config.TERM_BRIDGE_API_KEY,
    );
    const taps = TapsModule.register(config, auth);
    const audit = AuditModule.register(config);
    const terminals = TerminalsModule.register(config, [taps, audit]);
    const commands = ControlCommandsModule.register([taps, terminals]);
    return {
      module: BridgeModule,
      imports: [
        ServiceKitModule.forRoot(DESCRIPTOR, config),
        auth,
        taps,
        audit,
        terminals,
        ModelsModule.register([auth, terminals]),
        ChatModule.register(config, [auth, taps, terminals, commands]),
        McpModule.register([auth, taps, terminals]),
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
