// One backend's MCP client session: connect (handshake through the official SDK client),
// health checks, and the state machine reported by /api/servers. Reconnection timing belongs
// to the connection manager; this class only knows how to try once and how to close.
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  Client,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  SseError,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import type { BackendServerDefinition } from '../backend-server';
import { type InProcessBackendRegistry, openInProcessBackend } from '../in-process';
import type { BackendSecretResolver } from '../secrets';
import type { BackendHttpClient } from '../egress';
import {
  checkStdioLaunch,
  STDIO_CHILD_DEFAULTS,
  StdioChild,
  type StdioPolicySettings,
  type StdioSecret,
  stdioStartError,
} from '../stdio';
import type { BackendState, BackendStatus } from './backend-status';
import { createNetworkTransport, TransportSetupError } from './network-transport.factory';
import { InterceptingTransport } from './intercepting.transport';
import { isLinkFailure } from './send-failure';
import { isAbortError, isSessionNotFound } from './session-loss';
import { StdioChildTransport } from './stdio-child.transport';

export const GATEWAY_CLIENT_INFO = { name: 'mcp-gateway', version: '0.1.0' } as const;

/**
 * The gateway relays server-to-client requests to its own clients, so it declares what they may
 * answer; a request no client session can take is refused at the time it arrives.
 */
const RELAYED_CLIENT_CAPABILITIES = { sampling: {}, elicitation: {}, roots: { listChanged: true } };

/** The proxy core's view of one backend: its messages in, raw messages out. */
export interface UpstreamHandler {
  /** A message from the backend; true when the proxy consumed it (else the SDK client gets it). */
  intercept(serverId: string, message: JSONRPCMessage): boolean;
  /** The link to the backend is gone (dropped, closed or replaced). */
  linkClosed(serverId: string, reason: string): void;
}

export interface ConnectionDependencies {
  readonly secrets: BackendSecretResolver;
  /** Reaches network backends (address checked per connection, no redirects). */
  readonly http: BackendHttpClient;
  readonly inProcess: InProcessBackendRegistry;
  readonly upstream: UpstreamHandler;
  /** The operator's stdio allow-list and inherited variables. */
  readonly stdioSettings: StdioPolicySettings;
  /** Called on every state change. */
  readonly onState: (state: BackendState) => void;
}

/** A connected backend as the proxy core sends to it. */
export interface UpstreamLink {
  readonly serverId: string;
  /** Sends a raw JSON-RPC message; per-request metadata of the negotiated era is added here. */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  /** A send failed at the transport: the link is treated as lost and reconnected. */
  reportFailure(error: unknown): void;
  /**
   * Whether a failed send concerns only its message: it could not be encoded or sent as it is, or
   * the backend refused it at the HTTP level. Such a failure ends the one request it carried; the
   * link, and every other caller's request on it, stays (send-failure.ts).
   */
  refusedMessage(error: unknown): boolean;
  /** False once this link was closed, lost or replaced: answers to what it carried can no longer arrive. */
  isCurrent(): boolean;
  /**
   * Whether a failed send is explained by a lost Streamable HTTP session: the backend refused
   * this link's session id, or the session was renewed (which aborts sends still under way).
   * Either way the message was not processed, so it may be sent again over a renewed link.
   */
  lostSession(error: unknown): boolean;
  /**
   * Replaces this link's session with a new handshake. Every caller whose link had that session
   * shares one handshake; a caller whose session was renewed already gets the current link.
   */
  renewSession(): Promise<UpstreamLink>;
}

/** A cheap request every server answers: `ping`, or a tool list for 2026-07-28 servers (which dropped ping). */
async function probe(client: Client, timeoutMs: number): Promise<void> {
  if (client.getProtocolEra() === 'modern') await client.listTools(undefined, { timeout: timeoutMs });
  else await client.ping({ timeout: timeoutMs });
}

/** Why requests still waiting on a renewed session end: their answers would arrive on it. */
export const SESSION_RENEWED_REASON =
  'the backend no longer knew the session (it restarted or expired it); the gateway re-initialized';

/**
 * Transports whose servers may speak the 2026-07-28 era: probed with `server/discover`, falling
 * back to `initialize`. Legacy SSE is a 2024-11-05 transport by definition; stdio probing would
 * start a second child process per connect, so stdio servers are spoken to in the legacy era.
 */
const PROBED_TRANSPORTS = new Set(['streamable', 'http']);

export class BackendConnection {
  private client?: Client;
  private transport?: InterceptingTransport;
  private connecting?: Promise<Client>;
  private current: BackendState = { status: 'Disconnected', attempts: 0, since: new Date() };
  private closed = false;
  private child?: StdioChild;
  /** Stderr of earlier stdio runs (each child keeps only its own): the log outlives the run that crashed. */
  private earlierStderr: readonly string[] = [];
  /** Transports whose session was renewed: sends they abort are the renewal's doing. */
  private readonly renewed = new WeakSet<Transport>();

  constructor(
    readonly server: BackendServerDefinition,
    private readonly dependencies: ConnectionDependencies,
  ) {
    if (!server.enabled) this.setState({ status: 'Disabled', attempts: 0 });
    else if (server.type === 'stdio') this.checkStdioPolicy();
  }

  /** A command the stdio policy refuses shows as Failed once the server is loaded, before any use (spec 7). */
  private checkStdioPolicy(): void {
    const verdict = checkStdioLaunch({
      commandLine: this.server.url,
      secretVariable: this.server.secretItemKey,
      settings: this.dependencies.stdioSettings,
    });
    if (verdict.ok) return;
    const failure = { kind: 'security', violation: verdict.violation } as const;
    this.setState({
      status: 'Failed',
      attempts: 0,
      lastError: stdioStartError(this.server.id, failure).message,
    });
  }

  get state(): BackendState {
    return this.current;
  }

  /** The connected client; one handshake however many callers ask at once. */
  connect(): Promise<Client> {
    if (this.client !== undefined) return Promise.resolve(this.client);
    // A late caller (an answer to a backend request, say) must not start a backend after shutdown.
    if (this.closed) return Promise.reject(new Error('connection closed'));
    this.connecting ??= this.handshake().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** The link for raw forwarding: connects first if needed. */
  async link(): Promise<UpstreamLink> {
    const client = await this.connect();
    const transport = this.transport;
    if (transport === undefined) throw new Error('connection closed');
    const envelope = modernEnvelope(client);
    return {
      serverId: this.server.id,
      send: (message, options) => transport.send(withEnvelope(message, envelope), options),
      reportFailure: (error) => void this.lost(error, client),
      refusedMessage: (error) => !isLinkFailure(error),
      isCurrent: () => this.transport === transport,
      lostSession: (error) =>
        isSessionNotFound(error, transport.sessionId) || (this.renewed.has(transport) && isAbortError(error)),
      renewSession: () => this.renewSession(client, transport),
    };
  }

  /** A cheap liveness check over MCP itself (not just an HTTP reply); false marks the link down. */
  async checkHealth(timeoutMs: number): Promise<boolean> {
    const client = this.client;
    const transport = this.transport;
    if (client === undefined || transport === undefined) return false;
    try {
      await probe(client, timeoutMs);
      return true;
    } catch (error) {
      // A backend that restarted or expired the session is alive: renew the session, as a request
      // would, instead of marking the link down and waiting out the retry backoff.
      if (!isSessionNotFound(error, transport.sessionId)) {
        await this.lost(error, client);
        return false;
      }
    }
    try {
      await this.renewSession(client, transport);
      const renewed = this.client;
      if (renewed === undefined) return false;
      await probe(renewed, timeoutMs);
      return true;
    } catch (error) {
      await this.lost(error, this.client);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    this.transport = undefined;
    await client?.close().catch(() => undefined);
    if (client !== undefined) this.dependencies.upstream.linkClosed(this.server.id, 'connection closed');
    if (this.current.status !== 'Disabled') this.setState({ status: 'Disconnected', attempts: 0 });
  }

  private async handshake(): Promise<Client> {
    if (!this.server.enabled) throw new TransportSetupError(`server "${this.server.id}" is disabled`, true);
    this.setState({ status: 'Connecting', attempts: this.current.attempts });
    let client: Client | undefined;
    try {
      const transport = new InterceptingTransport(await this.createTransport(), (message) =>
        this.dependencies.upstream.intercept(this.server.id, message),
      );
      client = new Client(GATEWAY_CLIENT_INFO, {
        capabilities: RELAYED_CLIENT_CAPABILITIES,
        ...(PROBED_TRANSPORTS.has(this.server.type) ? { versionNegotiation: { mode: 'auto' } } : {}),
      });
      const started = client;
      client.onclose = () => void this.lost(new Error('connection closed'), started);
      // A legacy SSE stream that breaks is retried by EventSource under a new session, which
      // this client would never learn about: treat it as a lost link.
      client.onerror = (error) => {
        if (error instanceof SseError) void this.lost(error, started);
      };
      await client.connect(transport, { timeout: this.server.requestTimeoutMs });
      if (this.closed) throw new Error('connection closed while connecting');
      this.client = client;
      this.transport = transport;
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
    const { secrets, http, inProcess } = this.dependencies;
    if (this.server.type === 'custom') {
      const backend = inProcess.get(this.server.url);
      if (backend === undefined) {
        throw new TransportSetupError(`no in-process backend is registered as "${this.server.url}"`, true);
      }
      return openInProcessBackend(backend);
    }
    if (this.server.type !== 'stdio') return createNetworkTransport(this.server, secrets, http);
    const resolution = await secrets.resolve(this.server);
    const secret: StdioSecret =
      resolution.kind === 'secret'
        ? { kind: 'resolved', value: resolution.value }
        : resolution.kind === 'failed'
          ? { kind: 'failed', reason: resolution.message }
          : { kind: 'none' };
    if (this.child !== undefined) this.earlierStderr = this.recentStderr();
    this.child = new StdioChild({
      serverId: this.server.id,
      commandLine: this.server.url,
      ...(this.server.secretItemKey === undefined ? {} : { secretVariable: this.server.secretItemKey }),
      settings: this.dependencies.stdioSettings,
    });
    return new StdioChildTransport(this.child, secret);
  }

  /**
   * The last stderr lines of a stdio backend, oldest first, secret masked, kept across restarts
   * of its process; empty for network backends and before the first start.
   */
  recentStderr(): readonly string[] {
    const lines = [...this.earlierStderr, ...(this.child?.recentStderr() ?? [])];
    return lines.slice(-STDIO_CHILD_DEFAULTS.stderrLineCapacity);
  }

  /**
   * The backend refused the session of `stale` (Streamable HTTP 404): the first caller drops
   * that session and starts one handshake, later callers share it or find it done. Requests
   * still waiting on the old session end (-32020 by the proxy core); their answers would come
   * over it. Status goes Connecting → Connected, or Retrying when the handshake fails.
   */
  private async renewSession(stale: Client, staleTransport: Transport): Promise<UpstreamLink> {
    if (this.client === stale) {
      this.client = undefined;
      this.transport = undefined;
      this.renewed.add(staleTransport);
      this.dependencies.upstream.linkClosed(this.server.id, SESSION_RENEWED_REASON);
      await stale.close().catch(() => undefined);
    }
    if (this.closed) throw new Error('connection closed');
    return this.link();
  }

  /** `client`'s link is gone; a no-op when that client was already replaced (renewed, reconnected). */
  private async lost(error: unknown, client: Client | undefined): Promise<void> {
    if (client === undefined || client !== this.client) return;
    this.client = undefined;
    this.transport = undefined;
    await client.close().catch(() => undefined);
    this.dependencies.upstream.linkClosed(this.server.id, describe(error));
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

type MetaEnvelope = Readonly<Record<string, unknown>>;

/** 2026-07-28 requests carry the client's version, info and capabilities in `_meta`. */
function modernEnvelope(client: Client): MetaEnvelope | undefined {
  if (client.getProtocolEra() !== 'modern') return undefined;
  return {
    [PROTOCOL_VERSION_META_KEY]: client.getNegotiatedProtocolVersion(),
    [CLIENT_INFO_META_KEY]: GATEWAY_CLIENT_INFO,
    [CLIENT_CAPABILITIES_META_KEY]: RELAYED_CLIENT_CAPABILITIES,
  };
}

function withEnvelope(message: JSONRPCMessage, envelope: MetaEnvelope | undefined): JSONRPCMessage {
  if (envelope === undefined || !('method' in message)) return message;
  const params = message.params ?? {};
  // The gateway is the backend's client: a caller's own claims of version, identity or
  // capabilities in `_meta` do not speak for the gateway's link.
  return { ...message, params: { ...params, _meta: { ...params._meta, ...envelope } } };
}
