// Test support for the gateway's e2e specs: paths of real MCP servers from npm, a temporary
// servers file (GATEWAY_SERVERS_FILE), and polling. Network servers are started with
// `startEverythingServer` from @platform/testing-mcp-faults.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The repository root, whether Jest runs from it or from the app folder. */
export const REPOSITORY_ROOT = process.cwd().replace(/\/apps\/mcp-gateway$/, '');

export const EVERYTHING_SERVER = join(
  REPOSITORY_ROOT,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

/** A `url` for a stdio server record that runs server-everything with this Node. */
export const EVERYTHING_STDIO_COMMAND = `"${process.execPath}" "${EVERYTHING_SERVER}" stdio`;

export interface ServersFile {
  readonly path: string;
  remove(): void;
}

/** Writes `content` (YAML or JSON) as a servers file in a fresh temporary directory. */
export function writeServersFile(content: string, name = 'servers.yaml'): ServersFile {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-servers-'));
  const path = join(directory, name);
  writeFileSync(path, content);
  return { path, remove: () => rmSync(directory, { recursive: true, force: true }) };
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
