// The built-in `router` server and the REST test endpoints (spec 4.2), driven by the official
// SDK client and over HTTP: system resources and logs listed and read under the caller's
// authorization (`router://…` belongs to `router`, `logs://<id>/…` to `<id>`), stderr of a stdio
// backend with its secret masked, and the test endpoints' answers and errors.
import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import { misbehavingStdioBackendPath } from '@platform/testing-mcp-faults';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../testing/reference-servers';

const NOISY_SECRET = 'sk-router-spec-7c1d9e55a0b34f2e';
const NOISY_COMMAND = `"${process.execPath}" "${misbehavingStdioBackendPath()}"`;

interface TextContents {
  contents: Array<{ uri: string; mimeType?: string; text?: string }>;
}

describe('built-in router server and test endpoints', () => {
  let gateway: GatewayHarness;
  let service: GatewayHarness['service'];
  let adminKey: string;
  /** An AppKey with every scope (the administrator key is for /api/*, not for MCP). */
  let fullKey: string;
  const previousApiKey = process.env['API_KEY'];

  const appKey = (scopes: string[]) => gateway.appKey(scopes);
  const connect = (key: string): Promise<Client> => gateway.connect('/mcp', key);

  async function readJson(client: Client, uri: string): Promise<Record<string, unknown>> {
    const read = (await client.readResource({ uri })) as TextContents;
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    return JSON.parse(read.contents[0]?.text ?? 'null') as Record<string, unknown>;
  }

  beforeAll(async () => {
    process.env['API_KEY'] = NOISY_SECRET;
    // `logs://recent` holds what the gateway logs at its configured level: info here.
    gateway = await startGatewayHarness(
      `servers:
  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: noisy, url: '${NOISY_COMMAND}', type: stdio, secretProvider: Environment, secretItemKey: API_KEY }
`,
      { LOG_LEVEL: 'info' },
    );
    service = gateway.service;
    adminKey = gateway.adminKey;
    await gateway.allow('server:everything', 'server:noisy', 'server:router');
    fullKey = await appKey(['*']);
  }, 60_000);

  afterAll(async () => {
    await gateway.close();
    if (previousApiKey === undefined) delete process.env['API_KEY'];
    else process.env['API_KEY'] = previousApiKey;
  });

  it('lists its resources and the logs:// templates next to the backends', async () => {
    const client = await connect(fullKey);
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        'router://status',
        'router://database',
        'logs://recent',
        'logs://everything/recent',
        'logs://noisy/recent',
        'logs://noisy/stderr',
      ]),
    );
    expect(uris.some((uri) => uri.startsWith('mcp://everything/'))).toBe(true);
    expect(uris.filter((uri) => uri.startsWith('mcp://router/'))).toEqual([]);
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(
      expect.arrayContaining(['logs://{serverId}/recent', 'logs://{serverId}/stderr']),
    );
  });

  it('reports status: sessions by transport and every backend with its status', async () => {
    const client = await connect(fullKey);
    await client.callTool({ name: 'everything__echo', arguments: { message: 'wake up' } });
    const status = await readJson(client, 'router://status');
    expect(status).toMatchObject({ service: 'mcp-gateway', version: expect.any(String) });
    expect(['healthy', 'degraded']).toContain(status['status']);
    expect(status['uptimeSeconds']).toEqual(expect.any(Number));
    const sessions = status['sessions'] as { total: number; byTransport: Record<string, number> };
    expect(sessions.byTransport['streamable']).toBeGreaterThanOrEqual(1);
    const backends = status['backends'] as Array<{ id: string; status: string; source: string }>;
    expect(backends.find((backend) => backend.id === 'everything')).toMatchObject({ status: 'Connected' });
    expect(backends.find((backend) => backend.id === 'router')).toMatchObject({
      status: 'Connected',
      source: 'builtin',
    });
  });

  it('reports the database: connected, schema version and row counts', async () => {
    const client = await connect(fullKey);
    const database = await readJson(client, 'router://database');
    expect(database).toMatchObject({ connected: true, schema: 'mcp_gateway', migrationsPending: [] });
    expect(database['schemaVersion']).toEqual(expect.any(String));
    const counts = database['rowCounts'] as Record<string, number>;
    expect(counts['backend_servers']).toBe(2);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(4);
  });

  it('serves recent gateway logs without credentials', async () => {
    await request(service.server)
      .get(`/sse?app_key=${adminKey}`)
      .timeout(200)
      .catch(() => undefined);
    const client = await connect(fullKey);
    const logs = await readJson(client, 'logs://recent');
    const entries = logs['entries'] as Array<{ message: string; url?: string }>;
    const sse = entries.find((entry) => entry.url?.startsWith('/sse?app_key='));
    expect(sse?.url).toBe('/sse?app_key=[REDACTED]');
    const text = JSON.stringify(logs);
    expect(text).not.toContain(adminKey.slice(-64));
    // The same lines went to the test definition, not to the test run's output.
    expect(gateway.logLines.some((line) => line.includes('/sse?app_key=[REDACTED]'))).toBe(true);
  });

  it("serves a stdio backend's stderr with its secret masked", async () => {
    const client = await connect(fullKey);
    await client.callTool({ name: 'noisy__stderr', arguments: {} });
    const read = (await client.readResource({ uri: 'logs://noisy/stderr' })) as TextContents;
    expect(read.contents[0]?.mimeType).toBe('text/plain');
    expect(read.contents[0]?.text).toContain('authenticating with API key');
    expect(read.contents[0]?.text).not.toContain(NOISY_SECRET);
    const log = await readJson(client, 'logs://noisy/recent');
    expect(log).toMatchObject({ serverId: 'noisy', type: 'stdio', status: 'Connected' });
    expect(JSON.stringify(log)).not.toContain(NOISY_SECRET);
  });

  it('authorizes logs://<id>/… by that server and router://… by the router', async () => {
    const client = await connect(await appKey(['server:everything']));
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toContain('logs://everything/recent');
    expect(uris.filter((uri) => uri.startsWith('router://') || uri.startsWith('logs://noisy'))).toEqual([]);
    expect(uris).not.toContain('logs://recent');
    await expect(readJson(client, 'logs://everything/recent')).resolves.toMatchObject({
      serverId: 'everything',
    });
    await expect(client.readResource({ uri: 'router://status' })).rejects.toThrow(/permission/);
    await expect(client.readResource({ uri: 'logs://noisy/stderr' })).rejects.toThrow(/permission/);
  });

  it('has no direct view and cannot be changed through the administration API', async () => {
    await request(service.server)
      .post('/router')
      .set('Authorization', `Bearer ${adminKey}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .expect(404);
    const servers = await request(service.server)
      .get('/api/servers')
      .set('Authorization', `Bearer ${adminKey}`)
      .expect(200);
    expect(servers.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'router', type: 'custom', source: 'builtin' })]),
    );
    const removal = await request(service.server)
      .delete('/api/servers/router')
      .set('Authorization', `Bearer ${adminKey}`)
      .expect(409);
    expect(removal.body.detail).toContain('built into the gateway');
  });

  describe('POST /api/test/resources/read', () => {
    it('returns MIME type, size and content of a backend resource', async () => {
      const key = await appKey(['server:everything']);
      const uri = 'mcp://everything/demo://resource/static/document/architecture.md';
      const response = await request(service.server)
        .post('/api/test/resources/read')
        .set('Authorization', `Bearer ${key}`)
        .send({ uri })
        .expect(200);
      expect(response.body).toMatchObject({ uri, mimeType: 'text/markdown', encoding: 'utf-8' });
      expect(response.body.content.length).toBeGreaterThan(0);
      expect(response.body.size).toBe(Buffer.byteLength(response.body.content as string, 'utf8'));
    });

    it('reads the router resources with a key for every server', async () => {
      const response = await request(service.server)
        .post('/api/test/resources/read')
        .set('Authorization', `Bearer ${fullKey}`)
        .send({ uri: 'router://status' })
        .expect(200);
      expect(response.body.mimeType).toBe('application/json');
      expect(JSON.parse(response.body.content as string)).toMatchObject({ service: 'mcp-gateway' });
    });

    it('refuses what the key may not read, unknown URIs, bad bodies and missing credentials', async () => {
      const key = await appKey(['server:noisy']);
      const denied = await request(service.server)
        .post('/api/test/resources/read')
        .set('Authorization', `Bearer ${key}`)
        .send({ uri: 'mcp://everything/demo://resource/static/document/architecture.md' })
        .expect(403);
      expect(denied.headers['content-type']).toContain('application/problem+json');
      expect(denied.body.detail).toContain('permission');
      await request(service.server)
        .post('/api/test/resources/read')
        .set('Authorization', `Bearer ${adminKey}`)
        .send({ uri: 'mcp://nowhere/thing' })
        .expect(404);
      const invalid = await request(service.server)
        .post('/api/test/resources/read')
        .set('Authorization', `Bearer ${adminKey}`)
        .send({ uri: 42 })
        .expect(400);
      expect(JSON.stringify(invalid.body)).toContain('uri');
      await request(service.server)
        .post('/api/test/resources/read')
        .set('Authorization', `Bearer ${adminKey}`)
        .set('Content-Type', 'text/plain')
        .send('router://status')
        .expect(415);
      await request(service.server)
        .post('/api/test/resources/read')
        .send({ uri: 'router://status' })
        .expect(401);
    });
  });

  describe('POST /api/test/prompts/get', () => {
    it('renders a prompt with arguments into role and content messages', async () => {
      const key = await appKey(['server:everything']);
      const response = await request(service.server)
        .post('/api/test/prompts/get')
        .set('Authorization', `Bearer ${key}`)
        .send({ serverId: 'everything', promptName: 'args-prompt', arguments: { city: 'Lisbon' } })
        .expect(200);
      expect(response.body.messages).toEqual([{ role: 'user', content: "What's weather in Lisbon?" }]);
    });

    it('refuses other servers, unknown prompts and non-string arguments', async () => {
      const key = await appKey(['server:noisy']);
      await request(service.server)
        .post('/api/test/prompts/get')
        .set('Authorization', `Bearer ${key}`)
        .send({ serverId: 'everything', promptName: 'simple-prompt', arguments: {} })
        .expect(403);
      await request(service.server)
        .post('/api/test/prompts/get')
        .set('Authorization', `Bearer ${fullKey}`)
        .send({ serverId: 'everything', promptName: 'no-such-prompt', arguments: {} })
        .expect(404);
      const invalid = await request(service.server)
        .post('/api/test/prompts/get')
        .set('Authorization', `Bearer ${adminKey}`)
        .send({ serverId: 'everything', promptName: 'args-prompt', arguments: { city: 7 } })
        .expect(400);
      expect(invalid.body.detail).toContain('city');
    });
  });
});
