// How the MCP Gateway is assembled: its descriptor, configuration and root module.
import { type DynamicModule, Module } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { generateAppKey } from '@platform/appkey';
import {
  type Clock,
  type ServiceDefinition,
  type ServiceDescriptor,
  ServiceKitModule,
} from '@platform/service-kit';
import { ACCESS_ENTITIES, AccessModule, type AccessModuleOptions } from './access/access.module';
import { ADMIN_KEY_SLUG } from './access/bootstrap/admin-bootstrap.service';
import { AuditApiModule } from './audit-api/audit-api.module';
import { AuditEventEntity } from './audit/audit-event.entity';
import { BackendsModule } from './backends/backends.module';
import { BuiltinModule } from './builtin/builtin.module';
import { ROUTER_SERVER } from './builtin/router-server.definition';
import { BackendServerEntity } from './backends/registry/backend-server.entity';
import { RegistryModule } from './backends/registry/registry.module';
import { GatewayConfig } from './config/gateway-config';
import { MIGRATIONS } from './database/migrations';
import { DirectProxyModule } from './mcp/direct-proxy.module';
import { McpModule } from './mcp/mcp.module';
import { ReplicasModule } from './replicas/replicas.module';
import { TestEndpointsModule } from './test-endpoints/test-endpoints.module';

export const DESCRIPTOR: ServiceDescriptor = {
  name: 'mcp-gateway',
  title: 'MCP Gateway',
  description:
    'Puts many Model Context Protocol servers behind one endpoint, with scoped AppKeys, SSO headers and layered authorization.',
  version: '0.1.0',
  database: {
    schema: 'mcp_gateway',
    migrations: MIGRATIONS,
    entities: [...ACCESS_ENTITIES, AuditEventEntity, BackendServerEntity],
  },
  // The administrator dashboard (libs/web/gateway-dashboard) at `/ui/`, a path no server id can
  // take (RESERVED_SERVER_IDS); nothing else of the gateway lives under it.
  webApp: { mountPath: '/ui/', reservedPrefixes: [] },
};

export interface GatewayModuleOptions extends AccessModuleOptions {
  /** Where log lines go instead of standard output (tests keep them). */
  readonly logDestination?: DestinationStream;
  /** The time caches and expiries go by instead of the system's (tests step a ManualClock). */
  readonly clock?: Clock;
}

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig, options: GatewayModuleOptions = {}): DynamicModule {
    const access = AccessModule.register(config, options);
    const backends = BackendsModule.register(access, config);
    const mcp = McpModule.register(access, backends, config);
    return {
      module: GatewayModule,
      // Routes are tried in the order modules are first imported: the MCP endpoints come right
      // after the kit's probes, and the catch-all `/{serverId}` last of all.
      imports: [
        ServiceKitModule.forRoot(DESCRIPTOR, config, {
          originPolicy: config.originPolicy(),
          ...(options.logDestination === undefined ? {} : { logDestination: options.logDestination }),
          ...(options.clock === undefined ? {} : { clock: options.clock }),
        }),
        ReplicasModule.register(config),
        mcp,
        RegistryModule.register({
          serversFile: config.GATEWAY_SERVERS_FILE,
          refreshMs: config.GATEWAY_REGISTRY_REFRESH_SECONDS * 1000,
          fileCheckMs: config.GATEWAY_REGISTRY_REFRESH_SECONDS * 1000,
          builtins: [ROUTER_SERVER],
        }),
        access,
        AuditApiModule.register(access),
        backends,
        BuiltinModule.register(backends, mcp),
        TestEndpointsModule.register(access, mcp),
        DirectProxyModule.register(mcp),
      ],
    };
  }
}

export const GATEWAY_SERVICE: ServiceDefinition<GatewayConfig> = {
  descriptor: DESCRIPTOR,
  configClass: GatewayConfig,
  configDefaults: { PORT: '8080', DATABASE_DATA_DIR: './.data/mcp-gateway' },
  rootModule: (config) => GatewayModule.register(config),
  commands: {
    // Prints a fresh administrator key for GATEWAY_BOOTSTRAP_ADMIN_KEY; touches no database.
    'generate-admin-key': () => {
      process.stdout.write(`${generateAppKey({ slug: ADMIN_KEY_SLUG }).key}\n`);
    },
  },
};
