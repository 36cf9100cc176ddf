// `router://status`: is the gateway working, and what is it connected to. Read by operators and
// agents to see why a backend's tools are missing (its status, its last error, list omissions).
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DESCRIPTOR, type ServiceDescriptor } from '@platform/service-kit';
import { ConnectionManager } from '../backends/connections/connection-manager.service';
import { type BackendStatus, statusDetailField } from '../backends/connections/backend-status';
import { ServerRegistry } from '../backends/registry/server-registry.service';
import { BackendListsCache, type ListOmission } from '../mcp/views/backend-lists.cache';
import { SessionRegistry, type SessionSummary } from '../mcp/sessions/session.registry';

export interface BackendStatusEntry {
  readonly id: string;
  readonly displayName: string;
  readonly type: string;
  readonly source: string;
  readonly enabled: boolean;
  readonly status: BackendStatus;
  readonly since?: string;
  readonly attempts: number;
  readonly lastError?: string;
  readonly protocolVersion?: string;
  /** Where the status alone misleads, e.g. `idle, starts on first use` for a stdio server. */
  readonly detail?: string;
}

export interface GatewayStatus {
  readonly status: 'healthy' | 'degraded';
  readonly service: string;
  readonly version: string;
  readonly startedAt: string;
  readonly uptimeSeconds: number;
  readonly sessions: SessionSummary;
  readonly backendsByStatus: Readonly<Partial<Record<BackendStatus, number>>>;
  readonly backends: readonly BackendStatusEntry[];
  readonly listOmissions: readonly ListOmission[];
}

@Injectable()
export class GatewayStatusService {
  private readonly startedAt = new Date();

  constructor(
    @Inject(SERVICE_DESCRIPTOR) private readonly descriptor: ServiceDescriptor,
    private readonly registry: ServerRegistry,
    private readonly connections: ConnectionManager,
    private readonly sessions: SessionRegistry,
    private readonly lists: BackendListsCache,
  ) {}

  status(): GatewayStatus {
    const backends = this.registry.list().map((server): BackendStatusEntry => {
      const { definition } = server;
      const state = this.connections.stateOf(definition.id);
      return {
        id: definition.id,
        displayName: definition.displayName,
        type: definition.type,
        source: server.source,
        enabled: definition.enabled,
        status: definition.enabled ? (state?.status ?? 'Disconnected') : 'Disabled',
        ...(state === undefined ? {} : { since: state.since.toISOString() }),
        attempts: state?.attempts ?? 0,
        ...(state?.lastError === undefined ? {} : { lastError: state.lastError }),
        ...(state?.protocolVersion === undefined ? {} : { protocolVersion: state.protocolVersion }),
        ...statusDetailField(definition.type, definition.enabled, state),
      };
    });
    const byStatus: Partial<Record<BackendStatus, number>> = {};
    for (const backend of backends) byStatus[backend.status] = (byStatus[backend.status] ?? 0) + 1;
    const listed = new Set(this.lists.listedServers());
    const troubled = backends.some(
      (backend) => backend.enabled && (backend.status === 'Failed' || backend.status === 'Retrying'),
    );
    return {
      status: troubled ? 'degraded' : 'healthy',
      service: this.descriptor.name,
      version: this.descriptor.version,
      startedAt: this.startedAt.toISOString(),
      uptimeSeconds: Math.floor((Date.now() - this.startedAt.getTime()) / 1000),
      sessions: this.sessions.summary(),
      backendsByStatus: byStatus,
      backends,
      listOmissions: this.lists.omissions().filter((omission) => listed.has(omission.serverId)),
    };
  }
}
