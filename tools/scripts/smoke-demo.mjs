#!/usr/bin/env node
// Checks `npm run demo` end to end, as the README describes it: on a fresh data directory it builds,
// starts the simulated media stack and the three services, binds, connects and syncs the curation
// API, and prints the Admin API key; all three services answer /ready; the key lists categories and
// a non-empty catalog; a PIN sign-in approved on the simulated plex.tv's approval page (where the
// demo points the PIN's authUrl) signs the owner in as Admin; Ctrl-C stops everything. Prints how
// long it took until all three were ready and until the demo was set up (the goal is ready within
// 150 s on a 2-core machine). Through the gateway, with the official MCP client and the AppKey the
// demo printed: the curation and terminal tools are listed, a catalog search runs, the AppKey alone
// and a Guest curation key cannot prune, and the Admin key passed through can (a dry run); the
// curation API registered as an `sse` server (legacy HTTP+SSE) serves its tools through the gateway
// too. Used by .ci/run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLegacySseThroughGateway, checkMcpThroughGateway } from './smoke-demo-mcp.mjs';
import { SERVICES } from './services.mjs';

const SETUP_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 60_000;
const dataDir = mkdtempSync(join(tmpdir(), 'smoke-demo-'));
const ports = { MCP_GATEWAY_PORT: '18090', CURATION_API_PORT: '18091', TERM_BRIDGE_PORT: '18092' };
const apiKey = `cur-smoke-${process.pid}-0123456789abcdef`;
const startedAt = Date.now();

const child = spawn('npm', ['run', 'demo'], {
  env: {
    ...process.env,
    ...ports,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_BASE_PORT: '18500',
    CURATION_BOOTSTRAP_API_KEY: apiKey,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
let allReadyAt;
const setUp = new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the demo was not set up in time')), SETUP_TIMEOUT_MS);
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk.toString();
    if (allReadyAt === undefined && output.includes('all services ready in')) allReadyAt = Date.now();
    if (output.includes('[demo] the demo is ready')) {
      clearTimeout(timer);
      resolve();
    }
    if (output.includes('[demo] setting up the demo failed')) {
      clearTimeout(timer);
      reject(new Error('the demo reported a failed set-up'));
    }
  });
  child.on('exit', (code) => reject(new Error(`npm run demo exited early with code ${code}`)));
});

try {
  await setUp;
  const setUpSeconds = (Date.now() - startedAt) / 1000;
  for (const service of SERVICES) {
    const port = ports[service.portVariable];
    const response = await fetch(`http://127.0.0.1:${port}/ready`);
    if (response.status !== 200) throw new Error(`${service.name} /ready answered ${response.status}`);
  }
  if (!output.includes(apiKey)) throw new Error('the demo did not print the Admin API key');
  const curation = `http://127.0.0.1:${ports.CURATION_API_PORT}/api/v1`;
  const headers = { 'X-Api-Key': apiKey };
  const categories = await (await fetch(`${curation}/categories`, { headers })).json();
  if (!Array.isArray(categories) || categories.length !== 10) {
    throw new Error(`GET /categories answered ${JSON.stringify(categories).slice(0, 200)}`);
  }
  const catalog = await (await fetch(`${curation}/catalog?limit=5`, { headers })).json();
  if (!(catalog.total > 0) || catalog.items.length !== 5) {
    throw new Error(`GET /catalog answered ${JSON.stringify(catalog).slice(0, 200)}`);
  }
  const owner = await checkPlexPinSignIn(curation, output);
  const mcp = await checkMcpThroughGateway(`http://127.0.0.1:${ports.MCP_GATEWAY_PORT}`, output, apiKey);
  const legacy = await checkLegacySseThroughGateway(
    `http://127.0.0.1:${ports.MCP_GATEWAY_PORT}`,
    `http://127.0.0.1:${ports.CURATION_API_PORT}`,
    dataDir,
  );
  const exitCode = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the demo did not stop in time')), STOP_TIMEOUT_MS);
    child.removeAllListeners('exit');
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
  process.kill(-child.pid, 'SIGINT');
  const code = await exitCode;
  if (code !== 0 && code !== 130 && code !== 'SIGINT')
    throw new Error(`npm run demo exited with ${code} after SIGINT`);
  console.log(
    `smoke: npm run demo (build included) had all three services ready in ${((allReadyAt - startedAt) / 1000).toFixed(1)}s ` +
      `and was bound, connected and synced in ${setUpSeconds.toFixed(1)}s; ${catalog.total} items; ` +
      `a PIN approved on the simulated plex.tv page signed ${owner} in as Admin; ` +
      `through the gateway: ${mcp.tools} tools, a search found ${mcp.found}, the AppKey alone and a Guest were refused a prune, an Admin's own key got a dry run; ` +
      `the curation API as an sse server: ${legacy.tools} tools, a search found ${legacy.found}, a Guest was refused a prune; stopped on SIGINT`,
  );
} catch (error) {
  console.error(`smoke: ${error.message}`);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** What the web app and a person do: start a PIN, open its authUrl, approve as the owner, poll. */
async function checkPlexPinSignIn(curation, demoOutput) {
  const plexTvUrl = /plex\.tv at (http:\/\/\S+)/.exec(demoOutput)?.[1];
  if (plexTvUrl === undefined) throw new Error('the demo did not print where plex.tv is');
  const started = await fetch(`${curation}/auth/plex/pin`, { method: 'POST' });
  const pin = await started.json();
  if (started.status !== 200 || !String(pin.authUrl).startsWith(`${plexTvUrl}/auth#?`)) {
    throw new Error(`POST /auth/plex/pin answered ${started.status} ${JSON.stringify(pin)}`);
  }
  const fragment = new URLSearchParams(pin.authUrl.slice(`${plexTvUrl}/auth#?`.length));
  const page = await (await fetch(pin.authUrl)).text();
  const owner = /data-plex-id="(\d+)" disabled>Approve as ([^<]+) \(owner\)</.exec(page);
  if (owner === null) throw new Error('the approval page offers no owner to approve as');
  const approved = await fetch(`${plexTvUrl}/auth/approve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      code: fragment.get('code'),
      clientID: fragment.get('clientID'),
      plexId: Number(owner[1]),
    }),
  });
  if (approved.status !== 200) throw new Error(`approving the PIN answered ${approved.status}`);
  const signedIn = await fetch(`${curation}/auth/plex/pin/${pin.id}`, { method: 'POST' });
  const session = await signedIn.json();
  if (signedIn.status !== 200 || session.user?.role !== 'Admin') {
    throw new Error(`polling the approved PIN answered ${signedIn.status} ${JSON.stringify(session.user)}`);
  }
  return session.user.username;
}
