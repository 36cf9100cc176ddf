// The MCP Inspector CLI (@modelcontextprotocol/inspector 2.12.0, `--cli`) as a real client for
// tests: one run in a fresh Node process with a home of its own, its JSON answer parsed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { findUpwards } from '../support/repository-paths';

const LAUNCHER = 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js';

/** One Inspector run starts a fresh Node process and connects: seconds each on 2 cores. */
export const INSPECTOR_TIMEOUT_MS = 120_000;

export interface InspectorResult {
  readonly exitCode: number | null;
  /** `--format json`: `{ result }` on stdout, or `{ error }` on stderr. */
  readonly result?: Record<string, unknown>;
  readonly error?: { code: string; message: string };
  readonly output: string;
}

/** `mcp-inspector --cli <args…>`, with `home` as HOME (the Inspector keeps state there). */
export function runInspectorCli(args: string[], home: string): Promise<InspectorResult> {
  // Jest's NODE_OPTIONS (--experimental-vm-modules) is not meant for the CLI.
  const { NODE_OPTIONS: _jestOptions, ...environment } = process.env;
  const child = spawn(process.execPath, [findUpwards(LAUNCHER), '--cli', ...args], {
    env: { ...environment, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => {
      const result = lastJson(stdout)?.['result'] as Record<string, unknown> | undefined;
      const error = lastJson(stderr)?.['error'] as InspectorResult['error'];
      resolve({
        exitCode,
        ...(result === undefined ? {} : { result }),
        ...(error === undefined ? {} : { error }),
        output: `${stdout}\n${stderr}`,
      });
    });
  });
}

/** The last line of `text` that parses as a JSON object. */
function lastJson(text: string): Record<string, unknown> | undefined {
  for (const line of text.trim().split('\n').reverse()) {
    try {
      const value = JSON.parse(line) as unknown;
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
    } catch {
      // not JSON: a banner or a log line
    }
  }
  return undefined;
}
