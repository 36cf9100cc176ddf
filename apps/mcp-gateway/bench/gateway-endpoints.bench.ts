// Benchmark: `tools/call` of server-everything's `echo`, end to end over HTTP with the official SDK
// client, through the built gateway running as its own process (an ordinary AppKey: authentication,
// RBAC and the invocation audit all on), against the same backend called directly and through
// mcp-hub@4.2.1 in the same topology, in one run. Issue 5 "Performance" states the goals. Every path
// is measured in BENCH_ROUNDS rounds (3), in alternating order, and each figure is the median of its
// rounds. It builds dist/apps/mcp-gateway first (restored from the Nx cache when unchanged); about 6
// minutes on 2 cores.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- gateway-endpoints
import { loadavg } from 'node:os';
import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from '@jest/globals';
import { type EverythingServer, startEverythingServer } from '@platform/testing-mcp-faults';
import {
  EVERYTHING_SERVER,
  EVERYTHING_STDIO_COMMAND,
  type ServersFile,
  writeServersFile,
} from '../src/testing/reference-servers';
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

/** The gateway's log level: `info` as deployed; BENCH_GATEWAY_LOG_LEVEL=warn drops the per-request log lines. */
const LOG_LEVEL = process.env['BENCH_GATEWAY_LOG_LEVEL'] ?? 'info';
/** BENCH_PATHS=direct-sse,gw-mcp measures only those rows (labels as in rows()). */
const ONLY = process.env['BENCH_PATHS']?.split(',');
/** Rounds per path; the order alternates between rounds and the median of each figure is reported. */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const PLAN: Omit<TimingPlan, 'quiesce'> = {
  warmupCalls: 100,
  sequentialCalls: 600,
  clients: 64,
  callsPerClient: 30,
};

type Baseline = 'stdio' | 'sse' | 'streamable';

interface Row {
  readonly path: BenchPath;
  readonly route: string;
  /** The direct path to the same backend with the same backend transport. */
  readonly direct: Baseline;
  /** The mcp-hub row in the same topology. */
  readonly hub?: string;
  readonly rounds: PathFigures[];
  figures?: PathFigures;
}

async function connectWith(transport: Transport): Promise<ConnectedClient> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const serverPid = transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined;
  return {
    client,
    ...(serverPid === undefined ? {} : { serverPid }),
    close: async () => {
      // The SDK's close() sends no DELETE; end Streamable HTTP sessions so they do not pile up.
      if (transport instanceof StreamableHTTPClientTransport)
        await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

function withKey(key: string) {
  return { requestInit: { headers: { Authorization: `Bearer ${key}` } } };
}

interface Servers {
  readonly sse: EverythingServer;
  readonly streamable: EverythingServer;
  readonly gateway: GatewayProcess;
  readonly key: string;
  readonly hub: BenchProcess;
}

function rows({ sse, streamable, gateway: gatewayProcess, key, hub: hubProcess }: Servers): Row[] {
  const gateway = gatewayProcess.origin;
  const hub = hubProcess.origin;
  const echo = (name: string) => (client: Client, index: number) => callEcho(client, name, index);
  const gatewaySse = (path: string) => () =>
    connectWith(new SSEClientTransport(new URL(path, gateway), withKey(key)));
  const gatewayStreamable = (path: string) => () =>
    connectWith(new StreamableHTTPClientTransport(new URL(path, gateway), withKey(key)));
  const hubSse = () => connectWith(new SSEClientTransport(new URL('/mcp', hub)));
  // Each gateway row is measured next to the mcp-hub row it is compared with, so that load from
  // elsewhere on the machine is more likely to hit both alike.
  const list: Row[] = [
    {
      route: 'direct, stdio (64 callers share 1 connection)',
      rounds: [],
      direct: 'stdio',
      path: {
        label: 'direct-stdio',
        sharedConnection: true,
        connect: () =>
          connectWith(
            new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] }),
          ),
        call: echo('echo'),
      },
    },
    {
      route: 'direct, legacy SSE',
      rounds: [],
      direct: 'sse',
      path: {
        label: 'direct-sse',
        serverPid: sse.pid,
        connect: () => connectWith(new SSEClientTransport(new URL(sse.endpoint))),
        call: echo('echo'),
      },
    },
    {
      route: 'direct, Streamable HTTP',
      rounds: [],
      direct: 'streamable',
      path: {
        label: 'direct-streamable',
        serverPid: streamable.pid,
        connect: () => connectWith(new StreamableHTTPClientTransport(new URL(streamable.endpoint))),
        call: echo('echo'),
      },
    },
    {
      route: 'mcp-hub SSE /mcp `a__echo` → stdio',
      rounds: [],
      direct: 'stdio',
      path: { label: 'hub-stdio', serverPid: hubProcess.pid, connect: hubSse, call: echo('a__echo') },
    },
    {
      route: 'gateway SSE /sse?meta=false `ev-stdio__echo` → stdio',
      rounds: [],
      direct: 'stdio',
      hub: 'hub-stdio',
      path: {
        label: 'gw-sse-aggregate',
        serverPid: gatewayProcess.pid,
        connect: gatewaySse('/sse?meta=false'),
        call: echo('ev-stdio__echo'),
      },
    },
    {
      route: 'gateway SSE /sse Meta-Mode `execute_tool` → stdio',
      rounds: [],
      direct: 'stdio',
      hub: 'hub-stdio',
      path: {
        label: 'gw-sse-meta',
        serverPid: gatewayProcess.pid,
        connect: gatewaySse('/sse'),
        call: (client, index) =>
          callEcho(client, 'execute_tool', index, (message) => ({
            name: 'ev-stdio__echo',
            arguments: { message },
          })),
      },
    },
    {
      route: 'gateway Streamable HTTP /mcp `ev-stdio__echo` → stdio',
      rounds: [],
      direct: 'stdio',
      hub: 'hub-stdio',
      path: {
        label: 'gw-mcp',
        serverPid: gatewayProcess.pid,
        connect: gatewayStreamable('/mcp'),
        call: echo('ev-stdio__echo'),
      },
    },
    {
      route: 'gateway Streamable HTTP /ev-stdio `echo` → stdio',
      rounds: [],
      direct: 'stdio',
      hub: 'hub-stdio',
      path: {
        label: 'gw-direct-stdio',
        serverPid: gatewayProcess.pid,
        connect: gatewayStreamable('/ev-stdio'),
        call: echo('echo'),
      },
    },
    {
      route: 'mcp-hub SSE /mcp `b__echo` → Streamable HTTP',
      rounds: [],
      direct: 'streamable',
      path: { label: 'hub-streamable', serverPid: hubProcess.pid, connect: hubSse, call: echo('b__echo') },
    },
    {
      route: 'gateway Streamable HTTP /ev-http `echo` → Streamable HTTP',
      rounds: [],
      direct: 'streamable',
      hub: 'hub-streamable',
      path: {
        label: 'gw-direct-http',
        serverPid: gatewayProcess.pid,
        connect: gatewayStreamable('/ev-http'),
        call: echo('echo'),
      },
    },
    {
      // The same path with the transport the mcp-hub row's clients use (legacy SSE), so that the
      // client side costs both rows alike and the comparison is of the proxies alone.
      route: 'gateway SSE /ev-http `echo` → Streamable HTTP',
      rounds: [],
      direct: 'streamable',
      hub: 'hub-streamable',
      path: {
        label: 'gw-direct-http-sse',
        serverPid: gatewayProcess.pid,
        connect: gatewaySse('/ev-http'),
        call: echo('echo'),
      },
    },
  ];
  return list;
}

const PREWARM_CALLS = 200;

async function prewarm(path: BenchPath): Promise<void> {
  const connected = await path.connect();
  try {
    for (let index = 0; index < PREWARM_CALLS; index += 1) await path.call(connected.client, index);
  } finally {
    await connected.close();
  }
}

function figuresRow(row: Row): string {
  const f = row.figures;
  if (f === undefined) return `| ${row.route} | not measured |`;
  const cpu = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
  return (
    `| ${row.route} | ${milliseconds(f.sequential.p50)} | ${milliseconds(f.sequential.p99)} | ${cpu(f.sequential.cpuMsPerCall)} | ` +
    `${f.concurrent.callsPerSecond.toFixed(0)} | ${milliseconds(f.concurrent.p50)} | ${milliseconds(f.concurrent.p99)} | ${cpu(f.concurrent.cpuMsPerCall)} |`
  );
}

function table(list: readonly Row[]): string[] {
  const byLabel = new Map(list.map((row) => [row.path.label, row.figures]));
  const direct = (kind: Baseline) => list.find((row) => row.path.label === `direct-${kind}`)?.figures;
  const ratioTable = list
    .filter((row) => !row.path.label.startsWith('direct-') && row.figures !== undefined)
    .map((row) => {
      const f = row.figures as PathFigures;
      const base = direct(row.direct);
      const sse = direct('sse');
      const hub = row.hub === undefined ? undefined : byLabel.get(row.hub);
      const cpu = f.concurrent.cpuMsPerCall;
      const hubCpu = hub?.concurrent.cpuMsPerCall;
      return (
        `| ${row.route} | ${ratio(f.sequential.p50, base?.sequential.p50)} | ${ratio(f.concurrent.callsPerSecond, base?.concurrent.callsPerSecond)} | ` +
        `${ratio(f.sequential.p50, sse?.sequential.p50)} | ${ratio(f.sequential.p50, hub?.sequential.p50)} | ` +
        `${ratio(f.concurrent.callsPerSecond, hub?.concurrent.callsPerSecond)} | ${ratio(f.concurrent.p99, hub?.concurrent.p99)} | ` +
        `${cpu === undefined ? '–' : ratio(cpu, hubCpu)} |`
      );
    });
  return [
    '| path | 1 client p50 ms | 1 client p99 ms | server CPU ms/call (1 client) | 64 clients calls/s | 64 clients p50 ms | 64 clients p99 ms | server CPU ms/call (64 clients) |',
    '|---|---|---|---|---|---|---|---|',
    ...list.map(figuresRow),
    '',
    'Server CPU: the proxy process (gateway, mcp-hub) or, on direct paths, the backend, from /proc/<pid>/stat (10 ms ticks).',
    'Ratios (latency and CPU: lower is better; calls/s: higher is better). Goals: p50 ≤ 1.3x direct SSE and ≤ 1.1x mcp-hub; calls/s ≥ 0.95x mcp-hub; p99 at 64 clients ≤ 1.0x mcp-hub.',
    '| path | p50 vs direct (same backend transport) | calls/s vs direct | p50 vs direct SSE | p50 vs mcp-hub | calls/s vs mcp-hub | p99@64 vs mcp-hub | CPU/call@64 vs mcp-hub |',
    '|---|---|---|---|---|---|---|---|',
    ...ratioTable,
  ];
}

describe('gateway endpoints benchmark', () => {
  const stops: Array<() => Promise<void>> = [];
  let serversFile: ServersFile | undefined;

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    serversFile?.remove();
  });

  it('measures tools/call echo directly, through mcp-hub and through the gateway', async () => {
    buildGateway();
    const loadBefore = loadavg();
    const [sse, streamable] = await Promise.all([
      startEverythingServer('sse'),
      startEverythingServer('streamableHttp'),
    ]);
    stops.push(sse.stop, streamable.stop);
    serversFile = writeServersFile(
      `servers:
  - { id: ev-stdio, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: ev-http, url: "${streamable.endpoint}", type: streamable }
`,
    );
    const gateway: GatewayProcess = await startGatewayProcess({
      GATEWAY_SERVERS_FILE: serversFile.path,
      LOG_LEVEL: LOG_LEVEL,
    });
    stops.push(gateway.stop);
    const key = await createClientKey(gateway, ['ev-stdio', 'ev-http']);
    const hub: BenchProcess = await startMcpHub({
      a: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
      b: { url: streamable.endpoint },
    });
    stops.push(hub.stop);

    const list = rows({ sse, streamable, gateway, key, hub });
    let quiescing = 0;
    const plan: TimingPlan = {
      ...PLAN,
      quiesce: async () => {
        const waitStarted = Date.now();
        await waitUntilIdle([sse.pid, streamable.pid, gateway.pid, hub.pid]);
        quiescing += Date.now() - waitStarted;
      },
    };
    const started = Date.now();
    // Every path once before anything is timed: otherwise whichever proxy row comes first pays for
    // compiling the gateway's (or mcp-hub's) request path and looks slower than the rest.
    for (const row of list) await prewarm(row.path);
    const measured = list.filter((row) => ONLY === undefined || ONLY.includes(row.path.label));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const row of round % 2 === 0 ? measured : [...measured].reverse()) {
        const pathStarted = Date.now();
        const figures = await measurePath(row.path, plan).catch((error: unknown) => {
          throw new Error(
            `${row.path.label}: ${String(error)} ${JSON.stringify((error as { data?: unknown }).data)}`,
            { cause: error },
          );
        });
        row.rounds.push(figures);
        process.stderr.write(
          `round ${round + 1} ${row.path.label}: ${((Date.now() - pathStarted) / 1000).toFixed(0)} s\n`,
        );
      }
    }
    for (const row of measured) row.figures = medianFigures(row.rounds);
    const loadAfter = loadavg();
    const lines = [
      '',
      `tools/call echo, SDK client 2.4.0, Node ${process.version}, database ${gateway.databaseEngine}, gateway LOG_LEVEL=${LOG_LEVEL}`,
      `${PREWARM_CALLS} calls per path before timing starts; per path ${PLAN.warmupCalls} warm-up + ${PLAN.sequentialCalls} sequential calls by 1 client; then ${PLAN.clients} clients x ${PLAN.callsPerClient} calls at once; ${ROUNDS} rounds in alternating order, median of each figure`,
      `load average before ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after ${loadAfter.map((value) => value.toFixed(2)).join(' ')}; measuring took ${((Date.now() - started) / 1000).toFixed(0)} s (${(quiescing / 1000).toFixed(0)} s of it waiting for idle servers between phases)`,
      `RSS after the run: gateway ${gateway.rssMiB().toFixed(0)} MiB, mcp-hub ${hub.rssMiB().toFixed(0)} MiB`,
      ...table(list),
      '',
    ];
    process.stdout.write(lines.join('\n'));
    expect(list.some((row) => row.figures !== undefined)).toBe(true);
  });
});
