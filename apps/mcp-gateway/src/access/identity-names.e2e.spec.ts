// Decision 019 end to end, against the real database: names that differ at the identity
// provider stay different identities (key owners, group mappings, policies), and user names,
// group names and SIDs never meet. Names travel as a proxy sends them: UTF-8 bytes in headers.
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import fc from 'fast-check';
import { startTestService, type TestService } from '@platform/testing-service';
import { DataSource } from 'typeorm';
import { gatewayForTests } from '../gateway.test-definition';
import { confusableName, LOOK_ALIKE_PAIRS } from './look-alike-names.spec-fixtures';
import { userNameKey } from '../user-names/user-names';

const PROXY_SECRET = 'proxy-secret-0123456789abcdef';

/**
 * Headers of a user signed in through the trusted proxy, as the bytes a proxy sends: UTF-8,
 * which Node reads as Latin-1. (Node's client re-encodes such header text as UTF-8 when a
 * request body is written with the headers, so requests with a body go through `postAs`.)
 */
function sso(username: string, groups: string[] = []): Record<string, string> {
  const onTheWire = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
  return {
    'X-Proxy-Auth': PROXY_SECRET,
    'Remote-User': onTheWire(username),
    ...(groups.length > 0 ? { 'Remote-Groups': onTheWire(groups.join(',')) } : {}),
  };
}

interface KeyView {
  id: string;
  username: string;
}

describe('names at the identity provider stay apart (decision 019)', () => {
  let service: TestService;
  let admin: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition, {
      GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
      LOG_LEVEL: 'error',
    });
    admin = { Authorization: `Bearer ${secrets.adminKey()}` };
    await service.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await service.close();
  });

  /** POST with a JSON body as a signed-in user; fetch sends header text as Latin-1 bytes. */
  async function postAs(
    username: string,
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...sso(username), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async function keyFor(username: string): Promise<KeyView> {
    const response = await request(service.server)
      .post('/api/appkeys')
      .set(admin)
      .send({ name: `key of ${username}`, username, scopes: ['server:files'] })
      .expect(201);
    expect(response.body.username).toBe(username);
    return response.body as KeyView;
  }

  describe('key owners', () => {
    it.each(LOOK_ALIKE_PAIRS.map((pair) => [pair.label, pair] as const))(
      "%s: neither name lists, rotates, revokes or counts the other one's keys",
      async (_label, { name, lookAlike }) => {
        for (const [owner, intruder] of [
          [lookAlike, name],
          [name, lookAlike],
        ] as const) {
          const key = await keyFor(owner);
          const listed = await request(service.server).get('/api/appkeys').set(sso(intruder)).expect(200);
          expect((listed.body as KeyView[]).map((view) => view.id)).not.toContain(key.id);
          await request(service.server).post(`/api/appkeys/${key.id}/rotate`).set(sso(intruder)).expect(404);
          await request(service.server).delete(`/api/appkeys/${key.id}`).set(sso(intruder)).expect(404);
          const limits = await request(service.server)
            .get('/api/appkeys/limits')
            .set(sso(intruder))
            .expect(200);
          expect(limits.body.userCount).toBe(0);
          // Naming the other user is creating a key for someone else.
          const forOwner = await postAs(intruder, '/api/appkeys', {
            name: 'x',
            username: owner,
            scopes: ['server:files'],
          });
          expect(forOwner).toMatchObject({ status: 403, body: { code: 'appkey.username-forbidden' } });
          await request(service.server).delete(`/api/appkeys/${key.id}`).set(admin).expect(204);
        }
      },
    );

    it('still treats names that differ only in ASCII case as one user', async () => {
      const key = await keyFor('karl');
      const listed = await request(service.server).get('/api/appkeys').set(sso('KARL')).expect(200);
      expect((listed.body as KeyView[]).map((view) => view.id)).toContain(key.id);
      await request(service.server).post(`/api/appkeys/${key.id}/rotate`).set(sso('Karl')).expect(201);
    });

    it('counts quotas per user by the same rule', async () => {
      await request(service.server).patch('/api/settings').set(admin).send({ userMaxKeys: 1 }).expect(200);
      try {
        await keyFor('quota-user');
        const lookAlike = await postAs('quota-\uFF55ser', '/api/appkeys', {
          name: 'mine',
          scopes: ['server:files'],
        });
        expect(lookAlike.status).toBe(201);
        const same = await postAs('QUOTA-USER', '/api/appkeys', { name: 'mine', scopes: ['server:files'] });
        expect(same).toMatchObject({ status: 400, body: { code: 'appkey.quota-exceeded' } });
      } finally {
        await request(service.server).patch('/api/settings').set(admin).send({ userMaxKeys: 0 }).expect(200);
      }
    });

    it('compares in SQL exactly as in code: lower() under the "C" collation folds A-Z only', async () => {
      const pairs = fc.sample(fc.tuple(confusableName, confusableName), { numRuns: 500, seed: 19 });
      const rows = (await service.app.get(DataSource).query(
        `SELECT lower(a COLLATE "C") = lower(b COLLATE "C") AS same, lower(a COLLATE "C") AS key
           FROM unnest($1::text[], $2::text[]) AS pair(a, b)`,
        [pairs.map(([a]) => a), pairs.map(([, b]) => b)],
      )) as { same: boolean; key: string }[];
      rows.forEach((row, index) => {
        const [a = '', b = ''] = pairs[index] ?? [];
        expect(row).toEqual({ same: userNameKey(a) === userNameKey(b), key: userNameKey(a) });
      });
    });
  });

  describe('group mappings and policies', () => {
    it('keeps one row per name, where only ASCII case makes two spellings one', async () => {
      for (const [externalId, status] of [
        ['karl', 201],
        ['\u212Aarl', 201],
        ['KARL', 409],
        ['ops\u00A0', 201],
        ['ops', 201],
      ] as const) {
        await request(service.server)
          .post('/api/group-mappings')
          .set(admin)
          .send({ externalId, internalGroup: 'kids' })
          .expect(status);
      }
      for (const [requiredGroup, status] of [
        ['kids', 201],
        ['\u212Aids', 201],
        ['\uFF4Bids', 201],
        ['KIDS', 409],
      ] as const) {
        await request(service.server)
          .post('/api/policies')
          .set(admin)
          .send({ targetId: 'server:files', requiredGroup, isAllowed: 1 })
          .expect(status);
      }
      const indexes = (await service.app
        .get(DataSource)
        .query(
          `SELECT indexdef FROM pg_indexes WHERE schemaname = 'mcp_gateway' AND indexname IN ('group_mappings_pair_key', 'access_policies_pair_key', 'app_keys_live_by_owner')`,
        )) as { indexdef: string }[];
      expect(indexes).toHaveLength(3);
      for (const { indexdef } of indexes) expect(indexdef).toContain('COLLATE "C"');
    });

    it('maps a group to its members and a user only through user:<name>', async () => {
      const mapping = async (externalId: string, internalGroup: string): Promise<string> => {
        const response = await request(service.server)
          .post('/api/group-mappings')
          .set(admin)
          .send({ externalId, internalGroup })
          .expect(201);
        return response.body.externalId as string;
      };
      await mapping('ops', 'Operators');
      expect(await mapping(' USER: Dana ', 'Auditors')).toBe('user:Dana');
      const effective = async (headers: Record<string, string>): Promise<string[]> =>
        (await request(service.server).get('/api/me').set(headers).expect(200)).body
          .effectiveGroups as string[];

      expect(await effective(sso('ops'))).not.toContain('Operators');
      expect(await effective(sso('erin', ['ops']))).toContain('Operators');
      expect(await effective(sso('dana'))).toEqual(['Auditors']);
      expect(await effective(sso('erin', ['Dana', 'user:Dana']))).not.toContain('Auditors');
      expect(await effective(sso('\u0110ana'))).toEqual([]);
    });

    it('refuses a policy that names a user, and a user mapping without a name', async () => {
      const policy = await request(service.server)
        .post('/api/policies')
        .set(admin)
        .send({ targetId: 'server:files', requiredGroup: ' User:dana', isAllowed: 1 })
        .expect(400);
      expect(JSON.stringify(policy.body)).toContain('user:<name>');
      await request(service.server)
        .post('/api/group-mappings')
        .set(admin)
        .send({ externalId: 'user:  ', internalGroup: 'x' })
        .expect(400);
    });
  });
});
