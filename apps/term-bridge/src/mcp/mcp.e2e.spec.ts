// The MCP endpoint driven by the official MCP client over Streamable HTTP and over legacy HTTP+SSE
// (docs/decisions/047), against real tmux.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import request from 'supertest';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { openLegacySseStream } from '@platform/testing-mcp-faults';
import { InjectionAuditService } from '../audit/injection-audit.service';
import { BRIDGE_SERVICE } from '../term-bridge.module';

type ToolResult = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
};

describe('MCP endpoint (official client, real tmux)', () => {
  const tmux = TmuxTestServer.create('mcp');
  let bridge: BridgeUnderTest;
  let client: Client;

  async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    return (await client.callTool({ name, arguments: args })) as ToolResult;
  }

  beforeAll(async () => {
    await tmux.newSession('work');
    bridge = await startBridge(BRIDGE_SERVICE, tmux);
    client = new Client({ name: 'term-bridge-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${bridge.baseUrl}/mcp`), {
        requestInit: { headers: bridge.auth },
      }),
    );
  });

  afterAll(async () => {
    await client?.close();
    await bridge?.close();
    await tmux.kill();
  });

  it('refuses requests without the bearer key', async () => {
    const response = await request(bridge.service.server)
      .post('/mcp')
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })
      .expect(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="term-bridge"');
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))(
    'answers a call of a tool named %s with a JSON-RPC error, never a 500',
    async (name) => {
      const response = await request(bridge.service.server)
        .post('/mcp')
        .set(bridge.auth)
        .set('Accept', 'application/json, text/event-stream')
        .send({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: {} } });
      expect(response.status).toBeLessThan(500);
      const answer = JSON.parse(response.text.startsWith('event:') ? dataOf(response.text) : response.text);
      // The SDK's McpServer looks tools up on a plain object, so it calls these "disabled" rather
      // than "not found"; either way the call is refused as invalid params and nothing runs.
      expect(answer).toMatchObject({
        id: 9,
        error: { code: -32602, message: expect.stringMatching(/^Tool .+ (not found|disabled)$/) },
      });
      expect(answer).not.toHaveProperty('result');
    },
  );

  it('offers exactly the six terminal tools and nothing that runs tmux commands', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['create_session', 'kill_session', 'list_sessions', 'read_screen', 'send_keys', 'send_text'].sort(),
    );
    const sendKeys = tools.find((tool) => tool.name === 'send_keys');
    expect(sendKeys?.inputSchema).toMatchObject({ required: ['session', 'keys'] });
  });

  it('lists sessions', async () => {
    const result = await call('list_sessions', {});
    expect(result.structuredContent?.['sessions']).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'work', model: 'term:work' })]),
    );
  });

  it('sends text, returns the settled output, and audits it on the mcp channel', async () => {
    const result = await call('send_text', { session: 'work', text: 'echo via-mcp-$((6*7))' });
    expect(result.isError).toBeFalsy();
    expect(result.content[0]?.text).toBe('via-mcp-42');
    expect(result.structuredContent).toMatchObject({
      session: 'work',
      output: 'via-mcp-42',
      settled: 'prompt',
    });
    const [row] = await bridge.service.app.get(InjectionAuditService).recent(1);
    expect(row).toMatchObject({ channel: 'mcp', sessionName: 'work', inputText: 'echo via-mcp-$((6*7))' });
  });

  it('types without Enter when asked, then presses allow-listed keys', async () => {
    const typed = await call('send_text', { session: 'work', text: 'echo typed-later', enter: false });
    expect(typed.content[0]?.text).toMatch(/no Enter/);
    const pressed = await call('send_keys', { session: 'work', keys: ['Enter'] });
    expect(pressed.content[0]?.text).toBe('typed-later');
  });

  it('refuses keys outside the allow-list without pressing anything', async () => {
    const marker = tmux.path('mcp-keys-marker');
    const result = await call('send_keys', {
      session: 'work',
      keys: ['Enter', `run-shell "touch ${marker}"`],
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/is not allowed/);
    expect(existsSync(marker)).toBe(false);
  });

  it('reads the screen', async () => {
    await call('send_text', { session: 'work', text: 'echo screen-marker' });
    const result = await call('read_screen', { session: 'work', lines: 5 });
    expect(result.content[0]?.text).toContain('screen-marker');
  });

  it('creates and kills sessions, validating names and reporting conflicts as tool errors', async () => {
    const created = await call('create_session', { name: 'agent-1', command: 'echo started' });
    expect(created.content[0]?.text).toBe('started');
    const again = await call('create_session', { name: 'agent-1' });
    expect(again).toMatchObject({ isError: true, structuredContent: { code: 'session_exists' } });
    expect(again.content[0]?.text).toBe('Session already exists: agent-1');
    const hostile = await client
      .callTool({ name: 'create_session', arguments: { name: `x#(touch ${tmux.path('mcp-name')})` } })
      .then(
        (value) => value as ToolResult,
        (error: unknown) => ({ isError: true, content: [{ type: 'text', text: String(error) }] }),
      );
    expect(hostile.isError).toBe(true);
    expect(existsSync(tmux.path('mcp-name'))).toBe(false);
    expect((await call('kill_session', { name: 'agent-1' })).content[0]?.text).toBe(
      'Killed session agent-1.',
    );
    expect(await call('kill_session', { name: 'agent-1' })).toMatchObject({
      isError: true,
      structuredContent: { code: 'session_not_found' },
    });
  });

  it('refuses text over the input limit as a tool error, typing nothing', async () => {
    const result = await call('send_text', { session: 'work', text: 'x'.repeat(70_000) });
    expect(result).toMatchObject({ isError: true, structuredContent: { code: 'input_too_large' } });
  });

  it('reports a missing session as a tool error', async () => {
    expect(await call('send_text', { session: 'ghost', text: 'ls' })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Session "ghost" does not exist.' }],
    });
  });
});

describe('MCP endpoint over legacy HTTP+SSE (official client, real tmux)', () => {
  const tmux = TmuxTestServer.create('mcp-sse');
  let bridge: BridgeUnderTest;
  let client: Client;

  beforeAll(async () => {
    await tmux.newSession('legacy');
    bridge = await startBridge(BRIDGE_SERVICE, tmux);
    client = new Client({ name: 'term-bridge-sse-test', version: '1.0.0' });
    await client.connect(
      new SSEClientTransport(new URL(`${bridge.baseUrl}/mcp`), { requestInit: { headers: bridge.auth } }),
    );
  });

  afterAll(async () => {
    await client?.close();
    await bridge?.close();
    await tmux.kill();
  });

  it('lists the tools and types into a session over the event stream', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('send_text');
    const result = (await client.callTool({
      name: 'send_text',
      arguments: { session: 'legacy', text: 'echo over-sse-$((6*7))' },
    })) as ToolResult;
    expect(result.content[0]?.text).toBe('over-sse-42');
  });

  it('needs the key to open a stream and to post, and knows no session it did not open', async () => {
    const refused = await openLegacySseStream(`${bridge.baseUrl}/mcp`, {});
    expect(refused.status).toBe(401);
    const stream = await openLegacySseStream(`${bridge.baseUrl}/mcp`, bridge.auth);
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    await request(bridge.service.server).post(stream.endpoint).send(ping).expect(401);
    const unknown = await request(bridge.service.server)
      .post(`/mcp/messages?sessionId=${'0'.repeat(32)}`)
      .set(bridge.auth)
      .send(ping)
      .expect(404);
    expect(unknown.body).toMatchObject({ code: 'mcp.session-not-found' });
    await request(bridge.service.server).post('/mcp/messages').set(bridge.auth).send(ping).expect(400);
    await request(bridge.service.server).post(stream.endpoint).set(bridge.auth).send(ping).expect(202);
    expect(await stream.nextAnswer(1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    stream.close();
  });

  it('ends open event streams when the bridge shuts down', async () => {
    const stream = await openLegacySseStream(`${bridge.baseUrl}/mcp`, bridge.auth);
    await bridge.close();
    await stream.ended;
    expect(stream.seen).toEqual([]);
  });
});

/** The data of the last event of an event-stream answer. */
function dataOf(text: string): string {
  return (
    text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .at(-1)
      ?.slice('data: '.length) ?? ''
  );
}
