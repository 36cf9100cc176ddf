// The gateway part of `npm run demo`: the curation API's and the terminal bridge's MCP endpoints
// registered as gateway backends (a servers file in the demo's data directory, holding no secret:
// the keys reach the gateway in MCP_BACKEND_SECRET_* variables), a gateway administrator key the
// demo keeps, and an AppKey for an agent. Design: docs/decisions/045-curation-mcp-endpoint.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The gateway's id of the curation API: `plex`, the server the native prefix `plex_` maps to (spec 2.1). */
export const CURATION_SERVER_ID = 'plex';
export const TERMINAL_SERVER_ID = 'terminal';
const CURATION_SECRET = 'MCP_BACKEND_SECRET_CURATION_API';
const TERMINAL_SECRET = 'MCP_BACKEND_SECRET_TERM_BRIDGE';

/**
 * The variables the demo adds for the gateway and the bridge: the servers file, the backends'
 * keys, an administrator key, and quick reconnects (the backends start alongside the gateway).
 */
export function gatewayDemoEnvironment({ root, dataDir, curationUrl, bridgeUrl, curationKey }) {
  mkdirSync(dataDir, { recursive: true });
  const bridgeKey = process.env.TERM_BRIDGE_API_KEY || `sk-term-${randomBytes(24).toString('hex')}`;
  const serversFile = join(dataDir, 'gateway-servers.json');
  writeFileSync(
    serversFile,
    `${JSON.stringify({ servers: demoServers(curationUrl, bridgeUrl) }, null, 2)}\n`,
  );
  return {
    GATEWAY_SERVERS_FILE: process.env.GATEWAY_SERVERS_FILE || serversFile,
    GATEWAY_BOOTSTRAP_ADMIN_KEY: administratorKey(root, dataDir),
    GATEWAY_BACKEND_RECONNECT_SECONDS: process.env.GATEWAY_BACKEND_RECONNECT_SECONDS || '1',
    GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: process.env.GATEWAY_BACKEND_RECONNECT_MAX_SECONDS || '5',
    TERM_BRIDGE_API_KEY: bridgeKey,
    [TERMINAL_SECRET]: bridgeKey,
    [CURATION_SECRET]: curationKey,
  };
}

function demoServers(curationUrl, bridgeUrl) {
  return [
    {
      id: CURATION_SERVER_ID,
      displayName: 'Media curation API',
      type: 'streamable',
      url: `${curationUrl}/mcp`,
      category: 'media',
      secretProvider: 'Environment',
      secretItemKey: CURATION_SECRET,
      authShape: 'x-api-key',
      // A caller's own curation key (X-Target-Auth: Bearer cur_…) replaces the demo's Admin key
      // on the direct view /plex, so a Guest acts as a Guest there.
      allowPassThroughAuth: true,
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

/** An AppKey for the demo's agent, scoped to the two backends, and a Guest curation key. */
export async function createDemoAgentKeys({ gatewayUrl, adminKey, curationApi }) {
  const stamp = new Date().toISOString().replace(/[-:.TZ]/g, '');
  const appKey = await postJson(
    `${gatewayUrl}/api/appkeys`,
    { Authorization: `Bearer ${adminKey}` },
    {
      name: `demo agent ${stamp}`,
      scopes: [`server:${CURATION_SERVER_ID}`, `server:${TERMINAL_SERVER_ID}`],
    },
  );
  const guest = await curationApi('POST', '/auth/api-keys', { name: `demo guest ${stamp}`, role: 'Guest' });
  if (guest.status !== 201) throw new Error(`creating a Guest API key answered ${guest.status}`);
  return { agentKey: appKey.plaintextKey, guestKey: guest.json.key };
}

async function postJson(url, headers, body) {
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
