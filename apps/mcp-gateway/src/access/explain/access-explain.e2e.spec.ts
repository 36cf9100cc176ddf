// `POST /api/access/explain` end to end: a real gateway in front of server-everything. The answer
// must be the decision a real request gets (checked by making that request), layer by layer; only
// administrators may ask; and every malformed question is refused with problem details.
import { type EverythingServer, startEverythingServer } from '@platform/testing-mcp-faults';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';

const PROXY_SECRET = 'explain-proxy-secret-0123456789';
const ADMIN_SID = 'S-1-5-32-544';

interface Layer {
  layer: string;
  verdict: string;
  matchedScope?: string;
  effectiveGroups?: string[];
  targetKeys?: string[];
  policy?: { targetId: string; requiredGroup: string; isAllowed: number };
}
interface Explanation {
  allowed: boolean;
  message?: string;
  callerExplanation?: { layer: string; reason: string };
  request: { method: string; target: string; serverId: string };
  layers: Layer[];
}

describe('POST /api/access/explain', () => {
  let everything: EverythingServer;
  let gateway: GatewayHarness;
  const admin = () => ({ Authorization: `Bearer ${gateway.adminKey}` });
  const sso = (user: string, sids = '') => ({
    'X-Proxy-Auth': PROXY_SECRET,
    'Remote-User': user,
    ...(sids === '' ? {} : { GroupSid: sids }),
  });
  const explain = (body: unknown, headers: Record<string, string> = admin()) =>
    request(gateway.service.server)
      .post('/api/access/explain')
      .set(headers)
      .send(body as object);
  const verdicts = (layers: Layer[]) =>
    Object.fromEntries(layers.map((layer) => [layer.layer, layer.verdict]));

  async function keyNamed(scopes: string[]): Promise<{ id: string; secret: string }> {
    const created = await request(gateway.service.server)
      .post('/api/appkeys')
      .set(admin())
      .send({ name: `explain ${scopes.join(' ')}`, scopes })
      .expect(201);
    return { id: created.body.id as string, secret: created.body.plaintextKey as string };
  }

  beforeAll(async () => {
    everything = await startEverythingServer('streamableHttp');
    gateway = await startGatewayHarness(
      `servers:
  - { id: everything, url: "${everything.endpoint}", type: streamable, category: demo }
`,
      { GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET, GATEWAY_SSO_HEADERS: 'Remote-User,Remote-Groups,GroupSid' },
    );
    await gateway.allow('server:everything');
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await everything?.stop();
  });

  describe('agrees with the real request', () => {
    it('a key whose scope and policy let it call the tool: allowed, with the scope and the row that did', async () => {
      const key = await keyNamed(['server:everything']);
      const answer = await explain({
        principal: { keyId: key.id },
        target: { serverId: 'everything', kind: 'tool', name: 'echo' },
      }).expect(200);
      const body = answer.body as Explanation;
      expect(body.request).toEqual({
        method: 'tools/call',
        target: 'everything__echo',
        serverId: 'everything',
      });
      expect(body.allowed).toBe(true);
      expect(verdicts(body.layers)).toEqual({
        authentication: 'pass',
        request: 'pass',
        scope: 'pass',
        groups: 'pass',
        'admin-bypass': 'skip',
        rbac: 'allow',
      });
      expect(body.layers.find((layer) => layer.layer === 'scope')?.matchedScope).toBe('server:everything');
      expect(body.layers.find((layer) => layer.layer === 'rbac')?.policy).toEqual({
        targetId: 'server:everything',
        requiredGroup: 'McpClient',
        isAllowed: 1,
        identitySource: null,
      });
      const real = await gateway.postJson('/mcp', key.secret, {
        id: 1,
        method: 'tools/call',
        params: { name: 'everything__echo', arguments: { message: 'hi' } },
      });
      expect(JSON.stringify(real.body)).toContain('Echo: hi');
    });

    it('a key outside its scopes: denied at the scope layer, as the real call is, with its message', async () => {
      const key = await keyNamed(['tool:everything__echo']);
      const answer = await explain({
        principal: { keyId: key.id },
        target: { serverId: 'everything', kind: 'tool', name: 'get-sum' },
      }).expect(200);
      const body = answer.body as Explanation;
      expect(body.allowed).toBe(false);
      expect(verdicts(body.layers)).toMatchObject({ scope: 'deny', rbac: 'not-reached' });
      const real = (await gateway.postJson('/mcp', key.secret, {
        id: 2,
        method: 'tools/call',
        params: { name: 'everything__get-sum', arguments: { a: 1, b: 2 } },
      })) as { body: { error: { message: string; data: { layer: string; reason: string } } } };
      expect(real.body.error.message).toBe(body.message);
      expect(real.body.error.data).toMatchObject(body.callerExplanation ?? {});
    });

    it('a person: groups through a mapping, then an allow row; a deny row wins; the admin SID bypasses', async () => {
      const mapping = await request(gateway.service.server)
        .post('/api/group-mappings')
        .set(admin())
        .send({ externalId: 'Dev-Team', internalGroup: 'developers' })
        .expect(201);
      const allowRow = await request(gateway.service.server)
        .post('/api/policies')
        .set(admin())
        .send({ targetId: 'category:demo', requiredGroup: 'developers', isAllowed: 1 })
        .expect(201);
      const alice = { user: 'alice', identitySource: 'sso', groups: ['Dev-Team'] };
      const target = { serverId: 'everything', kind: 'prompt', name: 'simple-prompt' };
      const allowed = (await explain({ principal: alice, target }).expect(200)).body as Explanation;
      expect(allowed.allowed).toBe(true);
      const groups = allowed.layers.find((layer) => layer.layer === 'groups');
      expect(groups?.effectiveGroups).toEqual(['Dev-Team', 'developers']);
      expect(allowed.layers.find((layer) => layer.layer === 'rbac')?.targetKeys).toContain('category:demo');

      const denyRow = await request(gateway.service.server)
        .post('/api/policies')
        .set(admin())
        .send({ targetId: 'prompt:everything__simple-prompt', requiredGroup: 'Dev-Team', isAllowed: 0 })
        .expect(201);
      const denied = (await explain({ principal: alice, target }).expect(200)).body as Explanation;
      expect(denied.allowed).toBe(false);
      expect(denied.layers.find((layer) => layer.layer === 'rbac')).toMatchObject({
        verdict: 'deny',
        policy: { targetId: 'prompt:everything__simple-prompt', requiredGroup: 'Dev-Team', isAllowed: 0 },
      });
      expect(denied.callerExplanation).toMatchObject({ layer: 'rbac', reason: 'denied-by-policy' });

      const administrator = (
        await explain({ principal: { ...alice, sids: [ADMIN_SID] }, target }).expect(200)
      ).body as Explanation;
      expect(verdicts(administrator.layers)).toMatchObject({ 'admin-bypass': 'allow', rbac: 'skip' });
      for (const [path, id] of [
        ['/api/policies', denyRow.body.id],
        ['/api/policies', allowRow.body.id],
        ['/api/group-mappings', mapping.body.id],
      ])
        await request(gateway.service.server).delete(`${path}/${id}`).set(admin()).expect(204);
    });

    it('the server itself: the direct-proxy check', async () => {
      const key = await keyNamed(['server:everything']);
      const body = (
        await explain({ principal: { keyId: key.id }, target: { serverId: 'everything' } }).expect(200)
      ).body as Explanation;
      expect(body.request).toEqual({
        method: 'gateway/direct_proxy',
        target: 'everything',
        serverId: 'everything',
      });
      expect(body.allowed).toBe(true);
    });

    it('an expired key is refused before the pipeline, as authentication refuses it', async () => {
      const key = await keyNamed(['server:everything']);
      await gateway.service.app
        .get(DataSource)
        .query(`UPDATE mcp_gateway.app_keys SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
          key.id,
        ]);
      const body = (
        await explain({ principal: { keyId: key.id }, target: { serverId: 'everything' } }).expect(200)
      ).body as Explanation;
      expect(body.allowed).toBe(false);
      expect(verdicts(body.layers)).toMatchObject({ authentication: 'deny', request: 'not-reached' });
    });
  });

  describe('only for administrators', () => {
    it('401 without a credential, 403 for an AppKey and for a person who is not an administrator', async () => {
      const body = { principal: { user: 'alice' }, target: { serverId: 'everything' } };
      await explain(body, {}).expect(401);
      const key = await keyNamed(['*']);
      await explain(body, { Authorization: `Bearer ${key.secret}` }).expect(403);
      await explain(body, sso('bob')).expect(403);
      // A person the proxy says is an administrator may; a person's source defaults to their own.
      const answer = await explain(body, sso('carol', ADMIN_SID)).expect(200);
      expect(answer.body.principal).toMatchObject({ username: 'alice', identitySource: 'sso' });
    });
  });

  describe('refuses malformed questions with problem details', () => {
    const target = { serverId: 'everything' };
    it.each([
      ['no body', {}, /principal/],
      ['a principal that is not an object', { principal: 'alice', target }, /principal/],
      ['an unknown field', { principal: { user: 'a', admin: true }, target }, /admin should not exist/],
      ['a key id that is no UUID', { principal: { keyId: "1' OR '1'='1" }, target }, /keyId must be a UUID/],
      [
        'a key and a person at once',
        { principal: { keyId: '00000000-0000-4000-8000-000000000000', user: 'a' }, target },
        /keyId alone/,
      ],
      ['neither a key nor a user', { principal: { groups: ['x'] }, target }, /at least user/],
      [
        'a control character in a user name',
        { principal: { user: 'al\u0000ice' }, target },
        /control characters/,
      ],
      [
        'a group list too long',
        { principal: { user: 'a', groups: Array.from({ length: 101 }, (_, i) => `g${i}`) }, target },
        /groups must contain no more than 100/,
      ],
      [
        'groups that are not strings',
        { principal: { user: 'a', groups: [{ toString: 'x' }] }, target },
        /groups/,
      ],
      [
        'a SID that does not parse',
        { principal: { user: 'a', sids: ['S-1-evil'] }, target },
        /not a SID: S-1-evil/,
      ],
      [
        'an identity source nobody signs in from',
        { principal: { user: 'a', identitySource: 'oidc:https://evil#sub' }, target },
        /identitySource must be one of: sso/,
      ],
      [
        'a kind without a name',
        { principal: { user: 'a' }, target: { serverId: 'everything', kind: 'tool' } },
        /kind and name together/,
      ],
      [
        'an unknown kind',
        { principal: { user: 'a' }, target: { serverId: 'everything', kind: 'task', name: 'x' } },
        /kind must be one of/,
      ],
      [
        'a huge name',
        {
          principal: { user: 'a' },
          target: { serverId: 'everything', kind: 'tool', name: 'x'.repeat(5000) },
        },
        /name must be shorter/,
      ],
    ])('%s: 400', async (_case, body, detail) => {
      const answer = await explain(body).expect(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(answer.body)).toMatch(detail);
    });

    it('404 for a server, a key, a revoked key or the administrator key it cannot find', async () => {
      const principal = { user: 'a' };
      const unknownServer = await explain({ principal, target: { serverId: 'nope' } }).expect(404);
      expect(unknownServer.body.detail).toBe("No server with id 'nope'.");
      await explain({ principal: { keyId: '00000000-0000-4000-8000-000000000000' }, target }).expect(404);
      const key = await keyNamed(['server:everything']);
      await request(gateway.service.server).delete(`/api/appkeys/${key.id}`).set(admin()).expect(204);
      await explain({ principal: { keyId: key.id }, target }).expect(404);
      const [adminKey] = (await gateway.service.app
        .get(DataSource)
        .query(`SELECT id FROM mcp_gateway.app_keys WHERE kind = 'admin'`)) as { id: string }[];
      await explain({ principal: { keyId: adminKey?.id }, target }).expect(404);
    });
  });
});
