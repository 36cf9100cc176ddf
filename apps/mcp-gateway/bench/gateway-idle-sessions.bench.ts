// Benchmark: memory of idle client sessions. The built gateway runs as its own process (so its
// resident set can be read from /proc) and gets 1,000 legacy SSE sessions (`GET /sse` streams held
// open) or 1,000 stateful Streamable HTTP sessions (`initialize` on `POST /mcp`, then silence);
// mcp-hub@4.2.1 with 1,000 idle SSE sessions is the comparison. Goal (issue 5): 1,000 idle SSE
// sessions within 200 MB RSS.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- gateway-idle-sessions
import { loadavg } from 'node:os';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  EVERYTHING_SERVER,
  EVERYTHING_STDIO_COMMAND,
  writeServersFile,
} from '../src/testing/reference-servers';
import {
  type BenchProcess,
  buildGateway,
  createClientKey,
  startGatewayProcess,
  startMcpHub,
} from './support/bench-processes';
import {
  type IdleSession,
  openLegacySseSession,
  openMany,
  openStreamableSession,
} from './support/idle-sessions';

const SESSIONS = 1_000;
const PARALLEL_OPENS = 50;
/** Sessions opened and closed first, so lazily loaded code and first-use caches are in "before". */
const WARMUP_SESSIONS = 50;
/** Idle time before each reading: long enough for V8 to collect what opening the sessions left behind. */
const SETTLE_MS = 10_000;
const GOAL_MIB = 200 / 1.048_576;

interface Scenario {
  readonly name: string;
  readonly server: BenchProcess;
  readonly open: () => Promise<IdleSession>;
  /** Heap in use, when the server reports it. */
  readonly heapMiB?: () => Promise<number>;
}

interface Measured {
  readonly name: string;
  readonly rssBefore: number;
  readonly rssAfter: number;
  readonly heapBefore?: number;
  readonly heapAfter?: number;
  readonly alive: number;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function measure(scenario: Scenario): Promise<Measured> {
  const warmup = await openMany(WARMUP_SESSIONS, PARALLEL_OPENS, scenario.open);
  await Promise.all(warmup.map((session) => session.close()));
  await settle();
  const rssBefore = scenario.server.rssMiB();
  const heapBefore = await scenario.heapMiB?.();
  const sessions = await openMany(SESSIONS, PARALLEL_OPENS, scenario.open);
  try {
    await settle();
    const rssAfter = scenario.server.rssMiB();
    const heapAfter = await scenario.heapMiB?.();
    // Every session must still be live when it was counted.
    let alive = 0;
    for (let start = 0; start < sessions.length; start += PARALLEL_OPENS) {
      const answers = await Promise.all(
        sessions.slice(start, start + PARALLEL_OPENS).map((s) => s.isAlive()),
      );
      alive += answers.filter(Boolean).length;
    }
    return {
      name: scenario.name,
      rssBefore,
      rssAfter,
      alive,
      ...(heapBefore === undefined ? {} : { heapBefore }),
      ...(heapAfter === undefined ? {} : { heapAfter }),
    };
  } finally {
    for (let start = 0; start < sessions.length; start += PARALLEL_OPENS)
      await Promise.all(
        sessions.slice(start, start + PARALLEL_OPENS).map((s) => s.close().catch(() => undefined)),
      );
  }
}

/** `nodejs_heap_size_used_bytes` from the gateway's /metrics, in MiB. */
async function gatewayHeapMiB(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const bytes = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? ([0-9.e+]+)$/m.exec(text)?.[1];
  if (bytes === undefined) throw new Error('no nodejs_heap_size_used_bytes in /metrics');
  return Number(bytes) / 1_048_576;
}

function row(result: Measured): string {
  const added = result.rssAfter - result.rssBefore;
  const heap =
    result.heapBefore === undefined || result.heapAfter === undefined
      ? '– | – | –'
      : `${result.heapBefore.toFixed(1)} | ${result.heapAfter.toFixed(1)} | ${(((result.heapAfter - result.heapBefore) * 1024) / SESSIONS).toFixed(1)}`;
  return (
    `| ${result.name} | ${result.alive}/${SESSIONS} | ${result.rssBefore.toFixed(1)} | ${result.rssAfter.toFixed(1)} | ` +
    `${added.toFixed(1)} | ${((added * 1024) / SESSIONS).toFixed(1)} | ${heap} | ${(result.rssAfter / GOAL_MIB).toFixed(2)}x |`
  );
}

describe('idle session memory benchmark', () => {
  const stops: Array<() => Promise<void>> = [];

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  });

  it('measures the resident set with 1,000 idle sessions', async () => {
    buildGateway();
    const loadBefore = loadavg();
    const serversFile = writeServersFile(
      `servers:\n  - { id: ev-stdio, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    stops.push(async () => serversFile.remove());
    const gatewayScenario = async (name: string, path: string, kind: 'sse' | 'streamable') => {
      // A fresh gateway per scenario: memory freed by one is not handed to the next.
      // One key holds every session here, so its quota must allow them all.
      const gateway = await startGatewayProcess({
        GATEWAY_SERVERS_FILE: serversFile.path,
        GATEWAY_MAX_SESSIONS_PER_PRINCIPAL: String(WARMUP_SESSIONS + SESSIONS),
      });
      stops.push(gateway.stop);
      const key = await createClientKey(gateway, ['ev-stdio']);
      const headers = { Authorization: `Bearer ${key}` };
      const url = new URL(path, gateway.origin);
      const result = await measure({
        name,
        server: gateway,
        open: () =>
          kind === 'sse' ? openLegacySseSession(url, headers) : openStreamableSession(url, headers),
        heapMiB: () => gatewayHeapMiB(gateway.origin),
      });
      await gateway.stop();
      return result;
    };
    const results = [
      await gatewayScenario('gateway, legacy SSE `GET /sse` (Meta-Mode)', '/sse', 'sse'),
      await gatewayScenario('gateway, Streamable HTTP `POST /mcp` initialize', '/mcp', 'streamable'),
    ];
    const hub = await startMcpHub({ a: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } });
    stops.push(hub.stop);
    results.push(
      await measure({
        name: 'mcp-hub 4.2.1, legacy SSE `GET /mcp`',
        server: hub,
        open: () => openLegacySseSession(new URL('/mcp', hub.origin), {}),
      }),
    );
    const loadAfter = loadavg();
    process.stdout.write(
      [
        '',
        `${SESSIONS} idle sessions per server process (after ${WARMUP_SESSIONS} warm-up sessions opened and closed), RSS from /proc/<pid>/status, Node ${process.version}`,
        `load average before ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after ${loadAfter.map((value) => value.toFixed(2)).join(' ')}`,
        '| server, sessions | live at the end | RSS before MiB | RSS after MiB | added MiB | KiB / session | heap before MiB | heap after MiB | heap KiB / session | RSS vs goal 200 MB |',
        '|---|---|---|---|---|---|---|---|---|---|',
        ...results.map(row),
        '',
      ].join('\n'),
    );
    expect(results.every((result) => result.alive === SESSIONS)).toBe(true);
  });
});
