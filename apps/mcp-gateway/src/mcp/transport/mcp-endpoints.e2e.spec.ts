// The client-facing endpoints driven by the official MCP SDK client (v2) over legacy SSE and
// Streamable HTTP (stateful and stateless), in all three views: Meta-Mode (/sse), the aggregated
// catalog (/mcp) and the direct proxy (/{serverId}); with AppKeys whose scopes narrow what a
// caller sees and runs.
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import {
  type ClientTransportKind,
  type GatewayHarness,
  startGatewayHarness,
} from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND, REPOSITORY_ROOT } from '../../testing/reference-servers';

const MEMORY_COMMAND = `"${process.execPath}" "${join(REPOSITORY_ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')}"`;

type Kind = ClientTransportKind;

describe('client-facing MCP endpoints', () => {
  let gateway: GatewayHarness;
  let service: GatewayHarness['service'];
  let base: string;
  let adminKey: string;

  const appKey = (scopes: string[]): Promise<string> => gateway.appKey(scopes);

  // Sampling is declared so that the backend may send this client a sampling request.
  const connect = (path: string, key: string, kind: Kind): Promise<Client> =>
    gateway.connect(path, key, kind, { capabilities: { sampling: {} } });

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:
  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio, category: demo }
  - { id: memory, url: '${MEMORY_COMMAND}', type: stdio, category: knowledge }
`,
    );
    ({ service, base, adminKey } = gateway);
    // AppKeys pass RBAC through an allow row for their role; scopes then narrow each key.
    await gateway.allow('server:everything', 'server:memory');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  describe.each<Kind>(['sse', 'streamable'])('over %s', (kind) => {
    it('Meta-Mode lists exactly search_tools and execute_tool, finds and runs a backend tool', async () => {
      const client = await connect('/sse', await appKey(['*']), kind);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'execute_tool']);
      const found = await client.callTool({
        name: 'search_tools',
        arguments: { query: 'echo a message back' },
      });
      const results = (found.structuredContent as { results: Array<{ name: string }> }).results;
      expect(results[0]?.name).toBe('everything__echo');
      const ran = await client.callTool({
        name: 'execute_tool',
        arguments: { name: 'everything__echo', arguments: { message: `meta ${kind}` } },
      });
      expect(ran.content).toEqual([{ type: 'text', text: `Echo: meta ${kind}` }]);
    });

    it('aggregates namespaced tools from every backend and routes calls by namespace', async () => {
      const client = await connect(kind === 'sse' ? '/sse?meta=false' : '/mcp', await appKey(['*']), kind);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('everything__echo');
      expect(names).toContain('memory__read_graph');
      expect(names.every((name) => /^(everything|memory)__/.test(name))).toBe(true);
      const sum = await client.callTool({ name: 'everything__get-sum', arguments: { a: 2, b: 40 } });
      expect(JSON.stringify(sum.content)).toContain('42');
    });

    it('proxies one backend directly with its own tool names', async () => {
      const client = await connect('/everything', await appKey(['server:everything']), kind);
      expect(client.getServerVersion()?.name).not.toBe('mcp-gateway');
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('echo');
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'direct' } });
      expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: direct' }]);
    });

    it('relays a sampling request from the backend to this client and back', async () => {
      const client = await connect('/everything', await appKey(['server:everything']), kind);
      client.setRequestHandler('sampling/createMessage', async () => ({
        role: 'assistant',
        content: { type: 'text', text: 'sampled by the e2e client' },
        model: 'e2e-model',
      }));
      const result = await client.callTool({
        name: 'trigger-sampling-request',
        arguments: { prompt: 'hi', maxTokens: 5 },
      });
      expect(JSON.stringify(result.content)).toContain('sampled by the e2e client');
    });
  });

  it('a key scoped to one server sees nothing of another and cannot run it, even through Meta-Mode', async () => {
    const key = await appKey(['server:memory']);
    const aggregated = await connect('/mcp', key, 'streamable');
    const names = (await aggregated.listTools()).tools.map((tool) => tool.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('memory__'))).toBe(true);
    await expect(
      aggregated.callTool({ name: 'everything__echo', arguments: { message: 'x' } }),
    ).rejects.toThrow("User does not have permission to execute tool 'everything__echo'");
    const meta = await connect('/sse', key, 'sse');
    const found = await meta.callTool({ name: 'search_tools', arguments: { query: 'echo a message' } });
    expect(JSON.stringify(found.structuredContent)).not.toContain('everything__');
    await expect(
      meta.callTool({
        name: 'execute_tool',
        arguments: { name: 'everything__echo', arguments: { message: 'x' } },
      }),
    ).rejects.toThrow("User does not have permission to execute tool 'everything__echo'");
    // A tool that does not exist on a server the key may not use reads the same: no existence oracle.
    await expect(
      meta.callTool({ name: 'execute_tool', arguments: { name: 'everything__no-such-tool', arguments: {} } }),
    ).rejects.toThrow("User does not have permission to execute tool 'everything__no-such-tool'");
  });

  it('refuses the direct proxy without a covering scope (403) and for an unknown server (404)', async () => {
    const key = await appKey(['server:memory']);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const denied = await request(service.server)
      .post('/everything')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .send(initialize)
      .expect(403);
    expect(denied.body.error.message).toBe(
      "AppKey rejected: requested target 'everything' is outside the key's allowed scopes",
    );
    await request(service.server)
      .post('/nope')
      .set('Authorization', `Bearer ${key}`)
      .send(initialize)
      .expect(404);
    await request(service.server).post('/everything').send(initialize).expect(401);
  });

  it('serves a stateless request without a session and answers GET on /mcp without one with 405', async () => {
    const key = await appKey(['*']);
    const listed = await request(service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 'list-1', method: 'tools/list' })
      .expect(200);
    expect(listed.body.id).toBe('list-1');
    expect(listed.body.result.tools.length).toBeGreaterThan(0);
    await request(service.server).get('/mcp').set('Authorization', `Bearer ${key}`).expect(405);
    await request(service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .send({ jsonrpc: '2.0', method: 'notifications/initialized' })
      .expect(202);
  });

  /** A raw `tools/call` on `/everything` from a client accepting both answer forms; the body kept as text. */
  async function rawToolCall(id: string, params: Record<string, unknown>) {
    return request(service.server)
      .post('/everything')
      .set('Authorization', `Bearer ${await appKey(['*'])}`)
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id, method: 'tools/call', params })
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => done(null, text));
      })
      .expect(200);
  }

  /** The JSON messages of an event-stream body, in order. */
  function eventMessages(body: unknown): Record<string, unknown>[] {
    return String(body)
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
  }

  it('answers a lone tools/call result as JSON and opens an event stream only for progress', async () => {
    const plain = await rawToolCall('echo-1', { name: 'echo', arguments: { message: 'one write' } });
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(String(plain.body))).toEqual({
      jsonrpc: '2.0',
      id: 'echo-1',
      result: { content: [{ type: 'text', text: 'Echo: one write' }] },
    });

    const streamed = await rawToolCall('long-1', {
      name: 'trigger-long-running-operation',
      arguments: { duration: 0.2, steps: 2 },
      _meta: { progressToken: 'p-1' },
    });
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventMessages(streamed.body);
    expect(events.map((event) => event['method'] ?? `answer ${String(event['id'])}`)).toEqual([
      'notifications/progress',
      'notifications/progress',
      'answer long-1',
    ]);
    expect(events[0]).toMatchObject({ params: { progressToken: 'p-1', progress: 1, total: 2 } });
  });

  it('opens the event stream of a slow, silent call after 5 s, so keep-alives can flow', async () => {
    // No progress token: the backend sends nothing until its answer, 6 s later.
    const slow = await rawToolCall('slow-1', {
      name: 'trigger-long-running-operation',
      arguments: { duration: 6, steps: 1 },
    });
    expect(slow.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(eventMessages(slow.body)).toEqual([
      expect.objectContaining({ id: 'slow-1', result: expect.anything() }),
    ]);
  }, 20_000);

  it('keeps a legacy session to the principal that opened it', async () => {
    await request(service.server)
      .post('/message')
      .set('Authorization', `Bearer ${adminKey}`)
      .send({})
      .expect(400);
    await request(service.server)
      .post('/message?sessionId=unknown')
      .set('Authorization', `Bearer ${await appKey(['*'])}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .expect(404);
  });

  it('rejects a browser origin that is not allowed (DNS-rebinding protection)', async () => {
    await request(service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${await appKey(['*'])}`)
      .set('Origin', 'http://evil.example')
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .expect(403);
  });

  it('refuses a rebound name that looks same-origin, and accepts a loopback same-origin page', async () => {
    const key = await appKey(['*']);
    // A page on evil.example whose name now resolves to the gateway: Host and Origin agree.
    await request(service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Host', 'evil.example:8080')
      .set('Origin', 'http://evil.example:8080')
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .expect(403);
    const host = new URL(base).host;
    await request(service.server)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .expect(200);
  });

  it('audits invocations with the inner target of execute_tool', async () => {
    const client = await connect('/sse', await appKey(['*']), 'sse');
    await client.callTool({
      name: 'execute_tool',
      arguments: { name: 'everything__get-sum', arguments: { a: 1, b: 2 } },
    });
    await eventuallyAudited();
    async function eventuallyAudited(): Promise<void> {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const audit = await request(service.server)
          .get('/api/audit?kind=mcp.invocation&server=everything')
          .set('Authorization', `Bearer ${adminKey}`)
          .expect(200);
        const events = audit.body.events as Array<Record<string, unknown>>;
        const match = events.find((event) => JSON.stringify(event).includes('get-sum'));
        if (match !== undefined) {
          expect(match).toMatchObject({
            serverId: 'everything',
            method: 'tools/call',
            statusCode: 200,
            identitySource: 'admin-key',
          });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no invocation audit record');
    }
  });
});
