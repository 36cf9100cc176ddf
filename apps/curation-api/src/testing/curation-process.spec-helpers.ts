// The built curation API (dist/apps/curation-api/main.js, as `npm start` runs it) as a process of
// its own on a given database, for what only real processes show: two replicas sharing nothing but
// PostgreSQL (docs/decisions/058), and the benchmarks, whose figures must not include the test's CPU.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findFreePort,
  killProcessGroup,
  spawnProcessGroup,
  waitUntilReady,
} from '@platform/testing-mcp-faults';

export const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/curation-api$/, '');
const START_TIMEOUT_MS = 120_000;

export interface CurationProcess {
  readonly origin: string;
  readonly pid: number;
  /** Everything the service wrote to stdout and stderr so far. */
  output(): string;
  /** Ends the process group and removes its log (the database stays: it is the caller's). */
  stop(): Promise<void>;
}

/** Builds the service (and its web app) as `npm start` does; Nx restores them when nothing changed. */
export function buildCurationApi(projects: readonly string[] = ['curation-api']): void {
  const result = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--output-style=static'],
    {
      cwd: REPOSITORY_ROOT,
      // NODE_ENV: Jest's `test` would make Vite bundle React's development build, which Nx would
      // then cache as the production build.
      env: { ...process.env, NX_DAEMON: 'false', NODE_OPTIONS: '', NODE_ENV: 'production' },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Starts `node dist/apps/curation-api/main.js` on `databaseUrl` with only the variables given (plus
 * PATH, HOME, PORT and a data directory of its own), and waits until it is ready.
 */
export async function startCurationProcess(
  databaseUrl: string,
  environment: Readonly<Record<string, string>>,
): Promise<CurationProcess> {
  const port = await findFreePort();
  const directory = mkdtempSync(join(tmpdir(), 'curation-process-'));
  const logPath = join(directory, 'curation-api.log');
  const log = openSync(logPath, 'w');
  // The log goes to a file, not a pipe the caller would have to drain with its own CPU.
  const child = spawnProcessGroup(
    process.execPath,
    [join(REPOSITORY_ROOT, 'dist/apps/curation-api/main.js')],
    {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? tmpdir(),
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATABASE_DATA_DIR: join(directory, 'data'),
        ...environment,
      },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const output = (): string => readFileSync(logPath, 'utf8');
  const stop = async (): Promise<void> => {
    await killProcessGroup(child, 10_000);
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(origin, child, output, { name: 'the curation API', timeoutMs: START_TIMEOUT_MS });
    return { origin, pid: child.pid ?? -1, output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
