// `npm start` (tools/scripts/start.mjs) run for real against stand-in services: a copy of the
// scripts in a scratch workspace whose dist/apps/<service>/main.js is a small HTTP server that
// behaves like a service towards its supervisor (listens on PORT, reports over IPC, answers
// /ready) and writes down the environment it was given. Checks the environment rule, the
// busy-port refusal, and that readiness comes from the child the script started.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

const SERVICE_NAMES = ['mcp-gateway', 'curation-api', 'term-bridge'] as const;

/**
 * A stand-in service. Mode (from stand-in.json in the workspace, not from the environment, which
 * is what is under test): `normal`; `late`: reports listening only after 2 /ready requests or 3 s,
 * and records whether each /ready came before its report; `first-start`: prints the gateway's
 * first-start banner (`banner` in stand-in.json) before it listens.
 */
const STAND_IN = `
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const name = path.basename(__dirname);
const settings = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'stand-in.json'), 'utf8'));
const mode = settings[name] || 'normal';
if (mode === 'first-start') process.stdout.write(settings.banner.join('\\n') + '\\n');
fs.writeFileSync(path.join(process.cwd(), 'env-' + name + '.json'), JSON.stringify(process.env));
let reported = false;
const readyRequests = [];
const server = http.createServer((request, response) => {
  if (request.url === '/ready') {
    readyRequests.push({ beforeReport: !reported });
    fs.writeFileSync(path.join(process.cwd(), 'ready-' + name + '.json'), JSON.stringify(readyRequests));
    if (mode === 'late' && readyRequests.length >= 2) report();
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ status: 'ready', service: name }));
});
function report() {
  if (reported || !process.send) return;
  reported = true;
  const address = server.address();
  process.send({ kind: 'listening', service: name, pid: process.pid, address: address.address, port: address.port }, () => process.disconnect());
}
server.listen(Number(process.env.PORT), process.env.HOST || '127.0.0.1', () => {
  if (mode === 'late') setTimeout(report, 3000); else report();
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** The gateway's real banner (its text, with a made-up key), as start.mjs must recognise it. */
const FIRST_START_BANNER = [
  ...readFileSync(
    join(workspaceRoot(), 'apps/mcp-gateway/src/access/bootstrap/admin-bootstrap.service.ts'),
    'utf8',
  )
    .split('\n')
    .filter((line) => line.includes('First start:'))
    .map((line) => /'(.*)'/.exec(line)?.[1] ?? ''),
  `   mcp-adm-${'0'.repeat(32)}-${'1'.repeat(64)}`,
];

interface StartRun {
  readonly child: ChildProcess;
  readonly workspace: string;
  output(): string;
  /** Resolves with the output once `text` appears; rejects if the script exits first. */
  waitFor(text: string): Promise<string>;
  exited(): Promise<number | null>;
}

describe('npm start (tools/scripts/start.mjs)', () => {
  const runs: StartRun[] = [];
  const servers: Server[] = [];

  function runStart(
    environment: Record<string, string>,
    modes: Partial<Record<(typeof SERVICE_NAMES)[number], 'normal' | 'late' | 'first-start'>> = {},
    services: readonly string[] = [],
  ): StartRun {
    const workspace = mkdtempSync(join(tmpdir(), 'npm-start-'));
    cpSync(join(workspaceRoot(), 'tools/scripts'), join(workspace, 'tools/scripts'), { recursive: true });
    // The scripts read the Node requirement from it (supported-node.mjs).
    cpSync(join(workspaceRoot(), 'package.json'), join(workspace, 'package.json'));
    for (const name of SERVICE_NAMES) {
      mkdirSync(join(workspace, 'dist/apps', name), { recursive: true });
      writeFileSync(join(workspace, 'dist/apps', name, 'main.js'), STAND_IN);
    }
    writeFileSync(join(workspace, 'stand-in.json'), JSON.stringify({ ...modes, banner: FIRST_START_BANNER }));
    const child = spawn(
      process.execPath,
      [join(workspace, 'tools/scripts/start.mjs'), '--no-build', ...services],
      {
        env: { DATA_DIR: join(workspace, 'data'), NO_COLOR: '1', ...environment },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const listeners = new Set<() => void>();
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      listeners.forEach((listener) => listener());
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const run: StartRun = {
      child,
      workspace,
      output: () => output,
      waitFor: (text) =>
        new Promise((resolve, reject) => {
          const check = () => {
            if (output.includes(text)) {
              listeners.delete(check);
              resolve(output);
            }
          };
          listeners.add(check);
          check();
          void exit.then(() => {
            if (!output.includes(text)) reject(new Error(`start exited before "${text}":\n${output}`));
          });
        }),
      exited: () => exit,
    };
    runs.push(run);
    return run;
  }

  async function stop(run: StartRun): Promise<number | null> {
    run.child.kill('SIGINT');
    return run.exited();
  }

  const environmentOf = (run: StartRun, service: string) =>
    JSON.parse(readFileSync(join(run.workspace, `env-${service}.json`), 'utf8')) as Record<string, string>;

  async function freePort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  async function ports(): Promise<Record<string, string>> {
    return {
      MCP_GATEWAY_PORT: String(await freePort()),
      CURATION_API_PORT: String(await freePort()),
      TERM_BRIDGE_PORT: String(await freePort()),
    };
  }

  afterEach(async () => {
    for (const run of runs.splice(0)) {
      if (run.child.exitCode === null && run.child.signalCode === null) await stop(run);
      rmSync(run.workspace, { recursive: true, force: true });
    }
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('gives each service only its own variables, the shared settings and the process basics', async () => {
    const assigned = await ports();
    const run = runStart({
      ...assigned,
      PATH: process.env['PATH'] ?? '',
      HOME: '/home/newcomer',
      LANG: 'C.UTF-8',
      LC_TIME: 'C',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgres://platform@db.internal/platform',
      GATEWAY_VAULT_TOKEN: 'gateway-only',
      MCP_BACKEND_SECRET_TERM_BRIDGE: 'the-bridge-key-for-the-gateway',
      TERM_BRIDGE_API_KEY: 'bridge-only',
      CURATION_PLEX_TOKEN: 'curation-only',
      SSH_AUTH_SOCK: '/tmp/agent.sock',
      AWS_SECRET_ACCESS_KEY: 'nobody',
      npm_config_cache: '/home/newcomer/.npm',
      PORT: '9999',
    });
    await run.waitFor('all services ready');
    const gateway = environmentOf(run, 'mcp-gateway');
    const curation = environmentOf(run, 'curation-api');
    const bridge = environmentOf(run, 'term-bridge');

    for (const environment of [gateway, curation, bridge]) {
      expect(environment).toMatchObject({
        HOME: '/home/newcomer',
        LANG: 'C.UTF-8',
        LC_TIME: 'C',
        LOG_LEVEL: 'warn',
        DATABASE_URL: 'postgres://platform@db.internal/platform',
      });
      for (const name of [
        'AWS_SECRET_ACCESS_KEY',
        'npm_config_cache',
        'DATA_DIR',
        'NO_COLOR',
        ...Object.keys(assigned),
      ]) {
        expect(environment).not.toHaveProperty(name);
      }
    }
    expect(gateway).toMatchObject({
      GATEWAY_VAULT_TOKEN: 'gateway-only',
      MCP_BACKEND_SECRET_TERM_BRIDGE: 'the-bridge-key-for-the-gateway',
      PORT: assigned['MCP_GATEWAY_PORT'],
      DATABASE_DATA_DIR: join(run.workspace, 'data', 'mcp-gateway'),
    });
    expect(Object.keys(gateway).filter((name) => /^(TERM_BRIDGE_|CURATION_|SSH_)/.test(name))).toEqual([]);
    expect(bridge).toMatchObject({ TERM_BRIDGE_API_KEY: 'bridge-only' });
    // The bridge hands its shells an allow-listed environment (decision 018): nothing of the
    // caller's session is passed to it.
    expect(bridge).not.toHaveProperty('SSH_AUTH_SOCK');
    expect(
      Object.keys(bridge).filter((name) => /^(GATEWAY_|MCP_BACKEND_SECRET_|CURATION_)/.test(name)),
    ).toEqual([]);
    expect(curation).toMatchObject({
      CURATION_PLEX_TOKEN: 'curation-only',
      PORT: assigned['CURATION_API_PORT'],
    });
    expect(
      Object.keys(curation).filter((name) => /^(GATEWAY_|MCP_BACKEND_SECRET_|TERM_BRIDGE_|SSH_)/.test(name)),
    ).toEqual([]);
    expect(await stop(run)).toBe(0);
  });

  it('refuses a port another process holds, naming the port and the variable, and starts nothing', async () => {
    // The case: something else on the port that even answers /ready.
    const impostor = createServer((_request, response) => response.end('{"status":"ready"}'));
    servers.push(impostor);
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const busy = (impostor.address() as AddressInfo).port;
    const run = runStart({
      ...(await ports()),
      CURATION_API_PORT: String(busy),
      PATH: process.env['PATH'] ?? '',
    });
    expect(await run.exited()).toBe(1);
    expect(run.output()).toContain(`port ${busy} for curation-api is already in use by another process`);
    expect(run.output()).toContain(`CURATION_API_PORT=`);
    expect(run.output()).not.toContain('all services ready');
    for (const name of SERVICE_NAMES) expect(existsSync(join(run.workspace, `env-${name}.json`))).toBe(false);
  });

  it('refuses a port that is not a port number, naming the variable', async () => {
    const run = runStart({ ...(await ports()), TERM_BRIDGE_PORT: '80a' });
    expect(await run.exited()).toBe(1);
    expect(run.output()).toContain('TERM_BRIDGE_PORT must be a port number (1-65535) for term-bridge');
  });

  it('refuses two services on one port', async () => {
    const assigned = await ports();
    const run = runStart({ ...assigned, TERM_BRIDGE_PORT: assigned['MCP_GATEWAY_PORT'] ?? '' });
    expect(await run.exited()).toBe(1);
    expect(run.output()).toContain('term-bridge and mcp-gateway would both use port');
  });

  it('counts a service ready only after the child it started reports listening', async () => {
    const run = runStart(
      { ...(await ports()), PATH: process.env['PATH'] ?? '' },
      { 'curation-api': 'late' },
      ['curation-api'],
    );
    await run.waitFor('all services ready');
    const requests = JSON.parse(readFileSync(join(run.workspace, 'ready-curation-api.json'), 'utf8')) as {
      beforeReport: boolean;
    }[];
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.beforeReport)).toEqual([]);
  });

  it('says where the first-start banner printed the administrator key, without printing it again', async () => {
    const run = runStart(
      { ...(await ports()), PATH: process.env['PATH'] ?? '' },
      { 'mcp-gateway': 'first-start' },
      ['mcp-gateway'],
    );
    const output = await run.waitFor('press Ctrl-C to stop');
    expect(output).toContain(
      '[start] mcp-gateway printed its first administrator key above, in the framed banner',
    );
    expect(output.match(/mcp-adm-/g)).toHaveLength(1);
  });

  it('ends the summary with where the key was printed and the next step, never a key', async () => {
    const run = runStart({ ...(await ports()), PATH: process.env['PATH'] ?? '' }, {}, ['mcp-gateway']);
    const output = await run.waitFor('press Ctrl-C to stop');
    expect(output).toContain('mcp-gateway: this database already has an administrator key');
    expect(output).toContain('next: README.md, "Gateway: from the administrator key to a tool call"');
    expect(output).not.toMatch(/mcp-adm-/);
  });
});
