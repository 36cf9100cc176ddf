// Test support: real MCP servers from npm started as child processes (server-everything over
// legacy SSE or Streamable HTTP), free ports, and clean shutdown. Used by e2e specs only.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The repository root, whether Jest runs from it or from the app folder. */
export const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/mcp-gateway$/, '');

export const EVERYTHING_SERVER = join(
  REPOSITORY_ROOT,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

/** A `url` for a stdio server record that runs server-everything with this Node. */
export const EVERYTHING_STDIO_COMMAND = `"${process.execPath}" "${EVERYTHING_SERVER}" stdio`;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts server-everything on `port` and resolves once it listens. */
export async function startEverything(mode: 'streamableHttp' | 'sse', port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [EVERYTHING_SERVER, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      if (/listening|running/i.test(chunk.toString())) resolve();
    });
  });
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

/** Polls `probe` until it returns a value (not undefined); fails with `what` after ~15 s. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
