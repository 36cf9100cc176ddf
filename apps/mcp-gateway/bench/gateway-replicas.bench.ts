// Benchmark: the gateway scaled out (docs/decisions/057-gateway-scale-out.md). Throughput and
// latency of `tools/call` echo over legacy SSE (the transport whose POSTs must reach the replica
// holding the stream) with one, two and three replicas of the built gateway on one PostgreSQL
// database, behind the round-robin proxy the e2e test uses (no affinity: about (n-1)/n of the POSTs
// take a hop to the owner replica), against mcp-hub@4.2.1 in the same run, straight and through
// the same proxy; then the cost of the cross-replica hop alone: one client's session on replica A
// with its POSTs sent to A (no hop) or to B (always a hop), legacy SSE and Streamable HTTP. Each
// gateway replica runs its own stdio server-everything, as mcp-hub does. Every path is measured in
// BENCH_ROUNDS rounds (3), in alternating order; each figure is the median of its rounds. All
// processes share this machine's cores, so more replicas add hops and no CPU: the figures show
// what scaling out costs here, not what it gains on more machines.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- gateway-replicas
import { loadavg } from 'node:os';
import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from '@jest/globals';
import { generateAppKey } from '@platform/appkey';
import { createTestDatabase, type TestDatabase } from '@platform/testing-database';
import { ADMIN_KEY_SLUG } from '../src/access/bootstrap/admin-bootstrap.service';
import {
  EVERYTHING_SERVER,
  EVERYTHING_STDIO_COMMAND,
  type ServersFile,
  writeServersFile,
} from '../src/testing/reference-servers';
import { type RoundRobinProxy, startRoundRobinProxy } from '../src/testing/round-robin.proxy';
import {
  type BenchProcess,
  buildGateway,
  createClientKey,
  type GatewayProcess,
  startGatewayProcess,
  startMcpHub,
  waitUntilIdle,
} from './support/bench-processes';
import {
  type BenchPath,
  callEcho,
  type ConnectedClient,
  measurePath,
  medianFigures,
  milliseconds,
  type PathFigures,
  ratio,
  type TimingPlan,
} from './support/call-timing';

const LOG_LEVEL = process.env['BENCH_GATEWAY_LOG_LEVEL'] ?? 'info';
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const ONLY = process.env['BENCH_PATHS']?.split(',');
const SECRET = 'gateway-replicas-bench-secret-0123456789abcdef';
const PLAN: Omit<TimingPlan, 'quiesce'> = {
  warmupCalls: 100,
  sequentialCalls: 600,
  clients: 64,
  callsPerClient: 30,
};

interface Row {
  readonly route: string;
  readonly path: BenchPath;
  readonly rounds: PathFigures[];
  figures?: PathFigures;
}

function withKey(key: string | undefined, fetchImpl?: typeof fetch) {
  return {
    ...(key === undefined ? {} : { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
    ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
  };
}

async function connectWith(transport: Transport): Promise<ConnectedClient> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    close: async () => {
      if (transport instanceof StreamableHTTPClientTransport)
        await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

/**
 * A fetch that sends a session's POSTs (legacy `POST /message`, Streamable HTTP requests carrying
 * `Mcp-Session-Id`) to `origin` instead: the session stays on the replica that opened it and
 * every message takes the hop from `origin` to it.
 */
function postsTo(origin: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const sessionPost =
      init?.method === 'POST' && (url.pathname === '/message' || headers.has('mcp-session-id'));
    return fetch(sessionPost ? new URL(`${url.pathname}${url.search}`, origin) : url, init);
  };
}

function echo(name: string) {
  return (client: Client, index: number) => callEcho(client, name, index);
}

function figuresRow(row: Row): string {
  const f = row.figures;
  if (f === undefined) return `| ${row.route} | not measured |`;
  const cpu = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
  return (
    `| ${row.route} | ${milliseconds(f.sequential.p50)} | ${milliseconds(f.sequential.p99)} | ` +
    `${f.concurrent.callsPerSecond.toFixed(0)} | ${milliseconds(f.concurrent.p50)} | ${milliseconds(f.concurrent.p99)} | ${cpu(f.concurrent.cpuMsPerCall)} |`
  );
}

describe('gateway replicas benchmark', () => {
  const stops: Array<() => Promise<void>> = [];
  let serversFile: ServersFile | undefined;
  let database: TestDatabase | undefined;

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    serversFile?.remove();
    await database?.close();
  });

  it('measures one, two and three replicas against mcp-hub, and the cross-replica hop', async () => {
    buildGateway();
    const loadBefore = loadavg();
    database = await createTestDatabase();
    if (database.engine !== 'postgres') throw new Error('the replicas benchmark needs TEST_DATABASE_URL');
    serversFile = writeServersFile(
      `servers:\n  - { id: ev-stdio, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    const environment = {
      DATABASE_URL: database.url,
      GATEWAY_BOOTSTRAP_ADMIN_KEY: generateAppKey({ slug: ADMIN_KEY_SLUG }).key,
      GATEWAY_REPLICA_SECRET: SECRET,
      GATEWAY_SERVERS_FILE: serversFile.path,
      LOG_LEVEL,
    };
    const first = await startGatewayProcess(environment);
    stops.push(first.stop);
    const key = await createClientKey(first, ['ev-stdio']);
    const replicas: GatewayProcess[] = [first];
    for (const started of await Promise.all([
      startGatewayProcess(environment),
      startGatewayProcess(environment),
    ])) {
      stops.push(started.stop);
      replicas.push(started);
    }
    const [a, b] = replicas as [GatewayProcess, GatewayProcess];
    const hub: BenchProcess = await startMcpHub({
      a: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
    });
    stops.push(hub.stop);
    const proxies: RoundRobinProxy[] = [];
    const proxyOver = async (origins: readonly string[]): Promise<RoundRobinProxy> => {
      const proxy = await startRoundRobinProxy(origins);
      proxies.push(proxy);
      stops.push(() => proxy.close());
      return proxy;
    };
    const overOne = await proxyOver([a.origin]);
    const overTwo = await proxyOver(replicas.slice(0, 2).map((replica) => replica.origin));
    const overThree = await proxyOver(replicas.map((replica) => replica.origin));
    const overHub = await proxyOver([hub.origin]);
    const pids = (count: number) => replicas.slice(0, count).map((replica) => replica.pid);
    const gatewaySse = (origin: string, fetchImpl?: typeof fetch) => () =>
      connectWith(new SSEClientTransport(new URL('/sse?meta=false', origin), withKey(key, fetchImpl)));
    const gatewayStreamable = (origin: string, fetchImpl?: typeof fetch) => () =>
      connectWith(new StreamableHTTPClientTransport(new URL('/mcp', origin), withKey(key, fetchImpl)));

    const rows: Row[] = [
      {
        route: 'mcp-hub SSE `a__echo`, straight',
        rounds: [],
        path: {
          label: 'hub',
          serverPid: hub.pid,
          connect: () => connectWith(new SSEClientTransport(new URL('/mcp', hub.origin))),
          call: echo('a__echo'),
        },
      },
      {
        route: 'mcp-hub SSE `a__echo`, through the proxy',
        rounds: [],
        path: {
          label: 'hub-proxy',
          serverPid: hub.pid,
          connect: () => connectWith(new SSEClientTransport(new URL('/mcp', overHub.origin))),
          call: echo('a__echo'),
        },
      },
      {
        route: 'gateway ×1 SSE, straight',
        rounds: [],
        path: {
          label: 'gw1',
          serverPids: pids(1),
          connect: gatewaySse(a.origin),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'gateway ×1 SSE, through the proxy',
        rounds: [],
        path: {
          label: 'gw1-proxy',
          serverPids: pids(1),
          connect: gatewaySse(overOne.origin),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'gateway ×2 SSE, through the proxy (≈1/2 of POSTs hop)',
        rounds: [],
        path: {
          label: 'gw2-proxy',
          serverPids: pids(2),
          connect: gatewaySse(overTwo.origin),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'gateway ×3 SSE, through the proxy (≈2/3 of POSTs hop)',
        rounds: [],
        path: {
          label: 'gw3-proxy',
          serverPids: pids(3),
          connect: gatewaySse(overThree.origin),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'gateway ×3 Streamable HTTP sessions, through the proxy',
        rounds: [],
        path: {
          label: 'gw3-proxy-mcp',
          serverPids: pids(3),
          connect: gatewayStreamable(overThree.origin),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'hop: SSE session on A, POSTs to A (no hop)',
        rounds: [],
        path: {
          label: 'sse-owner',
          serverPids: pids(2),
          connect: gatewaySse(a.origin, postsTo(a.origin)),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'hop: SSE session on A, POSTs to B (every POST hops)',
        rounds: [],
        path: {
          label: 'sse-hop',
          serverPids: pids(2),
          connect: gatewaySse(a.origin, postsTo(b.origin)),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'hop: Streamable session on A, requests to A (no hop)',
        rounds: [],
        path: {
          label: 'mcp-owner',
          serverPids: pids(2),
          connect: gatewayStreamable(a.origin, postsTo(a.origin)),
          call: echo('ev-stdio__echo'),
        },
      },
      {
        route: 'hop: Streamable session on A, requests to B (every request hops)',
        rounds: [],
        path: {
          label: 'mcp-hop',
          serverPids: pids(2),
          connect: gatewayStreamable(a.origin, postsTo(b.origin)),
          call: echo('ev-stdio__echo'),
        },
      },
    ];
    const measured = rows.filter((row) => ONLY === undefined || ONLY.includes(row.path.label));
    let quiescing = 0;
    const plan: TimingPlan = {
      ...PLAN,
      quiesce: async () => {
        const waitStarted = Date.now();
        await waitUntilIdle([hub.pid, ...pids(3)]);
        quiescing += Date.now() - waitStarted;
      },
    };
    const started = Date.now();
    for (const row of measured) {
      const connected = await row.path.connect();
      for (let index = 0; index < 200; index += 1) await row.path.call(connected.client, index);
      await connected.close();
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const row of round % 2 === 0 ? measured : [...measured].reverse()) {
        const pathStarted = Date.now();
        row.rounds.push(await measurePath(row.path, plan));
        process.stderr.write(
          `round ${round + 1} ${row.path.label}: ${((Date.now() - pathStarted) / 1000).toFixed(0)} s\n`,
        );
      }
    }
    for (const row of measured) row.figures = medianFigures(row.rounds);
    const byLabel = new Map(rows.map((row) => [row.path.label, row.figures]));
    const hubFigures = byLabel.get('hub');
    const hop = (owner: string, hopped: string): string => {
      const o = byLabel.get(owner);
      const h = byLabel.get(hopped);
      if (o === undefined || h === undefined) return '–';
      return `p50 +${milliseconds(h.sequential.p50 - o.sequential.p50)} ms, p99 +${milliseconds(h.sequential.p99 - o.sequential.p99)} ms (1 client); at 64 clients p50 +${milliseconds(h.concurrent.p50 - o.concurrent.p50)} ms, p99 +${milliseconds(h.concurrent.p99 - o.concurrent.p99)} ms, CPU/call +${milliseconds((h.concurrent.cpuMsPerCall ?? 0) - (o.concurrent.cpuMsPerCall ?? 0))} ms`;
    };
    const lines = [
      '',
      `tools/call echo, SDK client 2.4.0, Node ${process.version}, PostgreSQL, gateway LOG_LEVEL=${LOG_LEVEL}; per path ${PLAN.warmupCalls} warm-up + ${PLAN.sequentialCalls} sequential calls by 1 client, then ${PLAN.clients} clients x ${PLAN.callsPerClient} calls at once; ${ROUNDS} rounds in alternating order, median of each figure`,
      `load average before ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after ${loadavg()
        .map((value) => value.toFixed(2))
        .join(
          ' ',
        )}; measuring took ${((Date.now() - started) / 1000).toFixed(0)} s (${(quiescing / 1000).toFixed(0)} s of it waiting for idle servers)`,
      `RSS after the run: gateway replicas ${replicas.map((replica) => replica.rssMiB().toFixed(0)).join(', ')} MiB, mcp-hub ${hub.rssMiB().toFixed(0)} MiB`,
      '| path | 1 client p50 ms | 1 client p99 ms | 64 clients calls/s | 64 clients p50 ms | 64 clients p99 ms | server CPU ms/call (64 clients, all replicas) |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(figuresRow),
      '',
      '| path | calls/s vs mcp-hub straight | p99@64 vs mcp-hub straight |',
      '|---|---|---|',
      ...rows
        .filter((row) => row.figures !== undefined && row.path.label !== 'hub')
        .map(
          (row) =>
            `| ${row.route} | ${ratio((row.figures as PathFigures).concurrent.callsPerSecond, hubFigures?.concurrent.callsPerSecond)} | ${ratio((row.figures as PathFigures).concurrent.p99, hubFigures?.concurrent.p99)} |`,
        ),
      '',
      `Cross-replica hop, legacy SSE POST /message: ${hop('sse-owner', 'sse-hop')}`,
      `Cross-replica hop, Streamable HTTP request: ${hop('mcp-owner', 'mcp-hop')}`,
      `Requests the proxies sent to each replica: ${proxies
        .map((proxy) => [...proxy.served.values()].join('/'))
        .join(', ')}`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
    expect(measured.some((row) => row.figures !== undefined)).toBe(true);
  });
});
