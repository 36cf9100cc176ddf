// The built gateway (dist/apps/mcp-gateway/main.js, as `npm start` runs it) as a process of its
// own on a fresh test database, for what only a real process shows (signals, exit codes, its log
// as an operator reads it) and for the benchmarks, whose measurements must not include the test's
// own CPU and memory.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@platform/testing-database';
import {
  findFreePort,
  killProcessGroup,
  spawnProcessGroup,
  waitUntilReady,
} from '@platform/testing-mcp-faults';
import { REPOSITORY_ROOT } from './reference-servers';

const GATEWAY_MAIN = join(REPOSITORY_ROOT, 'dist/apps/mcp-gateway/main.js');
const START_TIMEOUT_MS = 60_000;

export interface GatewayProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  readonly pid: number;
  readonly adminKey: string;
  readonly databaseEngine: 'postgres' | 'embedded';
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited(): Promise<number | string>;
  /** Ends the process group if it is still running, then drops the database and the log. */
  stop(): Promise<void>;
}

/** Builds the gateway as `npm start` does (Nx restores it from its cache when nothing changed). */
export function buildGateway(): void {
  const result = spawnSync('npx', ['nx', 'run', 'mcp-gateway:build', '--output-style=static'], {
    cwd: REPOSITORY_ROOT,
    // NODE_ENV: Jest's `test` would make Vite bundle React's development build, which Nx would
    // then cache as the production build.
    env: { ...process.env, NX_DAEMON: 'false', NODE_OPTIONS: '', NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`gateway build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Starts `node dist/apps/mcp-gateway/main.js` on a fresh test database, with only the variables
 * given (plus PATH and HOME), and waits until it is ready. With DATABASE_URL given, it runs on that
 * database instead (another replica of a gateway already started there), which stop() leaves. The
 * administrator key is GATEWAY_BOOTSTRAP_ADMIN_KEY when given, else the one the process printed.
 */
export async function startGatewayProcess(
  environment: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<GatewayProcess> {
  const shared = environment['DATABASE_URL'];
  const database =
    shared === undefined
      ? await createTestDatabase()
      : { url: shared, engine: 'postgres' as const, close: async () => undefined };
  const port = await findFreePort();
  const directory = mkdtempSync(join(tmpdir(), 'gateway-process-'));
  const logPath = join(directory, 'gateway.log');
  const log = openSync(logPath, 'w');
  // The log goes to a file, not a pipe: a pipe the caller must drain would cost its CPU.
  const child = spawnProcessGroup(process.execPath, [...nodeArgs, GATEWAY_MAIN], {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? tmpdir(),
      PORT: String(port),
      DATABASE_URL: database.url,
      DATABASE_DATA_DIR: join(directory, 'unused'),
      ...environment,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exit = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const origin = `http://127.0.0.1:${port}`;
  const output = (): string => readFileSync(logPath, 'utf8');
  const stop = async (): Promise<void> => {
    await killProcessGroup(child, 5_000);
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(origin, child, output, { name: 'the gateway', timeoutMs: START_TIMEOUT_MS });
    const adminKey = environment['GATEWAY_BOOTSTRAP_ADMIN_KEY'] ?? /(mcp-adm-[0-9a-z-]+)/.exec(output())?.[1];
    if (adminKey === undefined) throw new Error('the gateway printed no administrator key');
    return {
      origin,
      child,
      pid: child.pid ?? -1,
      adminKey,
      databaseEngine: database.engine,
      output,
      exited: () => exit,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
