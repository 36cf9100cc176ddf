// A per-server alias as the namespace in the aggregated view: a long server id would push tool
// names past the 64 characters some model providers accept, so `alias: ev` makes them `ev__echo`.
// Authorization, the audit and the direct path still use the id; ids and aliases never clash.
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';
import request from 'supertest';

const LONG_ID = 'everything-reference-server-for-integration-testing';

describe('per-server alias', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:\n  - { id: ${LONG_ID}, alias: ev, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    await gateway.allow(`server:${LONG_ID}`);
  }, 60_000);

  afterAll(() => gateway.close());

  it('names tools, prompts and resources by the alias; a server-id scope still covers them', async () => {
    const client = await gateway.connect('/mcp', await gateway.appKey([`server:${LONG_ID}`]));
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain('ev__echo');
    expect(tools.every((name) => name.startsWith('ev__') && name.length <= 64)).toBe(true);
    const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(prompts).toContain('ev__simple-prompt');
    const resources = (await client.listResources()).resources.map((resource) => resource.uri);
    const document = 'mcp://ev/demo://resource/static/document/architecture.md';
    expect(resources).toContain(document);
    const read = await client.readResource({ uri: document });
    expect(read.contents[0]?.uri).toBe(document);
    const echoed = await client.callTool({ name: 'ev__echo', arguments: { message: 'short' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: short' }]);
    await expect(client.callTool({ name: `${LONG_ID}__echo`, arguments: { message: 'x' } })).rejects.toThrow(
      /unknown tool/,
    );
  });

  it('keeps the id for the direct path, Meta-Mode names and the audit', async () => {
    const key = await gateway.appKey(['*']);
    const direct = await gateway.connect(`/${LONG_ID}`, key);
    expect((await direct.listTools()).tools.map((tool) => tool.name)).toContain('echo');
    const meta = await gateway.connect('/sse', key);
    const ran = await meta.callTool({
      name: 'execute_tool',
      arguments: { name: `${LONG_ID}__echo`, arguments: { message: 'meta' } },
    });
    expect(ran.content).toEqual([{ type: 'text', text: 'Echo: meta' }]);
    const rendered = await request(gateway.service.server)
      .post('/api/test/prompts/get')
      .set('Authorization', `Bearer ${key}`)
      .send({ serverId: LONG_ID, promptName: 'simple-prompt', arguments: {} })
      .expect(200);
    expect(rendered.body.messages.length).toBeGreaterThan(0);
  });

  it('refuses aliases that are malformed or name another server', async () => {
    const base = { url: 'http://127.0.0.1:3999/mcp', type: 'streamable' };
    const malformed = await request(gateway.service.server)
      .post('/api/servers')
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .send({ ...base, id: 'other', alias: 'Bad Alias' })
      .expect(400);
    expect(JSON.stringify(malformed.body)).toContain('alias');
    await request(gateway.service.server)
      .post('/api/servers')
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .send({ ...base, id: 'other', alias: 'sse' })
      .expect(400);
    const taken = await request(gateway.service.server)
      .post('/api/servers')
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .send({ ...base, id: 'other', alias: 'ev' })
      .expect(409);
    expect(taken.body.detail).toContain(LONG_ID);
    await request(gateway.service.server)
      .post('/api/servers')
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .send({ ...base, id: 'ev' })
      .expect(409);
    const created = await request(gateway.service.server)
      .post('/api/servers')
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .send({ ...base, id: 'other', alias: 'ot', enabled: false })
      .expect(201);
    expect(created.body).toMatchObject({ id: 'other', alias: 'ot' });
  });
});
