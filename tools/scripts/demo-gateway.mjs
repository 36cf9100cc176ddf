// The gateway part of `npm run demo`: the curation API's and the terminal bridge's MCP endpoints
// registered as gateway backends (a servers file in the demo's data directory, holding no secret:
// the bridge's key reaches the gateway in an MCP_BACKEND_SECRET_* variable, the curation API's
// Guest key in a secret file written once the API is up), a gateway administrator key the demo
// keeps, and an AppKey for an agent. Design: docs/decisions/045-curation-mcp-endpoint.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The gateway's id of the curation API: `plex`, the server the native prefix `plex_` maps to (spec 2.1). */
export const CURATION_SERVER_ID = 'plex';
export const TERMINAL_SERVER_ID = 'terminal';
const TERMINAL_SECRET = 'MCP_BACKEND_SECRET_TERM_BRIDGE';
/**
 * The gateway's RequestTimeout for `plex`, its maximum (spec 8's default of 15 s would cut a prune
 * off). A prune's bound (pruneDeadlineMs: 7 reads with 2 retries, 3 changes and the confirming
 * waits per target, plus 60 s) is about 551 s with the demo's 20 s call timeout, inside it; the
 * API's default of 30 s would make it about 790 s.
 */
const CURATION_REQUEST_TIMEOUT_SECONDS = 600;
const DEMO_PRUNE_CALL_TIMEOUT_MS = '20000';

/** Where the gateway reads its credential for `plex` (a Guest curation key) from. */
function curationKeyFile(dataDir) {
  return join(resolve(dataDir), 'gateway-secrets', 'curation-guest-key');
}

/**
 * The variables the demo adds for the gateway, the bridge and the curation API: the servers file,
 * the backends' keys (the curation API's through a secret file, see provideGatewayGuestKey), an
 * administrator key, quick reconnects (the backends start alongside the gateway), and a prune
 * call timeout whose prune bound fits the gateway's timeout for `plex`.
 */
export function gatewayDemoEnvironment({ root, dataDir, curationUrl, bridgeUrl }) {
  mkdirSync(dataDir, { recursive: true });
  const secretsDir = join(resolve(dataDir), 'gateway-secrets');
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const bridgeKey = process.env.TERM_BRIDGE_API_KEY || `sk-term-${randomBytes(24).toString('hex')}`;
  const serversFile = join(dataDir, 'gateway-servers.json');
  writeFileSync(
    serversFile,
    `${JSON.stringify({ servers: demoServers(curationUrl, bridgeUrl, curationKeyFile(dataDir)) }, null, 2)}\n`,
  );
  return {
    GATEWAY_SERVERS_FILE: process.env.GATEWAY_SERVERS_FILE || serversFile,
    GATEWAY_SECRET_FILE_DIRS: [process.env.GATEWAY_SECRET_FILE_DIRS, secretsDir].filter(Boolean).join(','),
    CURATION_PRUNE_CALL_TIMEOUT_MS: process.env.CURATION_PRUNE_CALL_TIMEOUT_MS || DEMO_PRUNE_CALL_TIMEOUT_MS,
    GATEWAY_BOOTSTRAP_ADMIN_KEY: administratorKey(root, dataDir),
    GATEWAY_BACKEND_RECONNECT_SECONDS: process.env.GATEWAY_BACKEND_RECONNECT_SECONDS || '1',
    GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: process.env.GATEWAY_BACKEND_RECONNECT_MAX_SECONDS || '5',
    TERM_BRIDGE_API_KEY: bridgeKey,
    [TERMINAL_SECRET]: bridgeKey,
  };
}

function demoServers(curationUrl, bridgeUrl, curationSecretFile) {
  return [
    {
      id: CURATION_SERVER_ID,
      displayName: 'Media curation API',
      type: 'streamable',
      url: `${curationUrl}/mcp`,
      category: 'media',
      // A Guest key: an AppKey scoped to `plex` browses and asks for protection, and never
      // prunes with the gateway's own credential. An Admin sends their own curation key
      // (X-Target-Auth: Bearer <key>) on the direct view /plex and acts as an Admin there.
      secretProvider: 'File',
      secretPath: curationSecretFile,
      authShape: 'x-api-key',
      allowPassThroughAuth: true,
      requestTimeout: CURATION_REQUEST_TIMEOUT_SECONDS,
    },
    {
      id: TERMINAL_SERVER_ID,
      displayName: 'Terminal bridge',
      type: 'streamable',
      url: `${bridgeUrl}/mcp`,
      category: 'terminal',
      secretProvider: 'Environment',
      secretItemKey: TERMINAL_SECRET,
      authShape: 'bearer',
    },
  ];
}

/**
 * GATEWAY_BOOTSTRAP_ADMIN_KEY when set; else the key an earlier demo run made, kept beside the
 * demo's databases (mode 600); else a fresh one from the built gateway's generate-admin-key.
 */
function administratorKey(root, dataDir) {
  if (process.env.GATEWAY_BOOTSTRAP_ADMIN_KEY) return process.env.GATEWAY_BOOTSTRAP_ADMIN_KEY;
  const file = join(dataDir, 'gateway-admin-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = spawnSync(
    process.execPath,
    [join(root, 'dist', 'apps', 'mcp-gateway', 'main.js'), 'generate-admin-key'],
    { encoding: 'utf8' },
  );
  const key = generated.stdout.trim();
  if (generated.status !== 0 || !key.startsWith('mcp-adm-')) {
    throw new Error(`generating a gateway administrator key failed: ${generated.stderr.trim()}`);
  }
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * Creates the Guest curation key the gateway presents to `plex`, writes it where the servers file
 * points (mode 600), and has the gateway connect again: it found no key file when it started
 * before the curation API was set up (or an earlier run's key). Answers the key.
 */
export async function provideGatewayGuestKey({ gatewayUrl, adminKey, curationApi, dataDir }) {
  const stamp = new Date().toISOString().replace(/[-:.TZ]/g, '');
  const guest = await curationApi('POST', '/auth/api-keys', { name: `demo guest ${stamp}`, role: 'Guest' });
  if (guest.status !== 201) throw new Error(`creating a Guest API key answered ${guest.status}`);
  writeFileSync(curationKeyFile(dataDir), guest.json.key, { mode: 0o600 });
  await postJson(`${gatewayUrl}/api/servers/${CURATION_SERVER_ID}/reconnect`, {
    Authorization: `Bearer ${adminKey}`,
  });
  return guest.json.key;
}

/** An AppKey for the demo's agent, scoped to the two backends. */
export async function createDemoAgentKey({ gatewayUrl, adminKey }) {
  const stamp = new Date().toISOString().replace(/[-:.TZ]/g, '');
  const appKey = await postJson(
    `${gatewayUrl}/api/appkeys`,
    { Authorization: `Bearer ${adminKey}` },
    {
      name: `demo agent ${stamp}`,
      scopes: [`server:${CURATION_SERVER_ID}`, `server:${TERMINAL_SERVER_ID}`],
    },
  );
  return appKey.plaintextKey;
}

async function postJson(url, headers, body = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = await response.json();
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${JSON.stringify(json)}`);
  }
  return json;
}

/** Until the gateway reports both backends Connected (it retries while they start). */
export async function waitForBackends({ gatewayUrl, adminKey, isStopping }) {
  for (;;) {
    if (isStopping()) throw new Error('stopped');
    const states = [];
    for (const id of [CURATION_SERVER_ID, TERMINAL_SERVER_ID]) {
      try {
        const response = await fetch(`${gatewayUrl}/api/servers/${id}`, {
          headers: { Authorization: `Bearer ${adminKey}` },
          signal: AbortSignal.timeout(2000),
        });
        states.push(response.status === 200 ? (await response.json()).status?.state : undefined);
      } catch {
        states.push(undefined);
      }
    }
    if (states.every((state) => state === 'Connected')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
