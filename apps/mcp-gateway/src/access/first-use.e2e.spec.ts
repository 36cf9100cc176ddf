// A new gateway as a newcomer meets it (issue 15, item 17): the seeded policy lets a key made as
// the README shows reach its scopes through all three views, and every denial says which layer
// refused and what to add: as JSON-RPC error data on the aggregated and Meta-Mode views, in the
// direct view's 403, in the test endpoints' problem details, in the administrator's log line, and
// as the reason of an empty search_tools answer. Nothing about the rules leaks to the caller.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND } from '../testing/reference-servers';

interface PolicyView {
  readonly id: string;
  readonly targetId: string;
  readonly requiredGroup: string;
}

describe('first use: the seeded policy and explained denials', () => {
  let gateway: GatewayHarness;
  let admin: { Authorization: string };
  let seeded: PolicyView;

  const post = (path: string, key: string, body: Record<string, unknown>) =>
    request(gateway.service.server)
      .post(path)
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json')
      .send({ jsonrpc: '2.0', id: 1, ...body });
  const callEcho = (key: string) =>
    post('/mcp', key, {
      method: 'tools/call',
      params: { name: 'everything__echo', arguments: { message: 'hi' } },
    });
  const callDirect = (key: string) =>
    post('/everything', key, {
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' } },
    });
  const search = async (key: string) => {
    const response = await post('/sse', key, {
      method: 'tools/call',
      params: { name: 'search_tools', arguments: { query: 'echo a message' } },
    }).expect(200);
    return response.body.result as { structuredContent: { results: unknown[]; message?: string } };
  };

  async function policies(): Promise<PolicyView[]> {
    return (await request(gateway.service.server).get('/api/policies').set(admin).expect(200))
      .body as PolicyView[];
  }

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:\n  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio, category: demo }\n`,
      { GATEWAY_SEED_DEFAULT_POLICIES: 'true' },
    );
    admin = { Authorization: `Bearer ${gateway.adminKey}` };
    const [row] = await policies();
    if (row === undefined) throw new Error('no policy was seeded');
    seeded = row;
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await gateway?.close();
  });

  it('lets a key made as the README shows list and call its server in every view', async () => {
    expect(seeded).toMatchObject({ targetId: '*', requiredGroup: 'McpClient' });
    const key = await gateway.appKey(['server:everything']);
    const listed = await post('/mcp', key, { method: 'tools/list' }).expect(200);
    expect(listed.body.result.tools.map((tool: { name: string }) => tool.name)).toContain('everything__echo');
    expect((await callEcho(key).expect(200)).body.result.content[0].text).toContain('hi');
    expect((await callDirect(key).expect(200)).body.result.content[0].text).toContain('hi');
    const found = await search(key);
    expect(JSON.stringify(found.structuredContent.results)).toContain('everything__echo');
  });

  describe('a key whose scopes do not cover the server', () => {
    let key: string;
    beforeAll(async () => {
      key = await gateway.appKey(['server:elsewhere']);
    });

    it('is told the scope layer refused and which scopes would cover the call', async () => {
      const { error } = (await callEcho(key).expect(200)).body;
      expect(error).toEqual({
        code: -32003,
        message: "User does not have permission to execute tool 'everything__echo'",
        data: {
          layer: 'scope',
          reason: 'scope-does-not-cover',
          hint: expect.stringContaining('tool:everything__echo, server:everything, *'),
          scopes: ['tool:everything__echo', 'server:everything', '*'],
        },
      });
    });

    it('gets the same explanation in the direct view 403', async () => {
      const denied = await callDirect(key).expect(403);
      expect(denied.body.error.data).toMatchObject({ layer: 'scope', scopes: ['server:everything', '*'] });
    });

    it('hears from search_tools that its scopes cover none of the servers with tools', async () => {
      const { structuredContent } = await search(key);
      expect(structuredContent.results).toEqual([]);
      expect(structuredContent.message).toBe(
        "No tools are available to you: your AppKey's scopes (server:elsewhere) cover none of the servers " +
          'that have tools. Use a key whose scopes name the server you need (server:<id>, category:<name>, ' +
          'tool:<server>__<tool>, or * for every server).',
      );
    });
  });

  describe('once the seeded row is removed', () => {
    let key: string;
    beforeAll(async () => {
      await request(gateway.service.server).delete(`/api/policies/${seeded.id}`).set(admin).expect(204);
      key = await gateway.appKey(['server:everything']);
    });
    afterAll(async () => {
      await request(gateway.service.server)
        .post('/api/policies')
        .set(admin)
        .send({ targetId: '*', requiredGroup: 'McpClient', isAllowed: 1 })
        .expect(201);
    });

    it('is told no policy allows the call to McpClient and which rows would, without the categories', async () => {
      const logged = jest.spyOn(Logger.prototype, 'log');
      const { error } = (await callEcho(key).expect(200)).body;
      expect(error.data).toEqual({
        layer: 'rbac',
        reason: 'no-allow-policy',
        hint: expect.stringContaining(
          'POST /api/policies {"targetId":"server:everything","requiredGroup":"McpClient","isAllowed":1}',
        ),
        allowPolicy: {
          requiredGroups: ['McpClient'],
          targetIds: ['tool:everything__echo', 'server:everything', '*'],
        },
      });
      expect(JSON.stringify(error)).not.toContain('demo');
      // The administrator's line has what the caller is not told: every key, categories included.
      const line = logged.mock.calls.map(([message]) => message).find(isDenialLine);
      expect(line).toMatchObject({
        msg: 'Access denied by the access policies (RBAC): no-allow-policy',
        denial: {
          method: 'tools/call',
          target: 'everything__echo',
          layer: 'rbac',
          reason: 'no-matching-allow',
          effectiveGroups: ['McpClient'],
          targetKeys: expect.arrayContaining(['category:demo', 'group:demo', '*']),
          keyPrefix: expect.stringMatching(/^mcp-srv-everything-/),
        },
      });
      expect(JSON.stringify(line)).not.toContain(key);
      logged.mockRestore();
    });

    it('gets the explanation as problem details from the REST test endpoints', async () => {
      const denied = await request(gateway.service.server)
        .post('/api/test/prompts/get')
        .set('Authorization', `Bearer ${key}`)
        .send({ serverId: 'everything', promptName: 'args-prompt', arguments: { city: 'Lisbon' } })
        .expect(403);
      expect(denied.headers['content-type']).toContain('application/problem+json');
      expect(denied.body).toMatchObject({
        code: 'test.permission-denied',
        denial: { layer: 'rbac', reason: 'no-allow-policy', allowPolicy: { requiredGroups: ['McpClient'] } },
      });
    });

    it('hears from search_tools that no policy allows the tools its scopes reach', async () => {
      const { structuredContent } = await search(key);
      expect(structuredContent.message).toBe(
        "No tools are available to you: your AppKey's scopes reach tools on everything, but no access " +
          'policy allows them to your groups (McpClient). An administrator adds an allow row, for example ' +
          'POST /api/policies {"targetId":"server:everything","requiredGroup":"McpClient","isAllowed":1}, or ' +
          '{"targetId":"*","requiredGroup":"McpClient","isAllowed":1} for everything the key\'s scopes cover.',
      );
    });
  });

  it('says a deny row refused without naming it', async () => {
    const created = await request(gateway.service.server)
      .post('/api/policies')
      .set(admin)
      .send({ targetId: 'category:demo', requiredGroup: 'McpClient', isAllowed: 0 })
      .expect(201);
    try {
      const key = await gateway.appKey(['*']);
      const { error } = (await callEcho(key).expect(200)).body;
      expect(error.data).toEqual({ layer: 'rbac', reason: 'denied-by-policy', hint: expect.any(String) });
      expect(JSON.stringify(error)).not.toMatch(/demo|category:/);
      expect((await search(key)).structuredContent.message).toMatch(
        /^No tools are available to you: access policies deny/,
      );
    } finally {
      await request(gateway.service.server).delete(`/api/policies/${created.body.id}`).set(admin).expect(204);
    }
  });
});

describe('first use: a stdio backend registered through the API', () => {
  it("reads 'idle, starts on first use' in /api/servers and router://status until it is used", async () => {
    const gateway = await startGatewayHarness('servers: []\n', { GATEWAY_SEED_DEFAULT_POLICIES: 'true' });
    try {
      const admin = { Authorization: `Bearer ${gateway.adminKey}` };
      await request(gateway.service.server)
        .post('/api/servers')
        .set(admin)
        .send({ id: 'everything', type: 'stdio', url: EVERYTHING_STDIO_COMMAND })
        .expect(201);
      const status = async () =>
        (await request(gateway.service.server).get('/api/servers/everything').set(admin).expect(200)).body
          .status as { state: string; detail?: string };
      expect(await status()).toMatchObject({ state: 'Disconnected', detail: 'idle, starts on first use' });
      const key = await gateway.appKey(['*']);
      const routerStatus = await request(gateway.service.server)
        .post('/api/test/resources/read')
        .set('Authorization', `Bearer ${key}`)
        .send({ uri: 'router://status' })
        .expect(200);
      expect(JSON.parse(routerStatus.body.content).backends).toContainEqual(
        expect.objectContaining({
          id: 'everything',
          status: 'Disconnected',
          detail: 'idle, starts on first use',
        }),
      );
      await request(gateway.service.server)
        .post('/mcp')
        .set('Authorization', `Bearer ${key}`)
        .set('Accept', 'application/json')
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
        .expect(200);
      const used = await status();
      expect(used.state).toBe('Connected');
      expect(used.detail).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });
});

describe('first use: search_tools without a working backend', () => {
  async function emptySearchMessage(serversYaml: string): Promise<string> {
    const gateway = await startGatewayHarness(serversYaml, { GATEWAY_SEED_DEFAULT_POLICIES: 'true' });
    try {
      const key = await gateway.appKey(['*']);
      const answer = await request(gateway.service.server)
        .post('/sse')
        .set('Authorization', `Bearer ${key}`)
        .set('Accept', 'application/json')
        .send({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_tools', arguments: { query: 'read a file' } },
        })
        .expect(200);
      return answer.body.result.structuredContent.message as string;
    } finally {
      await gateway.close();
    }
  }

  it('says no backend is registered yet', async () => {
    expect(await emptySearchMessage('servers: []\n')).toBe(
      'No tools are available to you: no backend server is registered yet. An administrator adds one ' +
        '(POST /api/servers, or GATEWAY_SERVERS_FILE).',
    );
  });

  it('says no registered backend offers tools when none can be reached', async () => {
    const unreachable =
      'servers:\n  - { id: files, url: "http://127.0.0.1:9/mcp", type: streamable, requestTimeout: 2 }\n';
    expect(await emptySearchMessage(unreachable)).toMatch(
      /^No tools are available to you: no backend server offers tools right now .* GET \/api\/servers/,
    );
  });
});

function isDenialLine(message: unknown): message is { msg: string; denial: Record<string, unknown> } {
  return typeof message === 'object' && message !== null && 'denial' in message;
}
