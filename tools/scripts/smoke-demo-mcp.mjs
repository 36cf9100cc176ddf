// The MCP part of the demo's smoke check: the official MCP client reaches the curation API and the
// terminal bridge through the gateway with the AppKey the demo printed: the tools are listed, a
// search runs; the gateway's own credential for `plex` is a Guest key, so the AppKey alone cannot
// prune, nor can a Guest curation key sent as X-Target-Auth on the direct view /plex (nor start a
// sync), and the item is still there afterwards; the Admin key sent the same way can (a dry run).
// Then the curation API's legacy HTTP+SSE transport behind the gateway: the same endpoint registered
// as an `sse` server serves the tools, and the Guest key it carries still cannot prune.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export async function checkMcpThroughGateway(gatewayUrl, demoOutput, adminKey) {
  const agentKey = /gateway AppKey: (\S+)/.exec(demoOutput)?.[1];
  const guestKey = /X-Target-Auth on \S+: (\S+)/.exec(demoOutput)?.[1];
  if (agentKey === undefined || guestKey === undefined) throw new Error('the demo printed no gateway AppKey');
  const auth = { Authorization: `Bearer ${agentKey}` };

  const aggregated = await connect(`${gatewayUrl}/mcp`, auth);
  try {
    const { tools } = await aggregated.listTools();
    const names = tools.map((tool) => tool.name);
    for (const expected of ['plex__plex_search_catalog', 'plex__plex_get_item', 'terminal__send_text']) {
      if (!names.includes(expected))
        throw new Error(`the gateway's tools/list lacks ${expected}: ${names.join(', ')}`);
    }
    const search = await aggregated.callTool({
      name: 'plex__plex_search_catalog',
      arguments: { sortBy: 'size', limit: 3 },
    });
    const found = search.structuredContent?.total;
    if (search.isError || !(found > 0))
      throw new Error(`the search answered ${JSON.stringify(search).slice(0, 300)}`);

    const { item, targetConnectionIds } = await managedItem(aggregated, search.structuredContent.items);
    const pruneArgs = { mediaItemId: item.id, targetConnectionIds, confirm: true };
    const alone = await aggregated.callTool({ name: 'plex__plex_prune', arguments: pruneArgs });
    if (alone.isError !== true || alone.structuredContent?.code !== 'mcp.tool-role-required')
      throw new Error(`the AppKey alone was not refused a prune: ${JSON.stringify(alone).slice(0, 300)}`);
    const direct = await connect(`${gatewayUrl}/plex`, { ...auth, 'X-Target-Auth': `Bearer ${guestKey}` });
    try {
      for (const [name, args] of [
        ['plex_prune', pruneArgs],
        ['plex_start_sync', {}],
      ]) {
        const refused = await direct.callTool({ name, arguments: args });
        if (refused.isError !== true || refused.structuredContent?.code !== 'mcp.tool-role-required') {
          throw new Error(`a Guest key was not refused ${name}: ${JSON.stringify(refused).slice(0, 300)}`);
        }
      }
    } finally {
      await direct.close();
    }
    const after = await aggregated.callTool({ name: 'plex__plex_get_item', arguments: { id: item.id } });
    if (after.isError) throw new Error(`${item.id} is gone after a Guest's refused prune`);
    const admin = await connect(`${gatewayUrl}/plex`, { ...auth, 'X-Target-Auth': `Bearer ${adminKey}` });
    try {
      const dryRun = await admin.callTool({
        name: 'plex_prune',
        arguments: { mediaItemId: item.id, targetConnectionIds },
      });
      if (dryRun.isError || dryRun.structuredContent?.dryRun !== true)
        throw new Error(`an Admin's own key got no dry run: ${JSON.stringify(dryRun).slice(0, 300)}`);
    } finally {
      await admin.close();
    }
    return { tools: names.length, found };
  } finally {
    await aggregated.close();
  }
}

/** The first of `items` some Sonarr/Radarr connection holds, with those connections' ids (`getItemTool` reads one). */
async function managedItem(client, items, getItemTool = 'plex__plex_get_item') {
  for (const item of items) {
    const details = await client.callTool({ name: getItemTool, arguments: { id: item.id } });
    const targetConnectionIds = details.structuredContent.item.instances
      .map((instance) => instance.connectionId)
      .filter((id) => id !== null);
    if (targetConnectionIds.length > 0) return { item, targetConnectionIds };
  }
  throw new Error('none of the largest items is held by Sonarr or Radarr');
}

async function connect(url, headers) {
  const client = new Client({ name: 'smoke-demo', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const LEGACY_SERVER_ID = 'plex-legacy-sse';

/**
 * Registers the curation API's `/mcp` a second time, as an `sse` server (legacy HTTP+SSE, decision
 * 047) with the demo's Guest key, waits until the gateway has connected to it, and through its
 * direct view lists the tools, runs a search and is refused a prune. Removes the server after.
 */
export async function checkLegacySseThroughGateway(gatewayUrl, curationUrl, dataDir) {
  const adminKey = readFileSync(join(dataDir, 'gateway-admin-key'), 'utf8').trim();
  const admin = { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' };
  await gatewayApi('POST', `${gatewayUrl}/api/servers`, admin, {
    id: LEGACY_SERVER_ID,
    displayName: 'Media curation API over legacy SSE',
    type: 'sse',
    url: `${curationUrl}/mcp`,
    secretProvider: 'File',
    secretPath: join(dataDir, 'gateway-secrets', 'curation-guest-key'),
    authShape: 'x-api-key',
  });
  try {
    await connected(gatewayUrl, admin);
    const appKey = await gatewayApi('POST', `${gatewayUrl}/api/appkeys`, admin, {
      name: `smoke legacy sse ${Date.now()}`,
      scopes: [`server:${LEGACY_SERVER_ID}`],
    });
    const client = await connect(`${gatewayUrl}/${LEGACY_SERVER_ID}`, {
      Authorization: `Bearer ${appKey.plaintextKey}`,
    });
    try {
      const { tools } = await client.listTools();
      if (!tools.some((tool) => tool.name === 'plex_search_catalog'))
        throw new Error(
          `the sse server lists no plex_search_catalog: ${tools.map((tool) => tool.name).join(', ')}`,
        );
      const search = await client.callTool({
        name: 'plex_search_catalog',
        arguments: { sortBy: 'size', limit: 3 },
      });
      if (search.isError || !(search.structuredContent?.total > 0))
        throw new Error(`the search over sse answered ${JSON.stringify(search).slice(0, 300)}`);
      const { item, targetConnectionIds } = await managedItem(
        client,
        search.structuredContent.items,
        'plex_get_item',
      );
      const refused = await client.callTool({
        name: 'plex_prune',
        arguments: { mediaItemId: item.id, targetConnectionIds, confirm: true },
      });
      if (refused.isError !== true || refused.structuredContent?.code !== 'mcp.tool-role-required')
        throw new Error(
          `a Guest key over sse was not refused a prune: ${JSON.stringify(refused).slice(0, 300)}`,
        );
      return { tools: tools.length, found: search.structuredContent.total };
    } finally {
      await client.close();
    }
  } finally {
    await gatewayApi('DELETE', `${gatewayUrl}/api/servers/${LEGACY_SERVER_ID}`, admin);
  }
}

/** Until the gateway reports the legacy server Connected (at most 60 s). */
async function connected(gatewayUrl, admin) {
  const deadline = Date.now() + 60_000;
  let state;
  while (Date.now() < deadline) {
    const server = await gatewayApi('GET', `${gatewayUrl}/api/servers/${LEGACY_SERVER_ID}`, admin);
    state = server.status?.state;
    if (state === 'Connected') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the gateway did not connect to the curation API over sse (state ${state})`);
}

async function gatewayApi(method, url, headers, body) {
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? undefined : JSON.parse(text);
}
