// Sync benchmark support: the built curation API (dist/apps/curation-api/main.js, as `npm start`
// runs it) on a fresh PostgreSQL database, and the demo's simulated media stack
// (dist/apps/demo-stack/main.js), each a process of its own. So the figures are the service's as
// deployed (compiled code, its own event loop, the database in another process), and the CPU the
// simulators spend serving is not counted as the sync's.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTestDatabase } from '@platform/testing-database';
import { killProcessGroup, spawnProcessGroup } from '@platform/testing-mcp-faults';
import {
  buildCurationApi,
  type CurationProcess as ServiceProcess,
  REPOSITORY_ROOT,
  startCurationProcess as startServiceProcess,
} from '../../src/testing/curation-process.spec-helpers';

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

export interface CurationProcess extends ServiceProcess {
  readonly adminKey: string;
  readonly databaseUrl: string;
}

/** Builds both as `npm run demo` does (Nx restores them from its cache when nothing changed). */
export function buildServiceAndStack(): void {
  buildCurationApi(['curation-api', 'demo-stack']);
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
  const adminKey = `curation-bench-${randomBytes(16).toString('hex')}`;
  try {
    const started = await startServiceProcess(database.url, {
      // info: the sync's success line says what it reused and how long each phase took.
      LOG_LEVEL: 'info',
      DOCS_ENABLED: 'false',
      CURATION_BOOTSTRAP_API_KEY: adminKey,
      CURATION_SECRET_KEY: randomBytes(32).toString('base64'),
      CURATION_PLEX_TV_URL: plexTvUrl,
      CURATION_SYNC_INTERVAL_MINUTES: '0',
    });
    const stop = async (): Promise<void> => {
      await started.stop();
      await database.close();
    };
    return { ...started, adminKey, databaseUrl: database.url, stop };
  } catch (error) {
    await database.close();
    throw error;
  }
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
