// Starts the conformance backend (backend/conformance-backend.bin.ts) as a child process on a
// free port, in its own process group, and stops it without leftovers.
import type { ChildProcess } from 'node:child_process';
import { findFreePort, killProcessGroup, spawnProcessGroup } from '@platform/testing-mcp-faults';
import { BACKEND_SCRIPT, NODE_22, repositoryFile } from './repository-files';

export interface ConformanceBackend {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The Streamable HTTP endpoint: `<origin>/mcp`. */
  readonly endpoint: string;
  readonly port: number;
  readonly pid: number;
  /** Kills the backend's process group and waits for it to exit. Idempotent. */
  stop(): Promise<void>;
}

export interface ConformanceBackendOptions {
  /** A port to listen on; a free one (findFreePort) by default. */
  readonly port?: number;
  /** How long to wait for `listening <port>`; 15 s by default. */
  readonly startTimeoutMs?: number;
}

export async function startConformanceBackend(
  options: ConformanceBackendOptions = {},
): Promise<ConformanceBackend> {
  const port = options.port ?? (await findFreePort());
  const child = spawnProcessGroup(
    repositoryFile(NODE_22),
    // The repository's package.json declares no module type; the script is an ES module.
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', repositoryFile(BACKEND_SCRIPT)],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    await waitForListening(child, options.startTimeoutMs ?? 15_000);
  } catch (error) {
    await killProcessGroup(child);
    throw error;
  }
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    endpoint: `${origin}/mcp`,
    port,
    pid: child.pid ?? -1,
    stop: () => killProcessGroup(child),
  };
}

function waitForListening(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`the conformance backend did not start: ${reason}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no "listening" line within ${timeoutMs} ms`), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (!/^listening \d+$/m.test(stdout)) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code, signal) => fail(`it exited (${code ?? signal})`));
    child.once('error', (error) => fail(error.message));
  });
}
