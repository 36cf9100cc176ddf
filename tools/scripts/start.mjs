#!/usr/bin/env node
// `npm start`: builds the three services and runs them together, each with its own embedded
// database under ./.data (or the PostgreSQL server in DATABASE_URL, one schema per service).
// Log lines are prefixed with the service name; Ctrl-C stops all three. Ports come from
// MCP_GATEWAY_PORT, CURATION_API_PORT and TERM_BRIDGE_PORT; embedded data lives in
// $DATA_DIR/<service> (default ./.data/<service>).
//
// Each port is checked before anything starts; each service gets only its own variables
// (service-environment.mjs); a service counts as ready once the process started here reports, over
// its IPC channel, that it listens, and then answers /ready there (docs/decisions/023).
//
//   npm start                 build, then run all three
//   npm start -- --no-build   run what is already in dist/
//   npm start -- mcp-gateway  run only the named service(s)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portProblems } from './free-ports.mjs';
import { serviceEnvironment } from './service-environment.mjs';
import { portOf, SERVICES } from './services.mjs';
import { runOnSupportedNode } from './supported-node.mjs';

// On an older Node, npm start runs on the pinned Node 22 instead (supported-node.mjs).
await runOnSupportedNode(import.meta.url);

/** The line of the gateway's first-start banner that says a key was printed (never the key). */
const ADMIN_KEY_BANNER = 'First start: an administrator key was created';
/** Where a newcomer goes next: the README section that walks from the key to a tool call. */
const NEXT_STEP = 'README.md, "Gateway: from the administrator key to a tool call"';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((name) => !SERVICES.some((service) => service.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown service(s): ${unknown.join(', ')}. Known: ${SERVICES.map((s) => s.name).join(', ')}\n`,
  );
  process.exit(2);
}
const selected = named.length > 0 ? SERVICES.filter((service) => named.includes(service.name)) : SERVICES;
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const width = Math.max(...selected.map((service) => service.name.length));

// Checked before the build (a minute wasted otherwise) and again after it (time for others to bind).
await refuseUnusablePorts();
if (build) {
  const projects = selected.map((service) => service.name).join(',');
  const result = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', `--projects=${projects}`, '--output-style=static'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? 'false' },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  await refuseUnusablePorts();
}

// The terminal bridge refuses to start without an API key (it types into your shells), so a
// run without TERM_BRIDGE_API_KEY gets a fresh one, printed once the services are ready.
const generatedBridgeKey = process.env.TERM_BRIDGE_API_KEY
  ? undefined
  : `sk-term-${randomBytes(24).toString('hex')}`;

const startedAt = Date.now();
const children = new Map();
/** Service name → where the child this script started says it listens. */
const listening = new Map();
let adminKeyPrinted = false;
let stopping = false;

for (const service of selected) {
  const main = join(root, 'dist', 'apps', service.name, 'main.js');
  if (!existsSync(main)) {
    process.stderr.write(`${main} is missing: run without --no-build\n`);
    process.exit(1);
  }
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: serviceEnvironment(service, process.env, {
      PORT: String(portOf(service)),
      DATABASE_DATA_DIR: join(process.env.DATA_DIR || join(root, '.data'), service.name),
      ...(service.name === 'term-bridge' && generatedBridgeKey
        ? { TERM_BRIDGE_API_KEY: generatedBridgeKey }
        : {}),
    }),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.set(service.name, child);
  child.on('message', (message) => {
    if (message?.kind === 'listening' && message.port === portOf(service)) {
      listening.set(service.name, message.address);
    }
  });
  prefixLines(service, child.stdout, process.stdout, (line) => {
    if (service.name === 'mcp-gateway' && line.includes(ADMIN_KEY_BANNER)) adminKeyPrinted = true;
  });
  prefixLines(service, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(service.name);
    if (!stopping) {
      say(`${service.name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the others`);
      stopAll(1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

waitUntilReady().catch(() => undefined);
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function refuseUnusablePorts() {
  const problems = await portProblems(selected, process.env);
  if (problems.length === 0) return;
  for (const problem of problems) say(problem);
  process.exit(1);
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  if (children.size === 0) process.exit(exitCode);
  for (const child of children.values()) child.kill('SIGTERM');
}

async function waitUntilReady() {
  const pending = new Set(selected);
  while (pending.size > 0 && !stopping) {
    for (const service of [...pending]) {
      if (await isReady(service)) pending.delete(service);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (stopping) return;
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  say(`all services ready in ${seconds}s:`);
  for (const service of selected) {
    const base = `http://localhost:${portOf(service)}`;
    say(`  ${service.name.padEnd(width)}  ${base}   docs ${base}/docs   ready ${base}/ready`);
  }
  if (selected.some((service) => service.name === 'mcp-gateway')) {
    say(
      adminKeyPrinted
        ? 'mcp-gateway printed its first administrator key above, in the framed banner of its lines ' +
            '(shown this once; only its digest is stored)'
        : 'mcp-gateway: this database already has an administrator key (printed once, at its first ' +
            'start; GATEWAY_BOOTSTRAP_ADMIN_KEY installs one of your own)',
    );
  }
  if (generatedBridgeKey && selected.some((service) => service.name === 'term-bridge')) {
    say(
      `term-bridge API key for this run: ${generatedBridgeKey} (set TERM_BRIDGE_API_KEY to choose your own)`,
    );
  }
  if (selected.some((service) => service.name === 'mcp-gateway')) say(`next: ${NEXT_STEP}`);
  say('press Ctrl-C to stop');
}

/**
 * Ready once the child started here has said it listens on its port (a port answered by another
 * process never counts) and /ready answers 200 at that address.
 */
async function isReady(service) {
  const address = listening.get(service.name);
  if (address === undefined) return false;
  try {
    const response = await fetch(`http://${hostOf(address)}:${portOf(service)}/ready`, {
      signal: AbortSignal.timeout(2000),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

/** A wildcard address is reached over loopback; an IPv6 address goes in brackets. */
function hostOf(address) {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}

function prefixLines(service, input, output, inspect = () => undefined) {
  const label = `[${service.name}]`.padEnd(width + 2);
  const prefix = useColor ? `\u001b[${service.color}m${label}\u001b[0m ` : `${label} `;
  createInterface({ input }).on('line', (line) => {
    inspect(line);
    output.write(`${prefix}${line}\n`);
  });
}

function say(text) {
  process.stdout.write(`${useColor ? '\u001b[1m[start]\u001b[0m' : '[start]'} ${text}\n`);
}
