// Sessions never outlive the decisions that admitted them (issue 15 item 3; docs/decisions/020).
// With the official SDK client over legacy SSE and Streamable HTTP: every message of a direct
// session is decided for its own view with the rules as they are now (a deny row added, an allow
// row deleted, an SSO user's groups changed), and a session whose owner lost access for good (the
// allow row gone, the key revoked, the server disabled) is ended, its open stream closed. List
// changes reach a direct session only when its owner may see something of the changed list.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Client,
  type ClientOptions,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { eventually, EVERYTHING_STDIO_COMMAND } from '../../testing/reference-servers';
import { identityKeyOf } from '../../access/identity';
import { startTestProvider, type TestProvider } from '../../access/oidc/testing/oidc-test-provider';
import type { ClientSession } from './client-session';
import { SessionRegistry } from './session.registry';

type Kind = 'sse' | 'streamable';
const KINDS: Kind[] = ['sse', 'streamable'];
const PROXY_SECRET = 'session-reauthorization-secret-0123';
const RESOURCE = 'https://gateway.example';

describe('sessions are authorized again with the current rules', () => {
  let gateway: GatewayHarness;
  let provider: TestProvider;
  const clients: Client[] = [];
  const admin = () => ({ Authorization: `Bearer ${gateway.adminKey}` });

  /** An SDK client whose request headers can be changed between requests (an SSO user's groups). */
  async function connect(
    path: string,
    headers: Record<string, string>,
    kind: Kind,
    options?: ClientOptions,
  ): Promise<Client> {
    const url = new URL(path, gateway.base);
    const requestInit = { headers };
    const transport =
      kind === 'sse'
        ? new SSEClientTransport(url, { requestInit })
        : new StreamableHTTPClientTransport(url, { requestInit });
    const client = new Client({ name: 'reauthorization-e2e', version: '1.0.0' }, options);
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function policy(targetId: string, requiredGroup: string, isAllowed: 0 | 1): Promise<string> {
    const created = await request(gateway.service.server)
      .post('/api/policies')
      .set(admin())
      .send({ targetId, requiredGroup, isAllowed })
      .expect(201);
    return created.body.id as string;
  }

  async function removePolicy(id: string): Promise<void> {
    await request(gateway.service.server).delete(`/api/policies/${id}`).set(admin()).expect(204);
  }

  async function appKey(scopes: string[]): Promise<{ id: string; headers: Record<string, string> }> {
    const created = await request(gateway.service.server)
      .post('/api/appkeys')
      .set(admin())
      .send({ name: `key ${scopes.join(' ')}`, scopes })
      .expect(201);
    return {
      id: created.body.id as string,
      headers: { Authorization: `Bearer ${created.body.plaintextKey}` },
    };
  }

  function sessionsOf(owner: string, view?: string): ClientSession[] {
    return gateway.service.app
      .get(SessionRegistry)
      .all()
      .filter(
        (session) =>
          session.ownerKey === owner &&
          (view === undefined ||
            (session.mode.kind === 'direct' ? session.mode.serverId : session.mode.kind) === view),
      );
  }

  /** Waits until the gateway holds no session of `owner` (on `view`): the session was ended, its stream closed. */
  async function ended(owner: string, view?: string): Promise<void> {
    await eventually(`the sessions of ${owner} to end`, async () =>
      sessionsOf(owner, view).length === 0 ? true : undefined,
    );
  }

  const echo = (client: Client, message = 'hi') => client.callTool({ name: 'echo', arguments: { message } });

  beforeAll(async () => {
    provider = await startTestProvider({ clients: [] });
    gateway = await startGatewayHarness(
      `servers:\n  - { id: ev, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio, category: demo }\n`,
      {
        GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
        GATEWAY_OIDC_ISSUERS: provider.issuer,
        GATEWAY_PUBLIC_URL: RESOURCE,
        GATEWAY_OIDC_CLOCK_TOLERANCE_SECONDS: '0',
        LOG_LEVEL: 'error',
      },
    );
  }, 60_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    const existing = await request(gateway.service.server).get('/api/policies').set(admin()).expect(200);
    for (const row of existing.body as Array<{ id: string }>) await removePolicy(row.id);
  });

  afterAll(async () => {
    await gateway.close();
    await provider.stop();
  });

  it.each(KINDS)(
    'over %s, a deny row added mid-session stops that tool in a direct session',
    async (kind) => {
      await policy('server:ev', 'McpClient', 1);
      const key = await appKey(['server:ev']);
      const client = await connect('/ev', key.headers, kind);
      await expect(echo(client)).resolves.toMatchObject({ content: [{ type: 'text', text: 'Echo: hi' }] });
      await policy('tool:ev__echo', 'McpClient', 0);
      await expect(echo(client)).rejects.toMatchObject({
        code: -32003,
        message: expect.stringContaining("User does not have permission to execute tool 'echo'"),
      });
      // Other items stay usable, and so does the session.
      await expect(client.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } })).resolves.toMatchObject({
        content: [{ type: 'text', text: expect.stringContaining('3') }],
      });
      expect(sessionsOf(`app-key:${key.id}`, 'ev')).toHaveLength(1);
    },
  );

  it.each(KINDS)('over %s, a direct session whose allow row is deleted is ended', async (kind) => {
    const allow = await policy('server:ev', 'McpClient', 1);
    const key = await appKey(['server:ev']);
    const client = await connect('/ev', key.headers, kind);
    await expect(echo(client)).resolves.toBeDefined();
    expect(sessionsOf(`app-key:${key.id}`, 'ev')).toHaveLength(1);
    await removePolicy(allow);
    // Ended without a request of its own: its stream closes, and so does the session.
    await ended(`app-key:${key.id}`, 'ev');
    await expect(echo(client)).rejects.toThrow(
      /User does not have permission to access server 'ev'|Session not found/,
    );
  });

  it.each(KINDS)('over %s, every session of a key ends when the key is revoked', async (kind) => {
    await policy('server:ev', 'McpClient', 1);
    const key = await appKey(['server:ev']);
    const direct = await connect('/ev', key.headers, kind);
    const aggregated = await connect(kind === 'sse' ? '/sse?meta=false' : '/mcp', key.headers, kind);
    const meta = await connect('/sse', key.headers, kind);
    await expect(echo(direct)).resolves.toBeDefined();
    await expect(aggregated.listTools()).resolves.toBeDefined();
    await expect(meta.listTools()).resolves.toBeDefined();
    expect(sessionsOf(`app-key:${key.id}`)).toHaveLength(3);
    await request(gateway.service.server).delete(`/api/appkeys/${key.id}`).set(admin()).expect(204);
    await ended(`app-key:${key.id}`);
    await expect(echo(direct)).rejects.toThrow(/Invalid App Key/);
  });

  it.each(KINDS)('over %s, a session ends when its key expires', async (kind) => {
    await policy('server:ev', 'McpClient', 1);
    const key = await appKey(['server:ev']);
    const client = await connect('/ev', key.headers, kind);
    await expect(echo(client)).resolves.toBeDefined();
    await gateway.service.app
      .get(DataSource)
      .query(`UPDATE mcp_gateway.app_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        key.id,
      ]);
    // Within the key cache's few seconds, as for a request (docs/decisions/006).
    await ended(`app-key:${key.id}`);
  });

  it.each(KINDS)('over %s, a session ends when its OAuth access token expires', async (kind) => {
    await policy('server:ev', 'agents', 1);
    const now = Math.floor(Date.now() / 1000);
    const token = await provider.signWithProviderKey({
      iss: provider.issuer,
      aud: RESOURCE,
      sub: `erin-${kind}`,
      groups: ['agents'],
      iat: now,
      exp: now + 5,
    });
    const client = await connect('/ev', { Authorization: `Bearer ${token}` }, kind);
    await expect(echo(client)).resolves.toBeDefined();
    const owner = identityKeyOf({ source: `oidc:${provider.issuer}#sub`, name: `erin-${kind}` });
    expect(sessionsOf(owner, 'ev')).toHaveLength(1);
    await ended(owner, 'ev');
    await expect(echo(client)).rejects.toThrow(/expired/);
  });

  it.each(KINDS)('over %s, a direct session ends when its server is disabled', async (kind) => {
    await request(gateway.service.server)
      .post('/api/servers')
      .set(admin())
      .send({ id: `ev-${kind}`, type: 'stdio', url: EVERYTHING_STDIO_COMMAND })
      .expect(201);
    await policy(`server:ev-${kind}`, 'McpClient', 1);
    const key = await appKey([`server:ev-${kind}`]);
    const client = await connect(`/ev-${kind}`, key.headers, kind);
    await expect(echo(client)).resolves.toBeDefined();
    await request(gateway.service.server).post(`/api/servers/ev-${kind}/disable`).set(admin()).expect(200);
    await ended(`app-key:${key.id}`, `ev-${kind}`);
    await expect(echo(client)).rejects.toThrow(/No enabled server with id 'ev-|Session not found/);
  });

  it.each(KINDS)(
    'over %s, an SSO user whose groups no longer allow the server is refused, then ended',
    async (kind) => {
      await policy('server:ev', 'ops', 1);
      const headers = {
        'X-Proxy-Auth': PROXY_SECRET,
        'Remote-User': `carol-${kind}`,
        'Remote-Groups': 'ops',
      };
      const client = await connect('/ev', headers, kind);
      await expect(echo(client)).resolves.toBeDefined();
      // The identity provider took Carol out of `ops`: the proxy now sends other groups.
      headers['Remote-Groups'] = 'guests';
      await expect(echo(client)).rejects.toThrow(/User does not have permission to access server 'ev'/);
      await ended(identityKeyOf({ source: 'sso', name: `carol-${kind}` }), 'ev');
    },
  );

  it('tells a direct session about a list change only when its owner may see something of that list', async () => {
    await policy('server:ev', 'McpClient', 1);
    await policy('server:ev', 'blind', 1);
    // The `blind` group sees none of the backend's resources or templates, before or after the change.
    const resources = [
      ...[
        'architecture',
        'extension',
        'features',
        'how-it-works',
        'instructions',
        'startup',
        'structure',
      ].map((name) => `demo://resource/static/document/${name}.md`),
      'demo://resource/session/hello.txt.gz',
    ];
    for (const uri of resources) await policy(`resource:mcp://ev/${uri}`, 'blind', 0);
    for (const template of ['text', 'blob'])
      await policy(`template:mcp://ev/demo://resource/dynamic/${template}/{resourceId}`, 'blind', 0);
    const watch = async (headers: Record<string, string>) => {
      let told = 0;
      const client = await connect('/ev', headers, 'sse');
      client.setNotificationHandler('notifications/resources/list_changed', () => {
        told += 1;
      });
      return { client, told: () => told };
    };
    const seeing = await watch((await appKey(['server:ev'])).headers);
    const blind = await watch({
      'X-Proxy-Auth': PROXY_SECRET,
      'Remote-User': 'dave',
      'Remote-Groups': 'blind',
    });
    expect((await blind.client.listResources()).resources).toEqual([]);
    await seeing.client.callTool({
      name: 'gzip-file-as-resource',
      arguments: { name: 'hello.txt.gz', data: 'data:text/plain;base64,aGVsbG8gd29ybGQ=' },
    });
    await eventually('the seeing session to be told', async () => (seeing.told() > 0 ? true : undefined));
    // The blind session's own round trip after the change proves its stream was live all along.
    await blind.client.listTools();
    expect(blind.told()).toBe(0);
  });
});
