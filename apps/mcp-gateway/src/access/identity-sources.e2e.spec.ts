// Decision 019, "Identity sources", end to end against the real database: a name is one person
// only within the source it comes from. Keys an administrator key makes for nobody belong to no
// person called admin; `alice` through the SSO proxy, `alice` from issuer A, `alice` from issuer B
// (the repository's oidc-provider test issuer, started twice) and a client of issuer A whose
// subject is `alice` are four people for keys, quotas, sessions, `user:` mappings and the audit.
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../gateway.test-definition';
import { AccessControlService } from './access-control.service';
import { AuthenticationService } from './authentication/authentication.service';
import { startTestProvider, type TestProvider } from './oidc/testing/oidc-test-provider';
import type { Principal } from './principal';

const PROXY_SECRET = 'identity-sources-secret-0123456789';
const RESOURCE = 'https://gateway.example';
const ACCEPT = 'application/json, text/event-stream';

type Headers = Record<string, string>;

interface KeyView {
  id: string;
  username: string;
  identitySource: string;
  keyPrefix: string;
}

describe('identity sources (decision 019)', () => {
  let issuerA: TestProvider;
  let issuerB: TestProvider;
  let service: TestService;
  let admin: Headers;
  let adminKeyPrefix: string;
  /** The four alices, by where they sign in. */
  let alices: Array<{ label: string; headers: Headers; source: string }>;
  let adminOfIssuerA: Headers;

  const sso = (user: string): Headers => ({ 'X-Proxy-Auth': PROXY_SECRET, 'Remote-User': user });
  const bearer = (token: string): Headers => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    [issuerA, issuerB] = await Promise.all([
      startTestProvider({
        clients: [
          { clientId: 'alice-at-a', claims: { preferred_username: 'alice' } },
          { clientId: 'admin-at-a', claims: { preferred_username: 'admin' } },
          // No username claim: the token names its client by `sub`, which is the client id.
          { clientId: 'alice' },
          { clientId: 'olga-at-a', claims: { preferred_username: 'olga', groups: ['ops'] } },
        ],
      }),
      startTestProvider({
        clients: [
          { clientId: 'alice-at-b', claims: { preferred_username: 'alice' } },
          { clientId: 'olga-at-b', claims: { preferred_username: 'olga', groups: ['ops'] } },
        ],
      }),
    ]);
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition, {
      GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET,
      GATEWAY_OIDC_ISSUERS: `${issuerA.issuer},${issuerB.issuer}`,
      GATEWAY_PUBLIC_URL: RESOURCE,
      LOG_LEVEL: 'error',
    });
    admin = bearer(secrets.adminKey());
    adminKeyPrefix = secrets.adminKey().split('-').slice(0, 3).join('-');
    alices = [
      { label: 'the proxy', headers: sso('alice'), source: 'sso' },
      {
        label: 'issuer A',
        headers: bearer(await issuerA.obtainToken('alice-at-a', RESOURCE)),
        source: `oidc:${issuerA.issuer}#preferred_username`,
      },
      {
        label: 'issuer B',
        headers: bearer(await issuerB.obtainToken('alice-at-b', RESOURCE)),
        source: `oidc:${issuerB.issuer}#preferred_username`,
      },
      {
        label: "issuer A's client alice",
        headers: bearer(await issuerA.obtainToken('alice', RESOURCE)),
        source: `oidc:${issuerA.issuer}#sub`,
      },
    ];
    adminOfIssuerA = bearer(await issuerA.obtainToken('admin-at-a', RESOURCE));
  });

  afterAll(async () => {
    await service.close();
    await Promise.all([issuerA.stop(), issuerB.stop()]);
  });

  const createKey = (as: Headers, body: Record<string, unknown> = {}) =>
    request(service.server)
      .post('/api/appkeys')
      .set(as)
      .send({ name: 'a key', scopes: ['server:files'], ...body });

  const listed = async (as: Headers): Promise<string[]> =>
    ((await request(service.server).get('/api/appkeys').set(as).expect(200)).body as KeyView[]).map(
      (key) => key.id,
    );

  const userCount = async (as: Headers): Promise<number> =>
    (await request(service.server).get('/api/appkeys/limits').set(as).expect(200)).body.userCount as number;

  /** Asserts that `as` can neither see, rotate, revoke nor count the key. */
  async function expectStranger(as: Headers, key: KeyView): Promise<void> {
    expect(await listed(as)).not.toContain(key.id);
    expect(await userCount(as)).toBe(0);
    await request(service.server).post(`/api/appkeys/${key.id}/rotate`).set(as).expect(404);
    await request(service.server).delete(`/api/appkeys/${key.id}`).set(as).expect(404);
  }

  async function revokeAll(): Promise<void> {
    for (const id of await listed(admin)) {
      await request(service.server).delete(`/api/appkeys/${id}`).set(admin).expect(204);
    }
  }

  afterEach(revokeAll);

  describe('keys an administrator key makes for nobody', () => {
    it('belong to that administrator key, never to a person called admin', async () => {
      const made = (await createKey(admin).expect(201)).body as KeyView;
      for (const intruder of [sso('admin'), sso('ADMIN'), sso(adminKeyPrefix), adminOfIssuerA]) {
        await expectStranger(intruder, made);
      }
      expect(await listed(admin)).toContain(made.id);
      expect(made).toMatchObject({ identitySource: 'admin-key', username: adminKeyPrefix });
    });

    it('cannot be claimed by naming them: a person asking for admin-key is asking for someone else', async () => {
      const response = await createKey(sso('admin'), {
        username: adminKeyPrefix,
        identitySource: 'admin-key',
      });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('appkey.username-forbidden');
    });

    it('say so in /api/me of the administrator key', async () => {
      const me = await request(service.server).get('/api/me').set(admin).expect(200);
      expect(me.body).toMatchObject({ username: adminKeyPrefix, identitySource: 'admin-key' });
    });
  });

  describe('one name from several sources', () => {
    it('is several people, each with their own identity in /api/me', async () => {
      for (const alice of alices) {
        const me = await request(service.server).get('/api/me').set(alice.headers).expect(200);
        expect({ who: alice.label, ...me.body }).toMatchObject({
          who: alice.label,
          username: 'alice',
          identitySource: alice.source,
        });
      }
    });

    it("never lists, rotates, revokes or counts another one's keys", async () => {
      const keys: KeyView[] = [];
      for (const alice of alices) keys.push((await createKey(alice.headers).expect(201)).body as KeyView);
      for (const [index, alice] of alices.entries()) {
        expect({ who: alice.label, keys: await listed(alice.headers) }).toEqual({
          who: alice.label,
          keys: [keys[index]?.id],
        });
        expect(await userCount(alice.headers)).toBe(1);
        for (const other of keys.filter((_, at) => at !== index)) {
          await request(service.server)
            .post(`/api/appkeys/${other.id}/rotate`)
            .set(alice.headers)
            .expect(404);
          await request(service.server).delete(`/api/appkeys/${other.id}`).set(alice.headers).expect(404);
        }
      }
      keys.forEach((key, index) =>
        expect(key).toMatchObject({ username: 'alice', identitySource: alices[index]?.source }),
      );
    });

    it('has one quota per person', async () => {
      await request(service.server).patch('/api/settings').set(admin).send({ userMaxKeys: 1 }).expect(200);
      try {
        for (const alice of alices) await createKey(alice.headers).expect(201);
        for (const alice of alices) {
          const refused = await createKey(alice.headers).expect(400);
          expect(refused.body.code).toBe('appkey.quota-exceeded');
        }
      } finally {
        await request(service.server).patch('/api/settings').set(admin).send({ userMaxKeys: 0 }).expect(200);
      }
    });

    it('needs its source when an administrator key names it', async () => {
      const ambiguous = await createKey(admin, { username: 'alice' }).expect(400);
      expect(ambiguous.body.code).toBe('identity.source-required');
      const [, fromA, fromB] = alices;
      const made = (await createKey(admin, { username: 'alice', identitySource: fromB?.source }).expect(201))
        .body as KeyView;
      expect(await listed(fromB?.headers ?? {})).toEqual([made.id]);
      expect(await listed(fromA?.headers ?? {})).toEqual([]);
      const unknown = await createKey(admin, {
        username: 'alice',
        identitySource: `oidc:${issuerB.issuer}/#preferred_username`,
      }).expect(400);
      expect(unknown.body.code).toBe('identity.unknown-source');
    });

    it("gives a signed-in person's key for someone else that person's source, and only an administrator may", async () => {
      const [, fromA] = alices;
      await createKey(fromA?.headers ?? {}, { username: 'bob' }).expect(403);
      await createKey(fromA?.headers ?? {}, { identitySource: 'sso' }).expect(403);
      await createKey(fromA?.headers ?? {}, { username: 'ALICE', identitySource: fromA?.source }).expect(201);
    });

    it('owns a session only in the source that opened it', async () => {
      // Opened by issuer A's alice: the others include issuer B's, who signs in the same way.
      const [first, ...others] = [alices[1], ...alices.filter((_, index) => index !== 1)];
      const opened = await request(service.server)
        .post('/mcp')
        .set({ ...first?.headers, Accept: ACCEPT })
        .send({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'e2e', version: '1' },
          },
        })
        .expect(200);
      const session = opened.headers['mcp-session-id'] as string;
      expect(session).toBeTruthy();
      const ping = (as: Headers) =>
        request(service.server)
          .post('/mcp')
          .set({ ...as, Accept: ACCEPT, 'Mcp-Session-Id': session })
          .send({ jsonrpc: '2.0', id: 2, method: 'ping' });
      for (const other of others) await ping(other.headers).expect(404);
      await ping(first?.headers ?? {}).expect(200);
    });

    it('gets what a user: mapping gives only in the mapping source', async () => {
      const [, , fromB] = alices;
      const refused = await request(service.server)
        .post('/api/group-mappings')
        .set(admin)
        .send({ externalId: 'user:alice', internalGroup: 'Auditors' })
        .expect(400);
      expect(refused.body.code).toBe('identity.source-required');
      const mapping = await request(service.server)
        .post('/api/group-mappings')
        .set(admin)
        .send({ externalId: 'user:alice', internalGroup: 'Auditors', identitySource: fromB?.source })
        .expect(201);
      expect(mapping.body.identitySource).toBe(fromB?.source);
      try {
        for (const alice of alices) {
          const me = await request(service.server).get('/api/me').set(alice.headers).expect(200);
          expect({
            who: alice.label,
            auditor: (me.body.effectiveGroups as string[]).includes('Auditors'),
          }).toEqual({
            who: alice.label,
            auditor: alice === fromB,
          });
        }
      } finally {
        await request(service.server).delete(`/api/group-mappings/${mapping.body.id}`).set(admin).expect(204);
      }
    });

    it('meets an access policy scoped to a source only when signed in from there', async () => {
      const olgaAt = async (issuer: TestProvider, client: string): Promise<Principal> =>
        service.app.get(AuthenticationService).authenticate({
          headers: { authorization: `Bearer ${await issuer.obtainToken(client, RESOURCE)}` },
          query: {},
          method: 'POST',
          path: '/mcp',
          socket: {},
        } as never);
      const [fromA, fromB] = [await olgaAt(issuerA, 'olga-at-a'), await olgaAt(issuerB, 'olga-at-b')];
      const call = { method: 'tools/call', target: 'files__read_file' };
      const access = service.app.get(AccessControlService);
      const policy = await request(service.server)
        .post('/api/policies')
        .set(admin)
        .send({
          targetId: 'server:files',
          requiredGroup: 'ops',
          isAllowed: 1,
          identitySource: fromA.identitySource,
        })
        .expect(201);
      try {
        expect(policy.body.identitySource).toBe(`oidc:${issuerA.issuer}#preferred_username`);
        expect((await access.authorize(fromA, call)).allowed).toBe(true);
        expect((await access.authorize(fromB, call)).allowed).toBe(false);
        const unknown = await request(service.server)
          .post('/api/policies')
          .set(admin)
          .send({ targetId: 'server:files', requiredGroup: 'ops', isAllowed: 1, identitySource: 'admin-key' })
          .expect(400);
        expect(unknown.body.code).toBe('identity.unknown-source');
      } finally {
        await request(service.server).delete(`/api/policies/${policy.body.id}`).set(admin).expect(204);
      }
    });

    it('is recorded with its source in the audit log, which can tell them apart', async () => {
      for (const alice of alices) await createKey(alice.headers).expect(201);
      const events = async (query: Record<string, string>) =>
        (
          await request(service.server)
            .get('/api/audit')
            .query({ kind: 'appkey.created', ...query })
            .set(admin)
            .expect(200)
        ).body.events as Array<{ username: string; identitySource: string }>;
      const all = await events({ user: 'ALICE' });
      expect(new Set(all.map((event) => event.identitySource))).toEqual(new Set(alices.map((a) => a.source)));
      for (const alice of alices) {
        const own = await events({ user: 'alice', identitySource: alice.source });
        expect(own.length).toBeGreaterThan(0);
        expect(own.every((event) => event.identitySource === alice.source)).toBe(true);
      }
    });
  });
});
