// The one HTTP client for what the gateway sends to network backends: MCP traffic of the `sse`,
// `streamable` and `http` transports (the SDK transports' POST, GET and DELETE included) and,
// through the same sessions, health probes. Every connection goes only where the network policy
// allows, checked when the connection is made; redirects are never followed.
import type { OnApplicationShutdown } from '@nestjs/common';
import type { FetchLike } from '@modelcontextprotocol/client';
import {
  type BackendHostResolver,
  type BackendUrlDecision,
  checkBackendUrl,
  type NetworkPolicy,
  resolveAllAddresses,
} from '../validation';
import { ConnectionGate } from './connection-gate';
import { GuardedHttpAgent } from './guarded-http.agent';
import { GuardedHttpsAgent } from './guarded-https.agent';
import { createNodeHttpFetch } from './node-http.fetch';

/** Sockets are kept for reuse (Node drops them before the server's Keep-Alive timeout says it will). */
const AGENT_OPTIONS = { keepAlive: true } as const;

export class BackendHttpClient implements OnApplicationShutdown {
  readonly fetch: FetchLike;
  private readonly httpAgent: GuardedHttpAgent;
  private readonly httpsAgent: GuardedHttpsAgent;

  constructor(
    readonly policy: NetworkPolicy,
    /** Injected by tests (DNS rebinding); the system resolver otherwise. */
    private readonly resolve: BackendHostResolver = resolveAllAddresses,
  ) {
    const gate = new ConnectionGate(policy, resolve);
    this.httpAgent = new GuardedHttpAgent(gate, AGENT_OPTIONS);
    this.httpsAgent = new GuardedHttpsAgent(gate, AGENT_OPTIONS);
    this.fetch = createNodeHttpFetch({ http: this.httpAgent, https: this.httpsAgent });
  }

  /**
   * The whole URL against the policy with this client's resolver, before a transport is built:
   * a refusal found here is reported as the server's state at once. It does not replace the check
   * of each connection, which is what stops a name that changes its answer afterwards.
   */
  checkUrl(url: URL): Promise<BackendUrlDecision> {
    return checkBackendUrl(url, this.policy, this.resolve);
  }

  /** Closes kept-alive sockets; requests made afterwards open new ones. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  onApplicationShutdown(): void {
    this.close();
  }
}
