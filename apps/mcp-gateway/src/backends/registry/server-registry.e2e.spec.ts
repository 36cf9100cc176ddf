// The server registry end to end: the declarative file (GATEWAY_SERVERS_FILE) and the
// administration API, and what access control sees through it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../../gateway.test-definition';
import { ServerRegistry } from './server-registry.service';

const PROXY_SECRET = 'proxy-secret-0123456789abcdef';

describe('backend server registry', () => {
  let directory: string;
  let file: string;
  let service: TestService;
  let admin: Record<string, string>;

  const writeServers = (yaml: string) => writeFileSync(file, yaml);
  const registry = () => service.app.get(ServerRegistry);

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'servers-file-'));
    file = join(directory, 'servers.yaml');
    writeServers(`
servers:
  - id: files
    displayName: File server
    url: http://127.0.0.1:3999/mcp
    type: streamable
    category: '["storage", "Home"]'
  - id: memory
    url: npx -y @modelcontextprotocol/server-memory
    type: stdio
    category: notes, home
    requestTimeout: 30
`);
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition, {
      GATEWAY_SERVERS_FILE: file,
      GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
    });
    admin = { Authorization: `Bearer ${secrets.adminKey()}` };
  });

  afterAll(async () => {
    await service.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('loads the declarative file at start-up', async () => {
    const response = await request(service.server).get('/api/servers').set(admin).expect(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        id: 'files',
        type: 'streamable',
        categories: ['storage', 'home'],
        source: 'file',
      }),
      expect.objectContaining({
        id: 'memory',
        type: 'stdio',
        categories: ['notes', 'home'],
        requestTimeout: 30,
      }),
      // The gateway's own server is listed too, read-only.
      expect.objectContaining({ id: 'router', type: 'custom', source: 'builtin' }),
    ]);
  });

  it('makes file categories available to key creation by non-administrators', async () => {
    await request(service.server)
      .post('/api/appkeys')
      .set({ 'X-Proxy-Auth': PROXY_SECRET, 'Remote-User': 'nina' })
      .send({ name: 'home', scopes: ['category:home'] })
      .expect(201);
  });

  it('applies file changes, and keeps the servers when the file is broken', async () => {
    writeServers(`
servers:
  - id: files
    url: http://127.0.0.1:3999/mcp
    type: streamable
    category: storage
`);
    await registry().syncFile();
    expect(
      registry()
        .list()
        .map((server) => server.definition.id),
    ).toEqual(['files', 'router']);
    writeServers('servers:\n  - id: BAD ID\n    type: warp\n');
    await registry().syncFile();
    expect(
      registry()
        .list()
        .map((server) => server.definition.id),
    ).toEqual(['files', 'router']);
  });

  it('creates, disables, replaces and deletes API servers, with validation', async () => {
    const created = await request(service.server)
      .post('/api/servers')
      .set(admin)
      .send({
        id: 'wiki',
        url: 'https://wiki.example/mcp',
        type: 'sse',
        category: 'docs',
        headersJson: '{"X-Session-Token":"s3cret","X-Tenant":"home"}',
      })
      .expect(201);
    expect(created.body).toMatchObject({
      id: 'wiki',
      source: 'api',
      enabled: true,
      headers: { 'X-Session-Token': '***', 'X-Tenant': 'home' },
    });
    expect(JSON.stringify(created.body)).not.toContain('s3cret');
    await request(service.server)
      .post('/api/servers')
      .set(admin)
      .send({ id: 'wiki', url: 'https://x.example', type: 'sse' })
      .expect(409);
    await request(service.server)
      .post('/api/servers/wiki/disable')
      .set(admin)
      .expect(200)
      .expect((res) => expect(res.body.enabled).toBe(false));
    await request(service.server)
      .put('/api/servers/wiki')
      .set(admin)
      .send({ id: 'wiki', url: 'https://wiki2.example/mcp', type: 'streamable' })
      .expect(200)
      .expect((res) =>
        expect(res.body).toMatchObject({ url: 'https://wiki2.example/mcp', type: 'streamable' }),
      );
    await request(service.server).delete('/api/servers/wiki').set(admin).expect(204);
    await request(service.server).get('/api/servers/wiki').set(admin).expect(404);
  });

  it('refuses bad definitions with a message naming the field, and file-owned servers', async () => {
    const bad = await request(service.server)
      .post('/api/servers')
      .set(admin)
      .send({ id: 'api', url: 'x', type: 'sse' })
      .expect(400);
    expect(bad.body.detail).toMatch(/id/);
    const metadata = await request(service.server)
      .post('/api/servers')
      .set(admin)
      .send({ id: 'meta', url: 'http://169.254.169.254/latest', type: 'http' })
      .expect(400);
    expect(metadata.body.code).toMatch(/^server\./);
    await request(service.server).delete('/api/servers/files').set(admin).expect(409);
  });

  it('is for administrators only', async () => {
    await request(service.server)
      .get('/api/servers')
      .set({ 'X-Proxy-Auth': PROXY_SECRET, 'Remote-User': 'nina' })
      .expect(403);
  });
});
