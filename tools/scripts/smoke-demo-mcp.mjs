// The MCP part of the demo's smoke check: the official MCP client reaches the curation API and the
// terminal bridge through the gateway with the AppKey the demo printed; a Guest curation key sent
// as X-Target-Auth on the direct view /plex is refused a sync (a Guest key cannot change anything).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export async function checkMcpThroughGateway(gatewayUrl, demoOutput) {
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

    const direct = await connect(`${gatewayUrl}/plex`, { ...auth, 'X-Target-Auth': `Bearer ${guestKey}` });
    try {
      const refused = await direct.callTool({ name: 'plex_start_sync', arguments: {} });
      if (refused.isError !== true || refused.structuredContent?.code !== 'mcp.tool-role-required') {
        throw new Error(`a Guest key started a sync: ${JSON.stringify(refused).slice(0, 300)}`);
      }
    } finally {
      await direct.close();
    }
    return { tools: names.length, found };
  } finally {
    await aggregated.close();
  }
}

async function connect(url, headers) {
  const client = new Client({ name: 'smoke-demo', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}
