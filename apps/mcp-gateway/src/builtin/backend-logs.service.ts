// The per-backend log behind `logs://<serverId>/…`: a stdio server's recent stderr (secret
// masked by the child's reader) and the gateway's own recent log entries that name the server
// (connection attempts, health failures, list omissions), next to its current status.
import { Injectable } from '@nestjs/common';
import { RecentLogBuffer, type RecentLogRecord } from '@platform/service-kit';
import { statusDetailField } from '../backends/connections/backend-status';
import { ConnectionManager } from '../backends/connections/connection-manager.service';
import { ServerRegistry } from '../backends/registry/server-registry.service';
import { ROUTER_SERVER_ID } from './router-server.definition';

/** Entries of `logs://recent` and of one backend's gateway events. */
export const RECENT_LOG_LIMIT = 200;

export interface BackendLog {
  readonly serverId: string;
  readonly type: string;
  readonly status: string;
  /** Where the status alone misleads, e.g. `idle, starts on first use` for a stdio server. */
  readonly detail?: string;
  readonly lastError?: string;
  /** The newest stderr lines of a stdio server, oldest first; empty for other types. */
  readonly stderr: readonly string[];
  /** The gateway's recent log entries about this server. */
  readonly events: readonly RecentLogRecord[];
}

@Injectable()
export class BackendLogsService {
  constructor(
    private readonly registry: ServerRegistry,
    private readonly connections: ConnectionManager,
    private readonly recentLogs: RecentLogBuffer,
  ) {}

  /** Servers that have a log: every registered server but the router itself. */
  serverIds(): string[] {
    return this.registry
      .list()
      .map((server) => server.definition.id)
      .filter((id) => id !== ROUTER_SERVER_ID);
  }

  isStdio(serverId: string): boolean {
    return this.registry.get(serverId)?.definition.type === 'stdio';
  }

  gatewayLog(): RecentLogRecord[] {
    return this.recentLogs.recent(RECENT_LOG_LIMIT);
  }

  /** Undefined for an unknown server (or the router). */
  backendLog(serverId: string): BackendLog | undefined {
    const server = this.registry.get(serverId)?.definition;
    if (server === undefined || serverId === ROUTER_SERVER_ID) return undefined;
    const state = this.connections.stateOf(serverId);
    const quotedId = `"${serverId}"`;
    return {
      serverId,
      type: server.type,
      status: server.enabled ? (state?.status ?? 'Disconnected') : 'Disabled',
      ...statusDetailField(server.type, server.enabled, state),
      ...(state?.lastError === undefined ? {} : { lastError: state.lastError }),
      stderr: this.connections.recentLogLines(serverId) ?? [],
      events: this.recentLogs.recent(RECENT_LOG_LIMIT, (record) => record.message.includes(quotedId)),
    };
  }
}
