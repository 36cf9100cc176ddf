// The 2026-07-28 era with the official SDK client pinned to it (no `initialize`, no sessions:
// `server/discover`, then every request carrying its revision in `_meta` and the `Mcp-Method` /
// `Mcp-Name` headers), in the three views; and the refusals a modern request can get: an unknown
// revision (-32022 with the supported list) and headers that disagree with the body (-32020).
import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';

const MODERN = '2026-07-28';

describe('2026-07-28 clients', () => {
  let gateway: GatewayHarness;
  let key: string;

  function connect(path: string): Promise<Client> {
    return gateway.connect(path, key, 'streamable', { versionNegotiation: { mode: { pin: MODERN } } });
  }

  function envelope(method: string, params: Record<string, unknown>, version = MODERN) {
    return {
      jsonrpc: '2.0',
      id: 'modern-1',
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': version,
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
  }

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:\n  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    await gateway.allow('server:everything');
    key = await gateway.appKey(['*'], 'modern');
  }, 60_000);

  afterAll(() => gateway.close());

  it('aggregated: discovers, lists and calls without a session', async () => {
    const client = await connect('/mcp');
    expect(client.getServerVersion()).toMatchObject({ name: 'mcp-gateway' });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('everything__echo');
    const echoed = await client.callTool({ name: 'everything__echo', arguments: { message: 'modern' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: modern' }]);
  });

  it('Meta-Mode: the two tools, search and execute', async () => {
    const client = await connect('/sse');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'search_tools',
      'execute_tool',
    ]);
    const ran = await client.callTool({
      name: 'execute_tool',
      arguments: { name: 'everything__get-sum', arguments: { a: 40, b: 2 } },
    });
    expect(JSON.stringify(ran.content)).toContain('42');
  });

  it("direct: the backend's own names and capabilities", async () => {
    const client = await connect('/everything');
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
    });
    const echoed = await client.callTool({ name: 'echo', arguments: { message: 'direct' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: direct' }]);
  });

  it('answers server/discover with every revision it serves', async () => {
    const response = await request(gateway.service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .set('Mcp-Method', 'server/discover')
      .send(envelope('server/discover', {}))
      .expect(200);
    expect(response.headers['mcp-session-id']).toBeUndefined();
    expect(response.body.result.supportedVersions).toEqual([
      MODERN,
      '2025-11-25',
      '2025-06-18',
      '2025-03-26',
      '2024-11-05',
    ]);
    expect(response.body.result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({
      name: 'mcp-gateway',
    });
  });

  it('refuses an unknown revision with -32022 and the supported list', async () => {
    const response = await request(gateway.service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .send(envelope('tools/list', {}, '2099-01-01'))
      .expect(400);
    expect(response.body).toMatchObject({
      id: 'modern-1',
      error: {
        code: -32022,
        message: 'Unsupported protocol version: 2099-01-01',
        data: { requested: '2099-01-01', supported: expect.arrayContaining([MODERN, '2025-11-25']) },
      },
    });
  });

  it('refuses headers that disagree with the body, before any backend is called', async () => {
    const byMethod = await request(gateway.service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .set('Mcp-Method', 'tools/list')
      .send(envelope('tools/call', { name: 'everything__echo', arguments: { message: 'x' } }))
      .expect(400);
    expect(byMethod.body.error).toMatchObject({
      code: -32020,
      message: expect.stringContaining('Mcp-Method'),
    });
    const byName = await request(gateway.service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .set('Mcp-Method', 'tools/call')
      .set('Mcp-Name', 'everything__get-env')
      .send(envelope('tools/call', { name: 'everything__echo', arguments: { message: 'x' } }))
      .expect(400);
    expect(byName.body.error).toMatchObject({ code: -32020, message: expect.stringContaining('Mcp-Name') });
  });
});
