// The MCP part of the demo's smoke check: the official MCP client reaches the curation API and the
// terminal bridge through the gateway with the AppKey the demo printed: the tools are listed, a
// search runs; the gateway's own credential for `plex` is a Guest key, so the AppKey alone cannot
// prune, nor can a Guest curation key sent as X-Target-Auth on the direct view /plex (nor start a
// sync), and the item is still there afterwards; the Admin key sent the same way can (a dry run).
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

/** The first of `items` some Sonarr/Radarr connection holds, with those connections' ids. */
async function managedItem(client, items) {
  for (const item of items) {
    const details = await client.callTool({ name: 'plex__plex_get_item', arguments: { id: item.id } });
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
