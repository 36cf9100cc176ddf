// One backend's MCP client session: connect (handshake through the official SDK client),
// health checks, and the state machine reported by /api/servers. Reconnection timing belongs
// to the connection manager; this class only knows how to try once and how to close.
import { Client, type Transport } from '@modelcontextprotocol/client';
import type { BackendServerDefinition } from '../backend-server';
import type { BackendSecretResolver } from '../secrets';
import type { NetworkPolicy } from '../validation';
import { StdioChild, type StdioSecret } from '../stdio';
import type { BackendState, BackendStatus } from './backend-status';
import { createNetworkTransport, TransportSetupError } from './network-transport.factory';
import { StdioChildTransport } from './stdio-child.transport';

export const GATEWAY_CLIENT_INFO = { name: 'mcp-gateway', version: '0.1.0' } as const;

export interface ConnectionDependencies {
  readonly secrets: BackendSecretResolver;
  readonly networkPolicy: NetworkPolicy;
  /** Called on every state change. */
  readonly onState: (state: BackendState) => void;
}

export class BackendConnection {
  private client?: Client;
  private connecting?: Promise<Client>;
  private current: BackendState = { status: 'Disconnected', attempts: 0, since: new Date() };
  private closed = false;
  private stderr: () => readonly string[] = () => [];

  constructor(
    readonly server: BackendServerDefinition,
    private readonly dependencies: ConnectionDependencies,
  ) {
    if (!server.enabled) this.setState({ status: 'Disabled', attempts: 0 });
  }

  get state(): BackendState {
    return this.current;
  }

  /** The connected client; one handshake however many callers ask at once. */
  connect(): Promise<Client> {
    if (this.client !== undefined) return Promise.resolve(this.client);
    this.connecting ??= this.handshake().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** A cheap liveness check over MCP itself (not just an HTTP reply); false marks the link down. */
  async checkHealth(timeoutMs: number): Promise<boolean> {
    const client = this.client;
    if (client === undefined) return false;
    try {
      await client.ping({ timeout: timeoutMs });
      return true;
    } catch (error) {
      await this.lost(error);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
    if (this.current.status !== 'Disabled') this.setState({ status: 'Disconnected', attempts: 0 });
  }

  private async handshake(): Promise<Client> {
    if (!this.server.enabled) throw new TransportSetupError(`server "${this.server.id}" is disabled`, true);
    this.setState({ status: 'Connecting', attempts: this.current.attempts });
    let client: Client | undefined;
    try {
      const transport = await this.createTransport();
      client = new Client(GATEWAY_CLIENT_INFO, { capabilities: {} });
      client.onclose = () => void this.lost(new Error('connection closed'));
      await client.connect(transport, { timeout: this.server.requestTimeoutMs });
      if (this.closed) throw new Error('connection closed while connecting');
      this.client = client;
      this.setState({
        status: 'Connected',
        attempts: 0,
        protocolVersion: client.getNegotiatedProtocolVersion?.(),
      });
      return client;
    } catch (error) {
      if (client !== undefined) {
        // A half-open session (a spawned child, an open stream) must not outlive the failure.
        client.onclose = undefined;
        await client.close().catch(() => undefined);
      }
      const permanent = error instanceof TransportSetupError && error.permanent;
      // A stdio backend is started again on next use, not by a retry loop.
      const status = permanent ? 'Failed' : this.server.type === 'stdio' ? 'Disconnected' : 'Retrying';
      this.setState({ status, attempts: this.current.attempts + 1, lastError: describe(error) });
      throw error;
    }
  }

  private async createTransport(): Promise<Transport> {
    const { secrets, networkPolicy } = this.dependencies;
    if (this.server.type !== 'stdio') return createNetworkTransport(this.server, secrets, networkPolicy);
    const resolution = await secrets.resolve(this.server);
    const secret: StdioSecret =
      resolution.kind === 'secret'
        ? { kind: 'resolved', value: resolution.value }
        : resolution.kind === 'failed'
          ? { kind: 'failed', reason: resolution.message }
          : { kind: 'none' };
    const child = new StdioChild({
      serverId: this.server.id,
      commandLine: this.server.url,
      ...(this.server.secretItemKey === undefined ? {} : { secretVariable: this.server.secretItemKey }),
    });
    this.stderr = () => child.recentStderr();
    return new StdioChildTransport(child, secret);
  }

  /** The last stderr lines of a stdio backend (secret masked); empty for network backends. */
  recentStderr(): readonly string[] {
    return this.stderr();
  }

  private async lost(error: unknown): Promise<void> {
    if (this.client === undefined) return;
    const client = this.client;
    this.client = undefined;
    await client.close().catch(() => undefined);
    if (this.closed) return;
    // A stdio child that exited is started again on next use (spec 3.1), not in a retry loop.
    if (this.server.type === 'stdio')
      this.setState({ status: 'Disconnected', attempts: 0, lastError: describe(error) });
    else this.setState({ status: 'Retrying', attempts: 1, lastError: describe(error) });
  }

  private setState(state: {
    status: BackendStatus;
    attempts: number;
    lastError?: string;
    protocolVersion?: string;
  }): void {
    this.current = { ...state, since: new Date() };
    this.dependencies.onState(this.current);
  }
}

function describe(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}
