// The client-facing MCP feature: endpoints, sessions, the three views (Meta-Mode, aggregated,
// direct) and the invocation audit. The gateway registers it right after the service kit, so the
// MCP routes, which take nearly all the traffic, are the first the router tries; `/{serverId}`
// lives in DirectProxyModule, registered last.
import { type DynamicModule, Module } from '@nestjs/common';
import { GLOBAL_ERROR_FILTER } from '@platform/service-kit';
import type { GatewayConfig } from '../config/gateway-config';
import { AuditModule } from '../audit/audit.module';
import { AggregatedCatalog } from './views/aggregated-catalog.service';
import { BackendListsCache, LIST_TIMEOUT_MS } from './views/backend-lists.cache';
import { CatalogCountsController } from './views/catalog-counts.controller';
import { DirectSubscriptions } from './views/direct-subscriptions';
import { DirectTasks } from './views/direct-tasks';
import { DirectView } from './views/direct-view.service';
import { EmptyCatalogExplainer } from './meta-mode/empty-catalog.explainer';
import { InvocationAudit } from './audit/invocation.audit';
import { ListChangeRelay } from './views/list-change.relay';
import { McpController } from './transport/mcp.controller';
import { McpDispatcher } from './views/mcp-dispatcher.service';
import { McpErrorFilter } from './transport/mcp-error.filter';
import { McpFrontDoor } from './transport/mcp-front-door';
import { McpHttpTransport } from './transport/mcp-http.transport';
import { MetaModeTools } from './meta-mode/meta-mode.tools';
import { ReplicaForwarder } from './transport/replica-forwarder';
import { McpRequestGuard } from './transport/request-guard.service';
import { SessionAccessMonitor } from './sessions/session-access.monitor';
import { SESSION_OPTIONS, SessionRegistry, type SessionOptions } from './sessions/session.registry';

@Module({})
export class McpModule {
  static register(access: DynamicModule, backends: DynamicModule, config: GatewayConfig): DynamicModule {
    return {
      module: McpModule,
      imports: [access, backends, AuditModule],
      controllers: [McpController, CatalogCountsController],
      providers: [
        {
          provide: SESSION_OPTIONS,
          useValue: {
            idleTimeoutMs: config.GATEWAY_SESSION_IDLE_SECONDS * 1000,
            maxSessions: config.GATEWAY_MAX_SESSIONS,
            maxSessionsPerPrincipal: config.GATEWAY_MAX_SESSIONS_PER_PRINCIPAL,
          } satisfies SessionOptions,
        },
        { provide: LIST_TIMEOUT_MS, useValue: config.GATEWAY_LIST_TIMEOUT_SECONDS * 1000 },
        SessionRegistry,
        BackendListsCache,
        AggregatedCatalog,
        DirectView,
        ListChangeRelay,
        EmptyCatalogExplainer,
        DirectSubscriptions,
        DirectTasks,
        MetaModeTools,
        InvocationAudit,
        McpDispatcher,
        McpRequestGuard,
        SessionAccessMonitor,
        ReplicaForwarder,
        McpHttpTransport,
        McpFrontDoor,
        // Read by the service kit when it builds the application (see McpErrorFilter).
        { provide: GLOBAL_ERROR_FILTER, useClass: McpErrorFilter },
      ],
      exports: [SessionRegistry, BackendListsCache, McpDispatcher, McpHttpTransport],
    };
  }
}
