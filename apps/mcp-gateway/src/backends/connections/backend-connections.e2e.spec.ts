// Connections to real MCP servers from npm (@modelcontextprotocol/server-everything over
// Streamable HTTP and legacy SSE), through the gateway's registry and connection manager:
// status reporting, tool calls, losing a backend and getting it back.
import request from 'supertest';
import { type EverythingServer, startEverythingServer } from '@platform/testing-mcp-faults';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../../gateway.test-definition';
import { type ServersFile, writeServersFile } from '../../testing/reference-servers';
import { ConnectionManager } from './connection-manager.service';

describe('backend connections', () => {
  let serversFile: ServersFile;
  let service: TestService;
  let admin: Record<string, string>;
  let streamable: EverythingServer;
  let sse: EverythingServer;

  async function statusOf(
    id: string,
  ): Promise<{ state: string; lastError?: string; protocolVersion?: string }> {
    const response = await request(service.server).get(`/api/servers/${id}`).set(admin).expect(200);
    return response.body.status;
  }

  async function until(
    id: string,
    state: string,
  ): Promise<{ state: string; lastError?: string; protocolVersion?: string }> {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const status = await statusOf(id);
      if (status.state === state) return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${id} never reached ${state}; last status ${JSON.stringify(await statusOf(id))}`);
  }

  beforeAll(async () => {
    [streamable, sse] = await Promise.all([
      startEverythingServer('streamableHttp'),
      startEverythingServer('sse'),
    ]);
    serversFile = writeServersFile(
      `servers:
  - { id: everything, url: "${streamable.endpoint}", type: streamable, category: demo }
  - { id: legacy, url: "${sse.endpoint}", type: sse }
  - { id: metadata, url: "http://169.254.169.254/mcp", type: streamable }
  - { id: later, url: "npx -y @modelcontextprotocol/server-memory", type: stdio }
`,
    );
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition, {
      GATEWAY_SERVERS_FILE: serversFile.path,
      GATEWAY_BACKEND_RECONNECT_SECONDS: '1',
      GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: '1',
      GATEWAY_BACKEND_HEALTH_SECONDS: '1',
    });
    admin = { Authorization: `Bearer ${secrets.adminKey()}` };
  });

  afterAll(async () => {
    await service.close();
    await Promise.all([streamable.stop(), sse.stop()]);
    serversFile.remove();
  });

  it('connects over Streamable HTTP and legacy SSE and reports the negotiated protocol', async () => {
    const everything = await until('everything', 'Connected');
    expect(everything.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await until('legacy', 'Connected');
  });

  it('calls tools through the session', async () => {
    const manager = service.app.get(ConnectionManager);
    for (const id of ['everything', 'legacy']) {
      const client = await manager.clientFor(id);
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toContain('echo');
      expect(await client.callTool({ name: 'echo', arguments: { message: `via ${id}` } })).toEqual({
        content: [{ type: 'text', text: `Echo: via ${id}` }],
      });
    }
  });

  it('refuses to connect to a blocked address and marks the server Failed', async () => {
    const status = await until('metadata', 'Failed');
    expect(status.lastError).toMatch(/169\.254\.169\.254/);
  });

  it('keeps servers connected on demand (stdio) out of the eager connections', async () => {
    expect((await statusOf('later')).state).toBe('Disconnected');
    await expect(service.app.get(ConnectionManager).clientFor('nope')).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('notices a backend going away and reconnects when it is back', async () => {
    await streamable.stop();
    const lost = await until('everything', 'Retrying');
    expect(lost.lastError?.length).toBeGreaterThan(0);
    await expect(service.app.get(ConnectionManager).clientFor('everything')).rejects.toMatchObject({
      kind: 'upstream-failed',
    });
    streamable = await startEverythingServer('streamableHttp', { port: streamable.port });
    await until('everything', 'Connected');
    const client = await service.app.get(ConnectionManager).clientFor('everything');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('exposes the connection state as a metric', async () => {
    const metrics = await request(service.server).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/mcp_backend_connected\{server="legacy",service="mcp-gateway"\} 1/);
    expect(metrics.text).toMatch(/mcp_backend_connected\{server="metadata",service="mcp-gateway"\} 0/);
  });
});
