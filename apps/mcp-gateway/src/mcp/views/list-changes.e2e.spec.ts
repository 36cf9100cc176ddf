// Backend list changes reach the clients that can see that backend, and only them: a
// server-everything tool registers a new resource in its session, which makes it send
// `notifications/resources/list_changed`; the gateway drops its cached list and tells aggregated
// sessions allowed to see `everything`, not a session whose key covers another server only.
import { join } from 'node:path';
import { Client, SSEClientTransport } from '@modelcontextprotocol/client';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { eventually, EVERYTHING_STDIO_COMMAND, REPOSITORY_ROOT } from '../../testing/reference-servers';

const MEMORY_COMMAND = `"${process.execPath}" "${join(REPOSITORY_ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')}"`;

describe('list_changed forwarding', () => {
  let gateway: GatewayHarness;
  const clients: Client[] = [];

  /** A legacy SSE session that counts the resource list changes it is told about. */
  async function watcher(path: string, key: string): Promise<{ client: Client; changes: () => number }> {
    const transport = new SSEClientTransport(new URL(path, gateway.base), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    });
    const client = new Client({ name: 'list-watcher', version: '1.0.0' });
    let count = 0;
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      count += 1;
    });
    await client.connect(transport);
    clients.push(client);
    return { client, changes: () => count };
  }

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:
  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: memory, url: '${MEMORY_COMMAND}', type: stdio }
`,
    );
    await gateway.allow('server:everything', 'server:memory');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await gateway.close();
  });

  it('tells sessions that see the backend, refreshes the list, and tells no one else', async () => {
    const everythingKey = await gateway.appKey(['server:everything']);
    const aggregated = await watcher('/sse?meta=false', everythingKey);
    const meta = await watcher('/sse', everythingKey);
    const outsider = await watcher('/sse?meta=false', await gateway.appKey(['server:memory']));
    const before = (await aggregated.client.listResources()).resources.map((resource) => resource.uri);
    await outsider.client.listResources();

    const created = await aggregated.client.callTool({
      name: 'everything__gzip-file-as-resource',
      arguments: { name: 'hello.txt.gz', data: 'data:text/plain;base64,aGVsbG8gd29ybGQ=' },
    });
    const link = (created.content as Array<{ type: string; uri?: string }>).find(
      (content) => content.type === 'resource_link',
    );
    expect(link?.uri).toBe('demo://resource/session/hello.txt.gz');

    await eventually('aggregated session told', async () => (aggregated.changes() > 0 ? true : undefined));
    await eventually('Meta-Mode session told', async () => (meta.changes() > 0 ? true : undefined));
    const after = (await aggregated.client.listResources()).resources.map((resource) => resource.uri);
    expect(after).toContain(`mcp://everything/${link?.uri}`);
    expect(before).not.toContain(`mcp://everything/${link?.uri}`);

    // The outsider's own round trip after the change proves its stream was live all along.
    await outsider.client.listResources();
    expect(outsider.changes()).toBe(0);
  });
});
