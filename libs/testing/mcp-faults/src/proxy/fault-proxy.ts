// A fault-injecting HTTP reverse proxy for tests, placed in front of a network MCP backend
// (legacy HTTP+SSE or Streamable HTTP). Faults are switched at runtime; see README.md.
import { once } from 'node:events';
import { Agent, createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FaultRuleSet } from './fault-rule-set';
import type { Fault, FaultHandle, FaultProxyOptions, FaultProxyStats } from './fault.types';
import { FaultProxyStatsRecorder } from './fault-proxy.stats';
import { PendingRequests } from './pending-requests';
import type { ProxyContext } from './proxy-context';
import { handleExchange } from './proxy-exchange';
import { TimerSet } from './timer-set';

const HOST = '127.0.0.1';

export class FaultProxy {
  private readonly sockets = new Set<Socket>();
  private refused = false;
  private closed = false;

  private constructor(
    private readonly server: Server,
    private readonly context: ProxyContext,
    /** The port the proxy listens on, kept across `refuse` and `resume()`. */
    readonly port: number,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Starts a transparent proxy to `options.target`; no fault is set. */
  static async start(options: FaultProxyOptions): Promise<FaultProxy> {
    const target = parseTarget(options.target);
    const server = createServer();
    server.listen(options.port ?? 0, HOST);
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const context: ProxyContext = {
      target,
      proxyOrigin: `http://${HOST}:${port}`,
      agent: new Agent({ keepAlive: false }),
      rules: new FaultRuleSet(),
      stats: new FaultProxyStatsRecorder(),
      pending: new PendingRequests(),
      timers: new TimerSet(),
    };
    server.on('request', (request, response) => {
      response.on('error', () => undefined);
      handleExchange(context, request, response).catch(() => response.destroy());
    });
    return new FaultProxy(server, context, port);
  }

  /** `http://127.0.0.1:<port>`: use it where the backend's origin would go. */
  get url(): string {
    return this.context.proxyOrigin;
  }

  /** A snapshot of what passed and which faults were applied. */
  get stats(): FaultProxyStats {
    return this.context.stats.snapshot();
  }

  /**
   * Adds a fault; it applies to traffic from now on, after the faults set before it. `refuse`
   * takes effect at once: when this returns, the port refuses connections and open ones are reset;
   * its handle's `remove()` starts `resume()` without waiting for it (prefer `await resume()`).
   */
  setFault(fault: Fault): FaultHandle {
    this.assertOpen();
    if (fault.kind === 'refuse') {
      this.refuse();
      return { remove: () => void this.resume() };
    }
    return this.context.rules.add(fault);
  }

  /**
   * Sends traffic from now on to another backend origin; exchanges already under way finish with
   * the old one. Stands for a backend replaced behind a stable address (a restart behind a load
   * balancer): the client never sees a refused connection, only a backend that does not know it.
   */
  retarget(target: string): void {
    this.assertOpen();
    this.context.target = parseTarget(target);
  }

  /** Back to a transparent proxy: removes every fault and, if refusing, listens again. */
  async clearFaults(): Promise<void> {
    this.context.rules.clear();
    await this.resume();
  }

  /** Ends a `refuse`: listens again on the same port. Other faults stay. */
  async resume(): Promise<void> {
    this.assertOpen();
    if (!this.refused) return;
    this.server.listen(this.port, HOST);
    await once(this.server, 'listening');
    this.refused = false;
  }

  /** Stops the proxy: every connection is closed, pending delays and blackholes end. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.context.rules.clear();
    this.context.timers.clear();
    this.context.pending.clear();
    const stopped = this.server.listening ? once(this.server, 'close') : Promise.resolve();
    if (this.server.listening) this.server.close();
    for (const socket of this.sockets) socket.destroy();
    await stopped;
    this.context.agent.destroy();
  }

  private refuse(): void {
    this.context.stats.recordFault({ kind: 'refuse' });
    if (this.refused) return;
    this.refused = true;
    // Closing the listening socket is synchronous: from here on, connecting fails.
    this.server.close();
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.context.timers.clear();
    this.context.pending.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('FaultProxy is closed');
  }
}

function parseTarget(target: string): URL {
  const url = new URL(target);
  if (url.protocol !== 'http:') throw new Error(`FaultProxy: target must be http://, got ${url.protocol}`);
  if (url.pathname !== '/' || url.search !== '') {
    throw new Error('FaultProxy: target must be an origin (paths are forwarded as the client sends them)');
  }
  return url;
}
