// Benchmark: CPU the gateway spends per HTTP request, by kind of request, against a bare
// `node:http` server answering 202 measured in the same run. It shows where a proxied call's cost
// sits (framework and middleware, authentication, dispatch) so hot-path changes can be compared
// before and after. The built gateway runs as its own process with a stdio server-everything and
// an ordinary AppKey (authentication, RBAC and audit on), `LOG_LEVEL=info` as deployed; requests come
// from autocannon (8 connections) or, for legacy SSE, from 8 official SDK clients. Each scenario is
// measured three times, in alternating order (the median is reported); CPU is the server process's from /proc/<pid>/stat.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- gateway-request-cost
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Client, SSEClientTransport } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from '@jest/globals';
import { findFreePort, killProcessGroup, spawnProcessGroup } from '@platform/testing-mcp-faults';
import {
  EVERYTHING_STDIO_COMMAND,
  REPOSITORY_ROOT,
  writeServersFile,
} from '../src/testing/reference-servers';
import {
  buildGateway,
  createClientKey,
  cpuMilliseconds,
  type GatewayProcess,
  startGatewayProcess,
  waitUntilIdle,
} from './support/bench-processes';
import { quantile } from './support/percentiles';

const AUTOCANNON = join(REPOSITORY_ROOT, 'node_modules/autocannon/autocannon.js');
const CONNECTIONS = 8;
const REQUESTS = 6_000;
const SSE_CLIENTS = 8;
const SSE_CALLS_PER_CLIENT = 500;
const PASSES = 3;

interface Scenario {
  readonly name: string;
  /** Sends the load; resolves with the number of requests (or calls) made. */
  readonly run: () => Promise<number>;
  readonly pid: () => number;
  readonly costs: number[];
}

/**
 * Runs autocannon as a child process and resolves with the number of requests. Asynchronously: a
 * blocked event loop would leave this process's pooled keep-alive sockets unaware that the server
 * closed them, and the next request on one would fail.
 */
async function autocannon(
  url: string,
  options: { method?: string; headers?: string[]; body?: string },
): Promise<number> {
  const args = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-a', String(REQUESTS)];
  if (options.method !== undefined) args.push('-m', options.method);
  for (const header of options.headers ?? []) args.push('-H', header);
  if (options.body !== undefined) args.push('-b', options.body);
  const child = spawn(process.execPath, [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`autocannon failed: ${stderr}`);
  const report = JSON.parse(stdout) as { non2xx: number; errors: number };
  if (report.non2xx > 0 || report.errors > 0)
    throw new Error(`${url}: ${report.non2xx} non-2xx answers, ${report.errors} errors`);
  return REQUESTS;
}

async function sseCalls(url: URL, key: string): Promise<number> {
  const clients: Client[] = [];
  for (let index = 0; index < SSE_CLIENTS; index += 1) {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(
      new SSEClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
    );
    clients.push(client);
  }
  await Promise.all(
    clients.map(async (client) => {
      for (let index = 0; index < SSE_CALLS_PER_CLIENT; index += 1) {
        const result = await client.callTool({ name: 'ev-stdio__echo', arguments: { message: `m${index}` } });
        if (result.isError === true) throw new Error('echo failed');
      }
    }),
  );
  await Promise.all(clients.map((client) => client.close()));
  return SSE_CLIENTS * SSE_CALLS_PER_CLIENT;
}

describe('gateway request cost benchmark', () => {
  const stops: Array<() => Promise<void>> = [];

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  });

  it('measures CPU per request by kind of request against a bare node:http server', async () => {
    buildGateway();
    const loadBefore = loadavg();
    const servers = writeServersFile(`servers:
  - { id: ev-stdio, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
`);
    stops.push(async () => servers.remove());
    const gateway: GatewayProcess = await startGatewayProcess({
      GATEWAY_SERVERS_FILE: servers.path,
      LOG_LEVEL: 'info',
    });
    stops.push(gateway.stop);
    const key = await createClientKey(gateway, ['ev-stdio']);

    const barePort = await findFreePort();
    const bare = spawnProcessGroup(
      process.execPath,
      [
        '-e',
        `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.statusCode = 202; s.end(); }); }).listen(${barePort}, '127.0.0.1')`,
      ],
      { stdio: 'ignore' },
    );
    stops.push(() => killProcessGroup(bare, 5_000));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const mcpHeaders = [
      `Authorization=Bearer ${key}`,
      'Content-Type=application/json',
      'Accept=application/json, text/event-stream',
    ];
    const gatewayPid = () => gateway.pid;
    const scenarios: Scenario[] = [
      {
        name: 'bare `node:http` server answering 202 (baseline)',
        pid: () => bare.pid ?? -1,
        run: () => autocannon(`http://127.0.0.1:${barePort}/`, { method: 'POST', body: '{}' }),
        costs: [],
      },
      {
        name: '`GET /health` (no authentication, no MCP)',
        pid: gatewayPid,
        run: () => autocannon(`${gateway.origin}/health`, {}),
        costs: [],
      },
      {
        name: '`POST /mcp` stateless `ping` (body, AppKey, guard)',
        pid: gatewayPid,
        run: () =>
          autocannon(`${gateway.origin}/mcp`, {
            method: 'POST',
            headers: mcpHeaders,
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
          }),
        costs: [],
      },
      {
        name: '`POST /mcp` stateless `tools/call ev-stdio__echo` (+ RBAC, proxy, audit)',
        pid: gatewayPid,
        run: () =>
          autocannon(`${gateway.origin}/mcp`, {
            method: 'POST',
            headers: mcpHeaders,
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'ev-stdio__echo', arguments: { message: 'hi' } },
            }),
          }),
        costs: [],
      },
      {
        name: 'legacy SSE `/sse?meta=false` `tools/call ev-stdio__echo` (POST /message + event)',
        pid: gatewayPid,
        run: () => sseCalls(new URL('/sse?meta=false', gateway.origin), key),
        costs: [],
      },
    ];

    // One untimed round compiles every path before anything is measured.
    for (const scenario of scenarios) await scenario.run();
    for (let pass = 0; pass < PASSES; pass += 1) {
      const order = pass % 2 === 0 ? scenarios : [...scenarios].reverse();
      for (const scenario of order) {
        await waitUntilIdle([gateway.pid, bare.pid ?? -1]);
        const before = cpuMilliseconds(scenario.pid());
        const requests = await scenario.run();
        scenario.costs.push((cpuMilliseconds(scenario.pid()) - before) / requests);
      }
    }

    const baseline = median(scenarios[0]?.costs ?? []);
    const loadAfter = loadavg();
    const lines = [
      '',
      `Node ${process.version}, database ${gateway.databaseEngine}, gateway LOG_LEVEL=info; autocannon ${CONNECTIONS} connections x ${REQUESTS} requests, SSE ${SSE_CLIENTS} SDK clients x ${SSE_CALLS_PER_CLIENT} calls; ${PASSES} passes in alternating order`,
      `load average before ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after ${loadAfter.map((value) => value.toFixed(2)).join(' ')}`,
      '| request | CPU ms/request (median) | passes | vs bare node:http |',
      '|---|---|---|---|',
      ...scenarios.map(
        (scenario) =>
          `| ${scenario.name} | ${median(scenario.costs).toFixed(3)} | ${scenario.costs.map((cost) => cost.toFixed(3)).join(' ')} | ${(median(scenario.costs) / baseline).toFixed(1)}x |`,
      ),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    expect(scenarios.every((scenario) => scenario.costs.length === PASSES)).toBe(true);
  });
});

function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
