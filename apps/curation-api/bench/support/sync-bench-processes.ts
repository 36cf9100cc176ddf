// Sync benchmark support: the built curation API (dist/apps/curation-api/main.js, as `npm start`
// runs it) on a fresh PostgreSQL database, and the demo's simulated media stack
// (dist/apps/demo-stack/main.js), each a process of its own. So the figures are the service's as
// deployed (compiled code, its own event loop, the database in another process), and the CPU the
// simulators spend serving is not counted as the sync's.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@platform/testing-database';
import { findFreePort, killProcessGroup, spawnProcessGroup } from '@platform/testing-mcp-faults';

const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/curation-api$/, '');
const START_TIMEOUT_MS = 120_000;

/** The demo stack's ready message (tools/demo-stack/src/main.ts), as far as the bench reads it. */
export interface DemoStack {
  readonly items: number;
  readonly plex: {
    readonly url: string;
    readonly machineIdentifier: string;
    readonly name: string;
    readonly token: string;
  };
  readonly plexTvUrl: string;
  readonly connections: readonly Record<string, unknown>[];
  readonly pid: number;
  stop(): Promise<void>;
}

export interface CurationProcess {
  readonly origin: string;
  readonly pid: number;
  readonly adminKey: string;
  readonly databaseUrl: string;
  /** Everything the service wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Builds both as `npm run demo` does (Nx restores them from its cache when nothing changed). */
export function buildServiceAndStack(): void {
  const result = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '--projects=curation-api,demo-stack', '--output-style=static'],
    { cwd: REPOSITORY_ROOT, env: { ...process.env, NX_DAEMON: 'false', NODE_OPTIONS: '' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Starts the simulated media stack over a generated library of `items` items. */
export async function startDemoStack(items: number): Promise<DemoStack> {
  const base = await freePortRange(8);
  const child = spawnProcessGroup(process.execPath, [join(REPOSITORY_ROOT, 'dist/apps/demo-stack/main.js')], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env['PATH'] ?? '', DEMO_ITEMS: String(items), DEMO_BASE_PORT: String(base) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Omit<DemoStack, 'pid' | 'stop'>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the demo stack did not start in time')),
      START_TIMEOUT_MS,
    );
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as Omit<DemoStack, 'pid' | 'stop'>);
    });
    child.once('exit', (code) => reject(new Error(`the demo stack exited with code ${String(code)}`)));
  });
  return { ...ready, pid: child.pid ?? -1, stop: () => killProcessGroup(child, 10_000) };
}

/** Starts the built curation API on a fresh test database; no scheduled syncs. */
export async function startCurationProcess(plexTvUrl: string): Promise<CurationProcess> {
  const database = await createTestDatabase();
  if (database.engine !== 'postgres') throw new Error('the sync benchmark needs TEST_DATABASE_URL');
  const port = await findFreePort();
  const directory = mkdtempSync(join(tmpdir(), 'curation-bench-'));
  const logPath = join(directory, 'curation-api.log');
  const log = openSync(logPath, 'w');
  const adminKey = `curation-bench-${randomBytes(16).toString('hex')}`;
  // The log goes to a file, not a pipe the bench would have to drain with its own CPU.
  const child = spawnProcessGroup(
    process.execPath,
    [join(REPOSITORY_ROOT, 'dist/apps/curation-api/main.js')],
    {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? tmpdir(),
        PORT: String(port),
        DATABASE_URL: database.url,
        DATABASE_DATA_DIR: join(directory, 'unused'),
        // info: the sync's success line says what it reused and how long each phase took.
        LOG_LEVEL: 'info',
        DOCS_ENABLED: 'false',
        CURATION_BOOTSTRAP_API_KEY: adminKey,
        CURATION_SECRET_KEY: randomBytes(32).toString('base64'),
        CURATION_PLEX_TV_URL: plexTvUrl,
        CURATION_SYNC_INTERVAL_MINUTES: '0',
      },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await killProcessGroup(child, 10_000);
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(origin, child, () => readFileSync(logPath, 'utf8'));
    const output = (): string => readFileSync(logPath, 'utf8');
    return { origin, pid: child.pid ?? -1, adminKey, databaseUrl: database.url, output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitUntilReady(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the curation API exited:\n${output()}`);
    const ready = await fetch(`${origin}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${origin}/ready:\n${output()}`);
}

/** The first of `count` consecutive loopback ports that are free now. */
async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let free = true;
    for (let port = base; port < base + count && free; port += 1) free = await canBind(port);
    if (free) return base;
  }
  throw new Error(`found no ${count} consecutive free ports`);
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
