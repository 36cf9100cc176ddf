// One backend's MCP client session: connect (handshake through the official SDK client),
// health checks, and the state machine reported by /api/servers. Reconnection timing belongs
// to the connection manager; this class only knows how to try once and how to close.
import { Client } from '@modelcontextprotocol/client';
import type { BackendServerDefinition } from '../backend-server';
import type { BackendSecretResolver } from '../secrets';
import type { NetworkPolicy } from '../validation';
import type { BackendState, BackendStatus } from './backend-status';
import { createNetworkTransport, TransportSetupError } from './network-transport.factory';

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
    try {
      const transport = await createNetworkTransport(
        this.server,
        this.dependencies.secrets,
        this.dependencies.networkPolicy,
      );
      const client = new Client(GATEWAY_CLIENT_INFO, { capabilities: {} });
      client.onclose = () => void this.lost(new Error('connection closed'));
      await client.connect(transport, { timeout: this.server.requestTimeoutMs });
      if (this.closed) {
        await client.close().catch(() => undefined);
        throw new Error('connection closed while connecting');
      }
      this.client = client;
      this.setState({
        status: 'Connected',
        attempts: 0,
        protocolVersion: client.getNegotiatedProtocolVersion?.(),
      });
      return client;
    } catch (error) {
      const permanent = error instanceof TransportSetupError && error.permanent;
      this.setState({
        status: permanent ? 'Failed' : 'Retrying',
        attempts: this.current.attempts + 1,
        lastError: describe(error),
      });
      throw error;
    }
  }

  private async lost(error: unknown): Promise<void> {
    if (this.client === undefined) return;
    const client = this.client;
    this.client = undefined;
    await client.close().catch(() => undefined);
    if (!this.closed) this.setState({ status: 'Retrying', attempts: 1, lastError: describe(error) });
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
