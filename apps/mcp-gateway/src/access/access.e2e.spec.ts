// The identity and access API end to end: the gateway booted as in production against a fresh
// database, driven over HTTP.
import request from 'supertest';
import { startServiceOn, startTestService, type TestService } from '@platform/testing-service';
import { DataSource } from 'typeorm';
import { gatewayForTests } from '../gateway.test-definition';

const PROXY_SECRET = 'proxy-secret-0123456789abcdef';
const ADMIN_SID = 'S-1-5-32-544';

async function startGateway(environment: Record<string, string> = {}) {
  const { definition, secrets } = gatewayForTests();
  const service = await startTestService(definition, {
    GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
    GATEWAY_PUBLIC_URL: 'https://gateway.example',
    LOG_LEVEL: 'error',
    ...environment,
  });
  return { service, adminKey: secrets.adminKey(), printed: secrets.printed };
}

/** Headers of a user signed in through the trusted reverse proxy. */
function sso(user: string, sids: string[] = []): Record<string, string> {
  return {
    'X-Proxy-Auth': PROXY_SECRET,
    'Remote-User': user,
    ...(sids.length > 0 ? { 'Remote-User-Sid': sids[0] ?? '' } : {}),
  };
}

describe('gateway identity and access', () => {
  let service: TestService;
  let adminKey: string;
  let printed: string[];
  const admin = (): Record<string, string> => ({ Authorization: `Bearer ${adminKey}` });

  beforeAll(async () => {
    ({ service, adminKey, printed } = await startGateway());
  });

  afterAll(async () => {
    await service.close();
  });

  describe('first start', () => {
    it('prints one administrator key, which works for the administration API', async () => {
      expect(printed.join('').match(/mcp-adm-/g)).toHaveLength(1);
      await request(service.server).get('/api/policies').set(admin()).expect(200);
    });

    it('stores only the digest of the administrator key', async () => {
      const rows = (await service.app
        .get(DataSource)
        .query(`SELECT key_prefix, encrypted_key FROM mcp_gateway.app_keys WHERE kind = 'admin'`)) as {
        key_prefix: string;
        encrypted_key: string;
      }[];
      expect(rows).toHaveLength(1);
      expect(adminKey.startsWith(rows[0]?.key_prefix ?? '?')).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(adminKey.slice(-64));
    });
  });

  describe('without a credential', () => {
    it('answers 401 with a Bearer challenge pointing at the protected-resource metadata', async () => {
      const response = await request(service.server).get('/api/appkeys').expect(401);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer realm="mcp", resource_metadata="https://gateway.example/.well-known/oauth-protected-resource"',
      );
      expect(response.headers['content-type']).toContain('application/problem+json');
    });

    it('serves RFC 9728 metadata', async () => {
      const response = await request(service.server).get('/.well-known/oauth-protected-resource').expect(200);
      expect(response.body).toMatchObject({
        resource: 'https://gateway.example',
        bearer_methods_supported: ['header'],
      });
    });

    it('does not believe identity headers without the proxy proof', async () => {
      await request(service.server)
        .get('/api/appkeys')
        .set({ 'Remote-User': 'mallory', 'Remote-User-Sid': ADMIN_SID })
        .expect(401);
      await request(service.server)
        .get('/api/appkeys')
        .set({
          'X-Proxy-Auth': 'wrong-secret-wrong-secret',
          'Remote-User': 'mallory',
          'Remote-User-Sid': ADMIN_SID,
        })
        .expect(401);
    });
  });

  describe('AppKeys', () => {
    let created: { id: string; plaintextKey: string; keyPrefix: string };

    beforeAll(async () => {
      const response = await request(service.server)
        .post('/api/appkeys')
        .set(admin())
        .send({
          name: 'CI pipeline',
          scopes: [' Server:Files ', 'tool:github__create_issue'],
          expiresInDays: 30,
        })
        .expect(201);
      created = response.body;
    });

    it('returns the plaintext key once with the record, never the digest', async () => {
      const list = await request(service.server).get('/api/appkeys').set(admin()).expect(200);
      const entry = (list.body as { id: string }[]).find((key) => key.id === created.id);
      expect(entry).toMatchObject({
        name: 'CI pipeline',
        // Made by the administrator key for nobody: that key's, never a person's (decision 019).
        username: adminKey.split('-').slice(0, 3).join('-'),
        identitySource: 'admin-key',
        keyPrefix: created.keyPrefix,
        scopes: ['server:files', 'tool:github__create_issue'],
      });
      expect(JSON.stringify(list.body)).not.toMatch(/plaintextKey|encryptedKey|digest/);
      expect(JSON.stringify(list.body)).not.toContain(created.plaintextKey.slice(-64));
      expect(created.plaintextKey.startsWith(`${created.keyPrefix}-`)).toBe(true);
      expect(created.keyPrefix).toMatch(/^mcp-srv-files-[0-9a-f]{32}$/);
    });

    it('authenticates from every credential location, as an McpClient with its scopes', async () => {
      const key = created.plaintextKey;
      for (const send of [
        (r: request.Test) => r.set('Authorization', `Bearer ${key}`),
        (r: request.Test) => r.set('X-App-Key', key),
        (r: request.Test) => r.set('X-Api-Key', key),
        (r: request.Test) => r.query({ app_key: key }),
        (r: request.Test) => r.query({ api_key: key }),
        (r: request.Test) => r.query({ key }),
      ]) {
        const response = await send(request(service.server).get('/api/me')).expect(200);
        expect(response.body).toMatchObject({
          authenticatedBy: 'app-key',
          isAdministrator: false,
          roles: ['McpClient'],
          appKey: { keyPrefix: created.keyPrefix, scopes: ['server:files', 'tool:github__create_issue'] },
        });
      }
    });

    it('keeps machine tokens out of the administration API whatever their scopes', async () => {
      const global = await request(service.server)
        .post('/api/appkeys')
        .set(admin())
        .send({ name: 'everything', scopes: ['*'] })
        .expect(201);
      for (const path of ['/api/appkeys', '/api/clients', '/api/policies', '/api/settings', '/api/audit']) {
        const response = await request(service.server)
          .get(path)
          .set('Authorization', `Bearer ${global.body.plaintextKey}`)
          .expect(403);
        expect(response.body.detail).toBe('AppKey callers cannot use the administration API.');
      }
    });

    it('answers bad keys with the spec messages', async () => {
      const cases: [string, string][] = [
        ['mcp-glb-nothexatall', 'Invalid App Key prefix.'],
        [
          `${created.plaintextKey.slice(0, -1)}${created.plaintextKey.endsWith('a') ? 'b' : 'a'}`,
          'Invalid App Key.',
        ],
      ];
      for (const [key, message] of cases) {
        const response = await request(service.server).get('/api/me').set('X-App-Key', key).expect(401);
        expect(response.body.detail).toBe(message);
        expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
      }
    });

    it('rejects an expired key with "App Key has expired."', async () => {
      const response = await request(service.server)
        .post('/api/appkeys')
        .set(admin())
        .send({ name: 'short-lived', scopes: ['server:files'], expiresInDays: 1 })
        .expect(201);
      await service.app
        .get(DataSource)
        .query(`UPDATE mcp_gateway.app_keys SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
          response.body.id,
        ]);
      // A fresh gateway process has no cached row; this one may have one for a few seconds.
      await request(service.server)
        .get('/api/me')
        .set('X-App-Key', response.body.plaintextKey)
        .expect((res) => {
          expect([200, 401]).toContain(res.status);
        });
      const { service: fresh } = await startGatewayOn(service);
      try {
        const expired = await request(fresh.server)
          .get('/api/me')
          .set('X-App-Key', response.body.plaintextKey);
        expect(expired.status).toBe(401);
        expect(expired.body.detail).toBe('App Key has expired.');
      } finally {
        await fresh.app.close();
      }
    });

    it('revokes at once: the key never authenticates again, and revoking twice is 404', async () => {
      const response = await request(service.server)
        .post('/api/clients')
        .set(admin())
        .send({ name: 'build agent', scopes: ['server:files'] })
        .expect(201);
      const key = response.body.plaintextKey as string;
      await request(service.server).get('/api/me').set('X-App-Key', key).expect(200);
      await request(service.server).delete(`/api/clients/${response.body.id}`).set(admin()).expect(204);
      const denied = await request(service.server).get('/api/me').set('X-App-Key', key).expect(401);
      expect(denied.body.detail).toBe('Invalid App Key.');
      await request(service.server).delete(`/api/clients/${response.body.id}`).set(admin()).expect(404);
      // A client is not an AppKey: the other endpoint does not see it.
      await request(service.server).delete(`/api/appkeys/${response.body.id}`).set(admin()).expect(404);
    });

    it('rotates: a new secret works, the old one is dead', async () => {
      const original = await request(service.server)
        .post('/api/appkeys')
        .set(admin())
        .send({ name: 'rotating', scopes: ['server:files'] })
        .expect(201);
      const rotated = await request(service.server)
        .post(`/api/appkeys/${original.body.id}/rotate`)
        .set(admin())
        .expect(201);
      expect(rotated.body).toMatchObject({ name: 'rotating', scopes: ['server:files'] });
      expect(rotated.body.plaintextKey).not.toBe(original.body.plaintextKey);
      await request(service.server).get('/api/me').set('X-App-Key', rotated.body.plaintextKey).expect(200);
      await request(service.server).get('/api/me').set('X-App-Key', original.body.plaintextKey).expect(401);
    });

    it('validates the create request and names each problem', async () => {
      const cases: [object, RegExp][] = [
        [{ scopes: ['*'] }, /name/],
        [{ name: 'x' }, /scopes/],
        [{ name: 'x', scopes: [] }, /scopes should not be empty/],
        [{ name: 'x', scopes: ['server:'] }, /server:/],
        [{ name: 'x', scopes: ['*'], expiresInDays: 0 }, /expiresInDays/],
        [{ name: 'x', scopes: ['*'], expiresInDays: 1.5 }, /expiresInDays/],
        [{ name: 'x', scopes: ['*'], colour: 'red' }, /colour should not exist/],
      ];
      for (const [body, problem] of cases) {
        const response = await request(service.server)
          .post('/api/appkeys')
          .set(admin())
          .send(body)
          .expect(400);
        expect(JSON.stringify(response.body)).toMatch(problem);
      }
    });
  });

  describe('signed-in users (SSO) managing their own keys', () => {
    it('may create keys for themselves, with their SID as owner, and see only their own', async () => {
      const mine = await request(service.server)
        .post('/api/appkeys')
        .set(sso('bob', ['S-1-5-21-1-2-3-1001']))
        .send({ name: 'bob laptop', scopes: ['server:files'] })
        .expect(201);
      expect(mine.body.username).toBe('bob');
      const [row] = (await service.app
        .get(DataSource)
        .query('SELECT owner_sid FROM mcp_gateway.app_keys WHERE id = $1', [mine.body.id])) as {
        owner_sid: string;
      }[];
      expect(row?.owner_sid).toBe('S-1-5-21-1-2-3-1001');
      const list = await request(service.server).get('/api/appkeys').set(sso('bob')).expect(200);
      expect((list.body as { username: string }[]).every((key) => key.username === 'bob')).toBe(true);
      // Someone else's key looks like a missing one.
      const others = await request(service.server).get('/api/appkeys').set(admin()).expect(200);
      const foreign = (others.body as { id: string; username: string }[]).find(
        (key) => key.username !== 'bob',
      );
      await request(service.server).delete(`/api/appkeys/${foreign?.id}`).set(sso('bob')).expect(404);
    });

    it('may not create keys for someone else, nor name unregistered categories', async () => {
      await request(service.server)
        .post('/api/appkeys')
        .set(sso('bob'))
        .send({ name: 'x', username: 'carol', scopes: ['server:files'] })
        .expect(403);
      const response = await request(service.server)
        .post('/api/appkeys')
        .set(sso('bob'))
        .send({ name: 'x', scopes: ['category:media'] })
        .expect(400);
      expect(response.body.detail).toBe("Category 'media' does not exist among registered servers.");
    });

    it('may not use the administration endpoints unless they hold the administrator SID', async () => {
      await request(service.server).get('/api/policies').set(sso('bob')).expect(403);
      await request(service.server)
        .get('/api/policies')
        .set(sso('root', [ADMIN_SID]))
        .expect(200);
    });

    it('is stopped by quotas, which do not bind administrators', async () => {
      await request(service.server).patch('/api/settings').set(admin()).send({ userMaxKeys: 1 }).expect(200);
      try {
        await request(service.server)
          .post('/api/appkeys')
          .set(sso('dave'))
          .send({ name: 'one', scopes: ['server:files'] })
          .expect(201);
        const over = await request(service.server)
          .post('/api/appkeys')
          .set(sso('dave'))
          .send({ name: 'two', scopes: ['server:files'] })
          .expect(400);
        expect(over.body.code).toBe('appkey.quota-exceeded');
        const limits = await request(service.server).get('/api/appkeys/limits').set(sso('dave')).expect(200);
        expect(limits.body).toMatchObject({ userMaxKeys: 1, userCount: 1 });
        await request(service.server)
          .post('/api/appkeys')
          .set(admin())
          .send({ name: 'for dave', username: 'dave', scopes: ['category:future'] })
          .expect(201)
          .expect((res) => expect(res.body.username).toBe('dave'));
      } finally {
        await request(service.server)
          .patch('/api/settings')
          .set(admin())
          .send({ userMaxKeys: 0 })
          .expect(200);
      }
    });
  });

  describe('administration API', () => {
    it('manages policies and refuses duplicates', async () => {
      const created = await request(service.server)
        .post('/api/policies')
        .set(admin())
        .send({ targetId: 'server:files', requiredGroup: 'developers', isAllowed: 1 })
        .expect(201);
      await request(service.server)
        .post('/api/policies')
        .set(admin())
        .send({ targetId: 'SERVER:files', requiredGroup: 'Developers', isAllowed: 0 })
        .expect(409);
      await request(service.server)
        .put(`/api/policies/${created.body.id}`)
        .set(admin())
        .send({ targetId: 'server:files', requiredGroup: 'developers', isAllowed: 0 })
        .expect(200)
        .expect((res) => expect(res.body.isAllowed).toBe(0));
      await request(service.server)
        .post('/api/policies')
        .set(admin())
        .send({ targetId: 'x', requiredGroup: 'y', isAllowed: 2 })
        .expect(400);
      await request(service.server).delete(`/api/policies/${created.body.id}`).set(admin()).expect(204);
      await request(service.server).delete(`/api/policies/${created.body.id}`).set(admin()).expect(404);
    });

    it('manages group mappings, which show up in /api/me', async () => {
      const mapping = await request(service.server)
        .post('/api/group-mappings')
        .set(admin())
        .send({ externalId: 'S-1-5-21-9-9-9-512', internalGroup: 'developers' })
        .expect(201);
      const me = await request(service.server)
        .get('/api/me')
        .set(sso('erin', ['S-1-5-21-9-9-9-512']))
        .expect(200);
      expect(me.body.effectiveGroups).toContain('developers');
      await request(service.server).delete(`/api/group-mappings/${mapping.body.id}`).set(admin()).expect(204);
    });

    it('records key events and authentication failures in the audit log, without secrets', async () => {
      await request(service.server).get('/api/me').set('X-App-Key', 'mcp-usr-garbage').expect(401);
      const failures = await request(service.server)
        .get('/api/audit')
        .query({ kind: 'authentication.failed', limit: 50 })
        .set(admin())
        .expect(200);
      expect(failures.body.total).toBeGreaterThan(0);
      expect(failures.body.events[0]).toMatchObject({ eventKind: 'authentication.failed', statusCode: 401 });
      const created = await request(service.server)
        .get('/api/audit')
        .query({ kind: 'appkey.created' })
        .set(admin())
        .expect(200);
      expect(created.body.events.length).toBeGreaterThan(0);
      const everything = await request(service.server)
        .get('/api/audit')
        .query({ limit: 1000 })
        .set(admin())
        .expect(200);
      expect(JSON.stringify(everything.body)).not.toContain(adminKey.slice(-64));
      const dates = (everything.body.events as { occurredAt: string }[]).map((event) => event.occurredAt);
      expect([...dates].sort().reverse()).toEqual(dates);
    });
  });
});

/** A second gateway process on the same database: no caches, and no second first-start key. */
async function startGatewayOn(existing: TestService) {
  const { definition, secrets } = gatewayForTests();
  const app = await startServiceOn(definition, existing.database.url, {
    GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
  });
  expect(secrets.printed).toEqual([]);
  return { service: { app, server: app.getHttpServer() } };
}
