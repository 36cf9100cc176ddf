// The backends feature: the administration API of the server registry (and, as it grows, the
// connections to the servers).
import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ServerAdminService } from './registry/server-admin.service';
import { ServersController } from './registry/servers.controller';
import { ConfigurationError } from '@platform/service-kit';
import type { GatewayConfig } from '../config/gateway-config';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './backend-server';
import {
  CONNECTION_OPTIONS,
  ConnectionManager,
  type ConnectionOptions,
} from './connections/connection-manager.service';
import { InProcessBackendRegistry } from './in-process';
import { BackendNotificationHub } from './proxy/backend-notification.hub';
import { BackendProxy } from './proxy/backend-proxy.service';
import { BackendHttpClient } from './egress';
import { BackendSecretResolver, readSecretSettings } from './secrets';
import { parseStdioPolicySettings, STDIO_POLICY_SETTINGS } from './stdio';
import { BACKEND_NETWORK_POLICY, parseBackendNetworkPolicy } from './validation';

@Module({})
export class BackendsModule {
  static register(access: DynamicModule, config: GatewayConfig): DynamicModule {
    const settings = config.asEnvironment();
    const networkPolicy = parseBackendNetworkPolicy(settings);
    if (!networkPolicy.ok) throw new ConfigurationError(networkPolicy.problems);
    const stdioSettings = parseStdioPolicySettings(settings);
    if (!stdioSettings.ok) throw new ConfigurationError(stdioSettings.problems);
    // Backend secrets named by `Environment` providers live in the gateway's own environment.
    const secrets = BackendSecretResolver.fromSettings(readSecretSettings(settings), process.env);
    return {
      module: BackendsModule,
      imports: [AuditModule, access],
      controllers: [ServersController],
      providers: [
        { provide: BACKEND_NETWORK_POLICY, useValue: networkPolicy.policy },
        { provide: BackendHttpClient, useFactory: () => new BackendHttpClient(networkPolicy.policy) },
        { provide: STDIO_POLICY_SETTINGS, useValue: stdioSettings.settings },
        { provide: BackendSecretResolver, useValue: secrets },
        {
          provide: CONNECTION_OPTIONS,
          useValue: {
            backoff: {
              baseMs: config.GATEWAY_BACKEND_RECONNECT_SECONDS * 1000,
              maxMs:
                Math.max(
                  config.GATEWAY_BACKEND_RECONNECT_MAX_SECONDS,
                  config.GATEWAY_BACKEND_RECONNECT_SECONDS,
                ) * 1000,
            },
            healthIntervalMs: config.GATEWAY_BACKEND_HEALTH_SECONDS * 1000,
            healthTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
          } satisfies ConnectionOptions,
        },
        InProcessBackendRegistry,
        ConnectionManager,
        BackendNotificationHub,
        BackendProxy,
        ServerAdminService,
      ],
      exports: [
        BackendSecretResolver,
        BACKEND_NETWORK_POLICY,
        STDIO_POLICY_SETTINGS,
        ConnectionManager,
        InProcessBackendRegistry,
        BackendNotificationHub,
        BackendProxy,
      ],
    };
  }
}
