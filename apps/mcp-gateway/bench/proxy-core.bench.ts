// Benchmark: a tools/call round trip (server-everything `echo`) through the gateway's proxy core
// (id rewriting, pending table, shared link) versus the official SDK client talking to the same
// backend directly, for stdio, legacy SSE and Streamable HTTP backends, in one run.
//   npm run bench -- proxy-core
import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type EverythingServer, startEverythingServer } from '@platform/testing-mcp-faults';
import { startTestService, type TestService } from '@platform/testing-service';
import { BackendProxy } from '../src/backends/proxy/backend-proxy.service';
import { gatewayForTests } from '../src/gateway.test-definition';
import {
  EVERYTHING_SERVER,
  EVERYTHING_STDIO_COMMAND,
  type ServersFile,
  writeServersFile,
} from '../src/testing/reference-servers';
import { percentiles } from './support/percentiles';

const SEQUENTIAL_CALLS = 1_000;
const CONCURRENT_CALLERS = 8;
const CALLS_PER_CALLER = 250;
const WARMUP = 200;

type Call = (index: number) => Promise<void>;

interface Figures {
  p50: number;
  p99: number;
  rps: number;
}

async function measure(call: Call): Promise<Figures> {
  for (let index = 0; index < WARMUP; index += 1) await call(index);
  const samples: number[] = [];
  for (let index = 0; index < SEQUENTIAL_CALLS; index += 1) {
    const start = process.hrtime.bigint();
    await call(index);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const { p50, p99 } = percentiles(samples);
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENT_CALLERS }, async (_, caller) => {
      for (let index = 0; index < CALLS_PER_CALLER; index += 1) await call(caller * CALLS_PER_CALLER + index);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { p50, p99, rps: (CONCURRENT_CALLERS * CALLS_PER_CALLER) / seconds };
}

async function directClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'bench-direct', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('proxy core benchmark', () => {
  let serversFile: ServersFile | undefined;
  let service: TestService | undefined;
  let servers: EverythingServer[] = [];

  afterAll(async () => {
    await service?.close();
    await Promise.all(servers.map((server) => server.stop()));
    serversFile?.remove();
  });

  it('measures tools/call through the proxy core against direct SDK calls', async () => {
    const [sse, streamable] = await Promise.all([
      startEverythingServer('sse'),
      startEverythingServer('streamableHttp'),
    ]);
    servers = [sse, streamable];
    serversFile = writeServersFile(
      `servers:
  - { id: ev-stdio, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: ev-sse, url: "${sse.endpoint}", type: sse }
  - { id: ev-streamable, url: "${streamable.endpoint}", type: streamable }
`,
    );
    service = await startTestService(gatewayForTests().definition, {
      GATEWAY_SERVERS_FILE: serversFile.path,
    });
    const proxy = service.app.get(BackendProxy);
    const backends: Array<{ id: string; label: string; direct: () => Transport }> = [
      {
        id: 'ev-stdio',
        label: 'stdio',
        direct: () =>
          new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] }),
      },
      {
        id: 'ev-sse',
        label: 'sse',
        direct: () => new SSEClientTransport(new URL(sse.endpoint)),
      },
      {
        id: 'ev-streamable',
        label: 'streamable',
        direct: () => new StreamableHTTPClientTransport(new URL(streamable.endpoint)),
      },
    ];
    const rows: string[] = [];
    for (const backend of backends) {
      const client = await directClient(backend.direct());
      const direct = await measure(async (index) => {
        await client.callTool({ name: 'echo', arguments: { message: `m${index}` } });
      });
      await client.close();
      const proxied = await measure(async (index) => {
        const result = await proxy.forward(backend.id, {
          sessionId: `bench-${index % CONCURRENT_CALLERS}`,
          request: {
            jsonrpc: '2.0',
            id: index,
            method: 'tools/call',
            params: { name: 'echo', arguments: { message: `m${index}` } },
          },
        });
        if (result.outcome !== 'completed')
          throw new Error(`${backend.id}: ${JSON.stringify(result.response)}`);
      });
      rows.push(
        `| ${backend.label} | ${direct.p50.toFixed(3)} | ${proxied.p50.toFixed(3)} | ${(proxied.p50 / direct.p50).toFixed(2)}x | ` +
          `${direct.p99.toFixed(3)} | ${proxied.p99.toFixed(3)} | ${(proxied.p99 / direct.p99).toFixed(2)}x | ` +
          `${direct.rps.toFixed(0)} | ${proxied.rps.toFixed(0)} | ${(proxied.rps / direct.rps).toFixed(2)}x |`,
      );
    }
    process.stdout.write(
      [
        '',
        `tools/call echo: ${SEQUENTIAL_CALLS} sequential calls for latency, ${CONCURRENT_CALLERS} callers x ${CALLS_PER_CALLER} for throughput`,
        '| backend | direct p50 ms | proxy p50 ms | ratio | direct p99 ms | proxy p99 ms | ratio | direct calls/s | proxy calls/s | ratio |',
        '|---|---|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
    expect(rows).toHaveLength(3);
  });
});
