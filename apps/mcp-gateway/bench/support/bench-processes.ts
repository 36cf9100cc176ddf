// Benchmark support: the built gateway (dist/apps/mcp-gateway/main.js, as `npm start` runs it) and
// mcp-hub as processes of their own, so their CPU and memory are not the benchmark's, plus the
// admin calls that give a bench caller an ordinary AppKey (authentication, RBAC and audit all on).
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cpuMilliseconds,
  findFreePort,
  killProcessGroup,
  spawnProcessGroup,
} from '@platform/testing-mcp-faults';
import {
  buildGateway,
  startGatewayProcess as startBuiltGateway,
} from '../../src/testing/gateway-process.spec-helpers';
import { REPOSITORY_ROOT } from '../../src/testing/reference-servers';

export { buildGateway, cpuMilliseconds };

/** The script behind node_modules/.bin/mcp-hub, run with this Node rather than whichever `node` is first on PATH. */
const MCP_HUB = join(REPOSITORY_ROOT, 'node_modules/mcp-hub/dist/cli.js');
const START_TIMEOUT_MS = 60_000;
/** At most 20 ms of CPU in half a second counts as idle. */
const IDLE_CPU_MS = 20;

export interface BenchProcess {
  readonly origin: string;
  readonly pid: number;
  /** Resident set size from /proc/<pid>/status, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

export interface GatewayProcess extends BenchProcess {
  readonly adminKey: string;
  readonly databaseEngine: 'postgres' | 'embedded';
}

/** Starts the built gateway (without its docs) on a fresh test database and waits until it is ready. */
export async function startGatewayProcess(environment: Record<string, string>): Promise<GatewayProcess> {
  // e.g. BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/gateway-profile" to see where time goes.
  const nodeArgs = (process.env['BENCH_GATEWAY_NODE_ARGS'] ?? '').split(' ').filter((arg) => arg !== '');
  const gateway = await startBuiltGateway({ DOCS_ENABLED: 'false', ...environment }, nodeArgs);
  return {
    origin: gateway.origin,
    pid: gateway.pid,
    adminKey: gateway.adminKey,
    databaseEngine: gateway.databaseEngine,
    rssMiB: () => rssMiB(gateway.pid),
    stop: () => gateway.stop(),
  };
}

/**
 * An ordinary (non-admin) AppKey with scope `*`, allowed by an RBAC row per server for its role,
 * so every request is authenticated and authorized as a real client's would be.
 */
export async function createClientKey(
  gateway: GatewayProcess,
  serverIds: readonly string[],
): Promise<string> {
  const admin = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${gateway.origin}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${gateway.adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  for (const id of serverIds) {
    await admin('/api/policies', { targetId: `server:${id}`, requiredGroup: 'McpClient', isAllowed: 1 });
  }
  const created = await admin('/api/appkeys', { name: 'bench', scopes: ['*'] });
  return String(created['plaintextKey']);
}

/** mcp-hub@4.2.1 with the given `mcpServers`; ready once every server reports `connected`. */
export async function startMcpHub(servers: Record<string, unknown>): Promise<BenchProcess> {
  const port = await findFreePort();
  const directory = mkdtempSync(join(tmpdir(), 'mcp-hub-bench-'));
  const configPath = join(directory, 'hub.json');
  writeFileSync(configPath, JSON.stringify({ mcpServers: servers }));
  const log = openSync(join(directory, 'hub.log'), 'w');
  const child = spawnProcessGroup(
    process.execPath,
    [MCP_HUB, '--port', String(port), '--config', configPath],
    {
      cwd: directory,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await killProcessGroup(child, 5_000);
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitFor(
      `mcp-hub at ${origin}`,
      async () => {
        const response = await fetch(`${origin}/api/health`);
        if (!response.ok) return false;
        const health = (await response.json()) as { state?: string; servers?: Array<{ status?: string }> };
        const states = health.servers ?? [];
        return (
          health.state === 'ready' &&
          states.length === Object.keys(servers).length &&
          states.every((server) => server.status === 'connected')
        );
      },
      () => {
        if (child.exitCode !== null) throw new Error('mcp-hub exited');
      },
    );
    const pid = child.pid ?? -1;
    return { origin, pid, rssMiB: () => rssMiB(pid), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) / 1024;
}

/**
 * Resolves once none of the processes used more than a few milliseconds of CPU over half a
 * second (or after 30 s), so one measurement does not pay for the clean-up of the one before.
 */
export async function waitUntilIdle(pids: readonly number[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  let before = pids.map(cpuMilliseconds);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = pids.map(cpuMilliseconds);
    if (now.every((used, index) => used - (before[index] ?? 0) <= IDLE_CPU_MS)) return;
    before = now;
  }
}

async function waitFor(what: string, probe: () => Promise<boolean>, check: () => void): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    check();
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
