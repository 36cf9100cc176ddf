// Starts @modelcontextprotocol/server-everything (a real MCP server from npm) on a free port over
// legacy HTTP+SSE or Streamable HTTP, in its own process group, and stops it without leftovers.
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { findFreePort } from './free-port';
import { hasExited, killProcessGroup, spawnProcessGroup } from './process-group';
import { findUpwards } from './repository-paths';

export type EverythingTransport = 'sse' | 'streamableHttp';

export interface EverythingServer {
  readonly transport: EverythingTransport;
  /** `http://127.0.0.1:<port>`: the origin, for a FaultProxy target. */
  readonly origin: string;
  /** The MCP endpoint: `<origin>/sse` or `<origin>/mcp`. */
  readonly endpoint: string;
  readonly port: number;
  readonly pid: number;
  /** Kills the server's process group and waits for it to exit. Idempotent. */
  stop(): Promise<void>;
}

export interface EverythingServerOptions {
  /** The port to listen on (e.g. to bring a stopped server back where clients expect it); a free one by default. */
  readonly port?: number;
  /** How long to wait for the port to accept connections; 15 s by default. */
  readonly startTimeoutMs?: number;
}

const SCRIPT = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';
const ENDPOINT_PATH: Record<EverythingTransport, string> = { sse: '/sse', streamableHttp: '/mcp' };

export async function startEverythingServer(
  transport: EverythingTransport,
  options: EverythingServerOptions = {},
): Promise<EverythingServer> {
  const port = options.port ?? (await findFreePort());
  const child = spawnProcessGroup(process.execPath, [findUpwards(SCRIPT), transport], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  try {
    await waitForPort(child, port, options.startTimeoutMs ?? 15_000);
  } catch (error) {
    await killProcessGroup(child);
    throw new Error(
      `server-everything (${transport}) did not start: ${(error as Error).message}\n${stderr}`,
      {
        cause: error,
      },
    );
  }
  const origin = `http://127.0.0.1:${port}`;
  return {
    transport,
    origin,
    endpoint: `${origin}${ENDPOINT_PATH[transport]}`,
    port,
    pid: child.pid ?? -1,
    stop: () => killProcessGroup(child),
  };
}

async function waitForPort(child: ChildProcess, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`it exited with code ${child.exitCode ?? child.signalCode}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} did not accept connections within ${timeoutMs} ms`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
