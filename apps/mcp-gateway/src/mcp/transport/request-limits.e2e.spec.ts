// Bodies one caller sends to hurt everyone (docs/decisions/021): nested 100,000 deep, or larger
// than the limit, at every MCP entry (front door and Express routes, Streamable POSTs in the three
// views, legacy `/message`) and at the REST test endpoints. Each is refused at the edge with a
// 400 (413 for size) naming the limit, a JSON-RPC -32600 at the MCP endpoints, and never reaches
// the stdio backend that another caller is using at the same moment.
import request from 'supertest';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND, eventually } from '../../testing/reference-servers';

const ACCEPT = 'application/json, text/event-stream';
const TOO_DEEP = 'Invalid Request: JSON body is nested deeper than 64 levels';

/** `depth` arrays inside each other, as text (building the value would overflow here first). */
const nestedText = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function toolCall(name: string, argumentsText: string): string {
  return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsText}}}`;
}

describe('request limits at the edge', () => {
  let gateway: GatewayHarness;
  let key: string;

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:\n  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    await gateway.allow('server:everything');
    key = await gateway.appKey(['server:everything']);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  async function post(path: string, body: string): Promise<{ status: number; type?: string; body: unknown }> {
    const response = await fetch(`${gateway.base}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: ACCEPT },
      body,
    });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? undefined,
      body: await response.json(),
    };
  }

  /** A legacy SSE session of the attacker, for `POST /message`. */
  async function legacySession(): Promise<{ sessionId: string; close: () => void }> {
    const controller = new AbortController();
    const response = await fetch(`${gateway.base}/sse?meta=false`, {
      headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    const sessionId = /sessionId=([0-9a-f]+)/.exec(first)?.[1] ?? '';
    return { sessionId, close: () => controller.abort() };
  }

  it('refuses a body nested 100,000 deep at every MCP entry while another caller keeps its backend', async () => {
    const bystander = await gateway.connect('/mcp', await gateway.appKey(['server:everything'], 'bystander'));
    const running = bystander.callTool({
      name: 'everything__trigger-long-running-operation',
      arguments: { duration: 2, steps: 2 },
    });
    const legacy = await legacySession();
    const deep = nestedText(100_000);
    const entries: Array<[string, string]> = [
      ['/mcp', toolCall('everything__echo', deep)],
      // Express's route to the same endpoint (a spelling the front door passes on).
      ['/MCP', toolCall('everything__echo', deep)],
      ['/everything', toolCall('echo', deep)],
      ['/sse', toolCall('execute_tool', `{"name":"everything__echo","arguments":${deep}}`)],
      [`/message?sessionId=${legacy.sessionId}`, toolCall('everything__echo', deep)],
      ['/mcp', `{"jsonrpc":"2.0","id":"deep-id","method":"ping","params":{"_meta":${deep}}}`],
    ];
    for (const [path, body] of entries) {
      expect({ path, ...(await post(path, body)) }).toEqual({
        path,
        status: 400,
        type: 'application/json; charset=utf-8',
        body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: TOO_DEEP } },
      });
    }
    legacy.close();
    // The bystander's call on the shared stdio backend was never disturbed.
    await expect(running).resolves.toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('Long running operation completed') }],
    });
  });

  it('refuses a deep body at the REST test endpoints with problem details that name the limit', async () => {
    const response = await request(gateway.service.server)
      .post('/api/test/prompts/get')
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json')
      .send(`{"serverId":"everything","promptName":"simple-prompt","arguments":{"a":${nestedText(100_000)}}}`)
      .expect(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: 400, detail: 'JSON body is nested deeper than 64 levels' });
  });

  it('answers a body over 4 MB and text that is not JSON in JSON-RPC terms', async () => {
    expect(
      await post('/mcp', toolCall('everything__echo', `{"message":"${'a'.repeat(4 * 1024 * 1024)}"}`)),
    ).toMatchObject({
      status: 413,
      body: {
        id: null,
        error: { code: -32600, message: 'Invalid Request: request body is larger than the 4 MB limit' },
      },
    });
    expect(await post('/mcp', '{"jsonrpc": "2.0", "id": 1,')).toMatchObject({
      status: 400,
      body: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    });
  });

  it('keeps huge ids, huge method names, lone surrogates and rounded numbers to the caller that sent them', async () => {
    const bystander = await gateway.connect(
      '/mcp',
      await gateway.appKey(['server:everything'], 'bystander-2'),
    );
    const running = bystander.callTool({
      name: 'everything__trigger-long-running-operation',
      arguments: { duration: 2, steps: 2 },
    });
    const hugeId = 'i'.repeat(1_000_000);
    expect(await post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: hugeId, method: 'ping' }))).toMatchObject({
      status: 200,
      body: { id: hugeId, result: {} },
    });
    const hugeMethod = await post(
      '/everything',
      JSON.stringify({ jsonrpc: '2.0', id: 'm', method: 'm'.repeat(100_000) }),
    );
    expect(hugeMethod).toMatchObject({ status: 200, body: { id: 'm', error: { code: -32601 } } });
    // JSON.parse has rounded this id already: it could not be sent back as it came.
    expect(await post('/mcp', '{"jsonrpc":"2.0","id":12345678901234567891,"method":"ping"}')).toMatchObject({
      status: 400,
      body: { error: { code: -32600 } },
    });
    const unpaired = await post(
      '/mcp',
      toolCall('everything__echo', '{"message":"lone \\ud800 and \\u0000 and \\udfff","n":1e400}'),
    );
    expect(unpaired).toMatchObject({ status: 200, body: { id: 7, result: { content: [{ type: 'text' }] } } });
    await expect(running).resolves.toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('Long running operation completed') }],
    });
    // The audit batch these calls shared was written: the unpaired surrogate did not fail it.
    await eventually('the bystander audited', async () => {
      const audit = await request(gateway.service.server)
        .get('/api/audit?method=tools/call')
        .set('Authorization', `Bearer ${gateway.adminKey}`);
      const events = (audit.body as { events?: Array<{ details?: { target?: string } }> }).events ?? [];
      return events.some((event) => event.details?.target === 'trigger-long-running-operation')
        ? true
        : undefined;
    });
  });

  it('passes arguments nested within the limit on to the backend', async () => {
    const within = await post(
      '/mcp',
      toolCall('everything__echo', `{"message":"fine","extra":${nestedText(50)}}`),
    );
    expect(within).toMatchObject({
      status: 200,
      body: { id: 7, result: { content: [{ text: 'Echo: fine' }] } },
    });
  });
});
