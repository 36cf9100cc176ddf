// Real backend programs for the stdio integration tests, written to a temporary directory as
// small Node scripts, and helpers that tell from /proc whether their processes still run.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { StdioChild } from './stdio-child';

const SCRIPTS: Readonly<Record<string, string>> = {
  // Echoes each stdin line; `env` and `argv` answer with JSON; exits at stdin EOF.
  'echo.cjs': `
    const lines = require('node:readline').createInterface({ input: process.stdin });
    lines.on('line', (line) => {
      const answer = line === 'env' ? JSON.stringify(process.env) : line === 'argv' ? JSON.stringify(process.argv) : line;
      process.stdout.write(answer + '\\n');
    });
    lines.on('close', () => process.exit(0));`,
  // A wrapper (like npx) whose child ignores SIGTERM and outlives it. Flags: --ignore-eof
  // (the wrapper ignores stdin EOF too), --exit-now (the wrapper exits at once with code 5).
  'wrapper.cjs': `
    const { spawn } = require('node:child_process');
    const grandchild = spawn(process.execPath, [require('node:path').join(__dirname, 'stubborn.cjs')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    process.on('SIGTERM', () => {});
    process.stdout.write(JSON.stringify({ grandchild: grandchild.pid }) + '\\n');
    if (process.argv.includes('--exit-now')) process.exit(5);
    if (process.argv.includes('--ignore-eof')) setInterval(() => {}, 1000);
    else process.stdin.on('end', () => process.exit(0)).resume();`,
  'stubborn.cjs': `
    process.on('SIGTERM', () => {});
    setInterval(() => {}, 1000);`,
  // Logs its secret to stderr (whole, cut by the line cap, and under MCP_API_KEY).
  'leaky.cjs': `
    const key = process.env.API_KEY;
    process.stderr.write('starting with key ' + key + '\\n');
    process.stderr.write('x'.repeat(4090) + key + '\\n');
    process.stderr.write('mcp key ' + process.env.MCP_API_KEY + ' done\\n');
    process.stderr.write('last words without newline ' + key);
    process.stdout.write('ready\\n');
    process.stdin.on('end', () => process.exit(0)).resume();`,
  // Writes two lines, the last without a newline, and exits with code 3.
  'exits.cjs': `
    process.stdout.write('first\\n');
    process.stdout.write('{"last":true}');
    process.exitCode = 3;`,
  'big-line.cjs': `
    process.stdout.write('y'.repeat(5000));
    setInterval(() => {}, 1000);`,
  // Reads nothing until SIGUSR1, then answers each line with its length.
  'slow-reader.cjs': `
    process.on('SIGUSR1', () => {
      const lines = require('node:readline').createInterface({ input: process.stdin });
      lines.on('line', (line) => process.stdout.write(line.length + '\\n'));
    });
    process.stdout.write('ready\\n');
    setInterval(() => {}, 1000);`,
};

/** The dynamic loader of this machine (glibc or musl, x86_64 or aarch64). */
export const DYNAMIC_LOADER = [
  '/lib64/ld-linux-x86-64.so.2',
  '/lib/ld-linux-aarch64.so.1',
  '/lib/ld-musl-x86_64.so.1',
  '/lib/ld-musl-aarch64.so.1',
].find((path) => existsSync(path));

export interface Fixtures {
  /** Unique to this run: it appears in the command line of every fixture process. */
  readonly directory: string;
  /** The stdio command line that runs a fixture script with Node. */
  commandLine(script: string, ...args: string[]): string;
  remove(): Promise<void>;
}

export async function writeFixtures(): Promise<Fixtures> {
  const directory = await mkdtemp(join(tmpdir(), 'stdio-fixtures-'));
  for (const [name, source] of Object.entries(SCRIPTS)) await writeFile(join(directory, name), source);
  return {
    directory,
    commandLine: (script, ...args) =>
      [process.execPath, join(directory, script), ...args].map((word) => `"${word}"`).join(' '),
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}

/** Whether `pid` is a live (not zombie) process whose command line mentions `marker`. */
export function isFixtureRunning(pid: number, marker: string): boolean {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return commandLine.includes(marker) && state !== 'Z' && state !== 'X';
  } catch {
    return false; // gone (ENOENT)
  }
}

/** Every live process whose command line mentions `marker`. */
export function runningFixtureProcesses(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => pid !== process.pid && isFixtureRunning(pid, marker));
}

export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Polls `condition` until it holds (true) or `timeoutMs` passes (false). */
export async function eventually(condition: () => boolean, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await delay(25);
  }
  return true;
}

/** Starts `child` with `secret`, failing the test with the reason if it does not start. */
export async function startWithSecret(child: StdioChild, secret: string): Promise<number> {
  const result = await child.start({ kind: 'resolved', value: secret });
  if (!result.ok) throw new Error(`start failed: ${JSON.stringify(result.failure)}`);
  return result.pid;
}

export function nextLine(child: StdioChild): Promise<string> {
  return new Promise((resolve) => child.once('line', resolve));
}

export async function readCommandLine(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
}
