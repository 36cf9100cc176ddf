// Keeps one MCP client session per enabled network backend: connects at start-up and whenever
// the registry changes a server, health-checks connected servers (spec 8: every 15 s), and
// reconnects failed ones with backoff (5 s, doubling to a cap) for as long as they stay
// registered. Status per server is visible in /api/servers and in /metrics.
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Client } from '@modelcontextprotocol/client';
import { HttpMetrics } from '@platform/service-kit';
import { backendError, BackendErrorCode } from '../backend.errors';
import { Gauge } from 'prom-client';
import type { BackendServerDefinition } from '../backend-server';
import { ServerRegistry } from '../registry/server-registry.service';
import { BackendSecretResolver } from '../secrets';
import { BackendHttpClient } from '../egress';
import { STDIO_POLICY_SETTINGS, type StdioPolicySettings } from '../stdio';
import { InProcessBackendRegistry } from '../in-process';
import { BackendConnection, type UpstreamHandler, type UpstreamLink } from './backend-connection';
import { type BackendState, startsOnDemand } from './backend-status';
import { type BackoffOptions, reconnectDelay } from './reconnect-backoff';

export interface ConnectionOptions {
  readonly backoff: BackoffOptions;
  readonly healthIntervalMs: number;
  readonly healthTimeoutMs: number;
}

export const CONNECTION_OPTIONS = Symbol('CONNECTION_OPTIONS');
/** Connected at start-up and kept connected. */
const EAGER_TYPES = new Set(['sse', 'streamable', 'http', 'custom']);

@Injectable()
export class ConnectionManager implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BackendConnections');
  private readonly connections = new Map<string, BackendConnection>();
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private readonly up: Gauge<'server'>;
  private healthTimer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private upstream: UpstreamHandler = { intercept: () => false, linkClosed: () => undefined };

  constructor(
    private readonly registry: ServerRegistry,
    private readonly secrets: BackendSecretResolver,
    private readonly http: BackendHttpClient,
    @Inject(CONNECTION_OPTIONS) private readonly options: ConnectionOptions,
    private readonly inProcess: InProcessBackendRegistry,
    metrics: HttpMetrics,
    @Inject(STDIO_POLICY_SETTINGS) private readonly stdioSettings: StdioPolicySettings,
  ) {
    this.up = new Gauge({
      name: 'mcp_backend_connected',
      help: '1 while the gateway holds a working MCP session with the backend, else 0.',
      labelNames: ['server'],
      registers: [metrics.registry],
    });
  }

  onApplicationBootstrap(): void {
    this.unsubscribe = this.registry.onChange((ids) => ids.forEach((id) => void this.reset(id)));
    for (const server of this.registry.list()) void this.reset(server.definition.id);
    this.healthTimer = setInterval(() => void this.checkHealth(), this.options.healthIntervalMs);
    this.healthTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.healthTimer);
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    await Promise.all([...this.connections.values()].map((connection) => connection.close()));
    this.connections.clear();
  }

  /** The proxy core registers here to see backend messages and lost links (one handler). */
  attachUpstreamHandler(handler: UpstreamHandler): void {
    this.upstream = handler;
  }

  stateOf(id: string): BackendState | undefined {
    return this.connections.get(id)?.state;
  }

  /** The connected client of an enabled server: 404 when there is none, 502 when it cannot be reached. */
  async clientFor(id: string): Promise<Client> {
    return this.usable(id, (connection) => connection.connect());
  }

  /** The raw link the proxy core forwards over; same errors as `clientFor`. */
  async linkFor(id: string): Promise<UpstreamLink> {
    return this.usable(id, (connection) => connection.link());
  }

  private async usable<T>(id: string, use: (connection: BackendConnection) => Promise<T>): Promise<T> {
    const server = this.registry.get(id)?.definition;
    if (server === undefined || !server.enabled) {
      throw backendError(BackendErrorCode.BackendNotFound, `No enabled server with id "${id}".`);
    }
    const connection = this.connections.get(id);
    if (connection === undefined) {
      throw backendError(
        BackendErrorCode.BackendUnsupported,
        `Server "${id}" (${server.type}) has no connection.`,
      );
    }
    try {
      return await use(connection);
    } catch {
      throw backendError(
        BackendErrorCode.BackendUnreachable,
        `Server "${id}" is unreachable: ${connection.state.lastError ?? 'unknown error'}`,
      );
    }
  }

  /**
   * A registered server's recent log lines for `logs://<serverId>/…`: a stdio backend's last
   * stderr lines, oldest first, with its secret masked (and AppKeys and bearer tokens scrubbed),
   * kept across restarts of its process but not across a changed definition or an administrative
   * reconnect. Empty for network backends and before the first start; undefined for an unknown id.
   */
  recentLogLines(serverId: string): readonly string[] | undefined {
    if (this.registry.get(serverId) === undefined) return undefined;
    return this.connections.get(serverId)?.recentStderr() ?? [];
  }

  /** Drops the session and connects again now (the administration API's reconnect). */
  async reconnect(id: string): Promise<BackendState | undefined> {
    await this.reset(id);
    return this.stateOf(id);
  }

  private async reset(id: string): Promise<void> {
    clearTimeout(this.retries.get(id));
    this.retries.delete(id);
    const previous = this.connections.get(id);
    this.connections.delete(id);
    await previous?.close();
    const server = this.registry.get(id)?.definition;
    if (server === undefined || !(EAGER_TYPES.has(server.type) || startsOnDemand(server.type))) {
      this.up.remove({ server: id });
      return;
    }
    const connection: BackendConnection = new BackendConnection(server, {
      secrets: this.secrets,
      http: this.http,
      inProcess: this.inProcess,
      stdioSettings: this.stdioSettings,
      upstream: {
        intercept: (serverId, message) => this.upstream.intercept(serverId, message),
        linkClosed: (serverId, reason) => this.upstream.linkClosed(serverId, reason),
      },
      onState: (state) => {
        this.up.set({ server: id }, state.status === 'Connected' ? 1 : 0);
        // Every way of losing the link (failed attempt, dropped stream, failed health check)
        // ends in Retrying, so this is the one place retries are scheduled.
        if (state.status === 'Retrying') this.scheduleRetry(server, connection);
      },
    });
    this.connections.set(id, connection);
    if (connection.state.status === 'Failed') {
      this.logger.error(
        `Server "${id}" cannot start until its definition changes: ${connection.state.lastError}`,
      );
    }
    if (server.enabled && EAGER_TYPES.has(server.type)) await this.attempt(server, connection);
  }

  private async attempt(server: BackendServerDefinition, connection: BackendConnection): Promise<void> {
    if (this.connections.get(server.id) !== connection) return;
    try {
      await connection.connect();
    } catch {
      if (connection.state.status === 'Failed') {
        this.logger.error(
          `Server "${server.id}" cannot connect until its definition changes: ${connection.state.lastError}`,
        );
      }
    }
  }

  private scheduleRetry(server: BackendServerDefinition, connection: BackendConnection): void {
    if (this.connections.get(server.id) !== connection) return;
    clearTimeout(this.retries.get(server.id));
    const delay = reconnectDelay(connection.state.attempts, this.options.backoff);
    const timer = setTimeout(() => void this.attempt(server, connection), delay);
    timer.unref();
    this.retries.set(server.id, timer);
  }

  private async checkHealth(): Promise<void> {
    for (const [id, connection] of this.connections) {
      if (connection.state.status !== 'Connected') continue;
      if (!(await connection.checkHealth(this.options.healthTimeoutMs))) {
        this.logger.warn(`Server "${id}" failed its health check; reconnecting`);
      }
    }
  }
}
