#!/usr/bin/env node
// `npm run demo`: the whole product over a simulated media stack, with nothing to install or
// configure. Builds the three services and the simulators, starts the simulators (Plex, plex.tv,
// HD and 4K Sonarr and Radarr, Overseerr, Tautulli over a generated library), starts the services
// as `npm start` does with their data under ./.data/demo, binds the curation API to the simulated
// Plex server, adds the connections, runs the first sync, and prints how to sign in. The gateway
// has the curation API's and the bridge's MCP endpoints as backends (demo-gateway.mjs), and the
// demo prints an AppKey that reaches both through it.
//
//   npm run demo                    build, then run
//   npm run demo -- --no-build      run what is already in dist/
//
// Variables: DEMO_ITEMS (library size, default 3000), DEMO_SEED, DEMO_BASE_PORT (simulators,
// default 18400-18407), CURATION_BOOTSTRAP_API_KEY (the Admin API key; generated when unset),
// DATA_DIR (default ./.data/demo), the ports npm start reads, TERM_BRIDGE_API_KEY and
// GATEWAY_BOOTSTRAP_ADMIN_KEY (generated when unset; the generated administrator key is kept in
// DATA_DIR/gateway-admin-key for the next run).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDemoAgentKey,
  CURATION_SERVER_ID,
  gatewayDemoEnvironment,
  provideGatewayGuestKey,
  waitForBackends,
} from './demo-gateway.mjs';
import { portOf, SERVICES } from './services.mjs';
import { runOnSupportedNode } from './supported-node.mjs';

await runOnSupportedNode(import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = !process.argv.includes('--no-build');
const curation = SERVICES.find((service) => service.name === 'curation-api');
const curationUrl = `http://127.0.0.1:${portOf(curation)}`;
const gatewayUrl = `http://127.0.0.1:${portOf(SERVICES.find((service) => service.name === 'mcp-gateway'))}`;
const bridgeUrl = `http://127.0.0.1:${portOf(SERVICES.find((service) => service.name === 'term-bridge'))}`;
const apiKey = process.env.CURATION_BOOTSTRAP_API_KEY || `cur-demo-${randomBytes(24).toString('hex')}`;
const dataDir = process.env.DATA_DIR || join(root, '.data', 'demo');
const children = [];
let stopping = false;

function say(line) {
  process.stdout.write(`[demo] ${line}\n`);
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 15_000).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

if (build) {
  const projects = [...SERVICES.map((service) => service.name), 'demo-stack'].join(',');
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
}
const stackMain = join(root, 'dist', 'apps', 'demo-stack', 'main.js');
if (!existsSync(stackMain)) {
  process.stderr.write(`${stackMain} is missing: run without --no-build\n`);
  process.exit(1);
}

const gatewayEnvironment = gatewayDemoEnvironment({
  root,
  dataDir,
  curationUrl,
  bridgeUrl,
});
const stack = await startStack();
say(
  `simulated media stack up: ${stack.items} items, Plex at ${stack.plex.url}, plex.tv at ${stack.plexTvUrl}`,
);

const services = spawn(process.execPath, [join(root, 'tools', 'scripts', 'start.mjs'), '--no-build'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...gatewayEnvironment,
    DATA_DIR: dataDir,
    CURATION_PLEX_TV_URL: stack.plexTvUrl,
    // A PIN's authUrl opens the simulator's stand-in for app.plex.tv's approval page.
    CURATION_PLEX_APP_AUTH_URL: stack.plexAppAuthUrl,
    CURATION_BOOTSTRAP_API_KEY: apiKey,
  },
});
children.push(services);
services.on('exit', (code) => {
  if (!stopping) say(`the services stopped (code ${code}); stopping the simulators`);
  stopAll(code ?? 1);
});

try {
  await waitForReady(curationUrl);
  await setUpCuration();
  await waitForReady(gatewayUrl);
  const adminKey = gatewayEnvironment.GATEWAY_BOOTSTRAP_ADMIN_KEY;
  const guestKey = await provideGatewayGuestKey({ gatewayUrl, adminKey, curationApi: api, dataDir });
  await waitForBackends({ gatewayUrl, adminKey, isStopping: () => stopping });
  const agentKey = await createDemoAgentKey({ gatewayUrl, adminKey });
  printWelcome();
  printGatewayWelcome({ agentKey, guestKey, adminKey });
} catch (error) {
  say(`setting up the demo failed: ${error instanceof Error ? error.message : String(error)}`);
  stopAll(1);
}

async function startStack() {
  const child = spawn(process.execPath, ['--enable-source-maps', stackMain], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: process.env,
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) =>
      message?.kind === 'demo-stack-ready' ? resolve(message) : reject(new Error('unexpected message')),
    );
    child.once('exit', (code) => {
      if (!stopping) {
        say(`the simulated media stack exited (code ${code})`);
        stopAll(1);
      }
      reject(new Error(`demo stack exited with code ${code}`));
    });
  });
}

async function waitForReady(baseUrl) {
  for (;;) {
    if (stopping) throw new Error('stopped');
    try {
      const response = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function api(method, path, body) {
  const response = await fetch(`${curationUrl}/api/v1${path}`, {
    method,
    headers: { 'X-Api-Key': apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const json = text === '' ? undefined : JSON.parse(text);
  return { status: response.status, json };
}

async function setUpCuration() {
  const bound = await api('POST', '/mediaserver/bind', {
    machineIdentifier: stack.plex.machineIdentifier,
    name: stack.plex.name,
    baseUrl: stack.plex.url,
    apiKey: stack.plex.token,
  });
  if (bound.status !== 200 && bound.status !== 201)
    throw new Error(`binding Plex answered ${bound.status}: ${JSON.stringify(bound.json)}`);
  say(`curation API bound to "${stack.plex.name}"`);
  const existing = await api('GET', '/connections');
  const names = new Set((existing.json ?? []).map((connection) => connection.name.toLowerCase()));
  for (const connection of stack.connections) {
    if (names.has(connection.name.toLowerCase())) continue;
    const created = await api('POST', '/connections', connection);
    if (created.status !== 201 && created.status !== 200) {
      throw new Error(
        `adding ${connection.name} answered ${created.status}: ${JSON.stringify(created.json)}`,
      );
    }
  }
  say(`connections: ${stack.connections.map((connection) => connection.name).join(', ')}`);
  const started = await api('POST', '/sync');
  if (started.status !== 202 && started.status !== 409)
    throw new Error(`starting the sync answered ${started.status}`);
  const since = Date.now();
  for (;;) {
    const status = await api('GET', '/sync/status');
    if (status.json?.state === 'succeeded') break;
    if (status.json?.state === 'failed')
      throw new Error(`the first sync failed: ${JSON.stringify(status.json.errors)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  say(`first sync done in ${((Date.now() - since) / 1000).toFixed(1)}s`);
}

function printWelcome() {
  const owner = stack.accounts.find((account) => account.role === 'owner');
  const friend = stack.accounts.find((account) => account.role === 'friend');
  say('the demo is ready. The curation API:');
  say(`  ${curationUrl}/docs                       API documentation`);
  say(`  Admin API key (X-Api-Key): ${apiKey}`);
  say(`  curl -H 'X-Api-Key: ${apiKey}' ${curationUrl}/api/v1/categories`);
  say(`Sign in with Plex in a browser: the web app at ${curationUrl}/ sends you to the simulated plex.tv's`);
  say(
    `approval page (${stack.plexTvUrl}/auth), where you approve as the owner (an Admin), a friend or a home user (Guests).`,
  );
  say('With the simulated plex.tv, as a Plex app does (token of the server owner, an Admin):');
  say(
    `  curl -c cookies -H 'Content-Type: application/json' -d '{"authToken":"${owner.authToken}"}' ${curationUrl}/api/v1/auth/plex`,
  );
  if (friend !== undefined) say(`  a friend (Guest), ${friend.username}: authToken ${friend.authToken}`);
  say('or with a PIN, as a headless client does (docs/curation/access.md):');
  say(
    `  curl -X POST ${curationUrl}/api/v1/auth/plex/pin      then open its authUrl in a browser and approve,`,
  );
  say('  or approve its code from the shell as the owner:');
  say(
    `  curl -X PUT -H 'X-Plex-Client-Identifier: demo' -H 'X-Plex-Token: ${owner.authToken}' '${stack.plexTvUrl}/api/v2/pins/link?code=<code>'`,
  );
  say(
    `  curl -X POST ${curationUrl}/api/v1/auth/plex/pin/<id>      202 until approved, then 200 with a session`,
  );
}

function printGatewayWelcome({ agentKey, guestKey, adminKey }) {
  const inspector = 'npx mcp-inspector --cli';
  say('Through the gateway (README "Media curation API: MCP through the gateway"): the curation API');
  say(`is server "${CURATION_SERVER_ID}", the terminal bridge "terminal"; an AppKey for both:`);
  say(`  gateway AppKey: ${agentKey}`);
  say(
    `  ${inspector} ${gatewayUrl}/mcp --transport http --header "Authorization: Bearer ${agentKey}" --method tools/list`,
  );
  say(
    `  ${inspector} ${gatewayUrl}/mcp --transport http --header "Authorization: Bearer ${agentKey}" --method tools/call --tool-name ${CURATION_SERVER_ID}__plex_search_catalog --tool-arg search=the --tool-arg limit=5`,
  );
  say(`  a Guest curation key, for X-Target-Auth on ${gatewayUrl}/${CURATION_SERVER_ID}: ${guestKey}`);
  say(
    `  the gateway reaches "${CURATION_SERVER_ID}" with a Guest key too: to prune, protect or sync, an Admin`,
  );
  say(
    `  sends their own key on ${gatewayUrl}/${CURATION_SERVER_ID}: --header "X-Target-Auth: Bearer ${apiKey}"`,
  );
  say(`The gateway's dashboard (docs/gateway-dashboard.md): ${gatewayUrl}/ui/`);
  say(`  sign in with the gateway's administrator key: ${adminKey}`);
  say('press Ctrl-C to stop');
}
