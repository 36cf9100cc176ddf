// Upgrading a database written before identity sources (migration 1795800019000 and
// LegacyOwnerSourcesService) against real PostgreSQL: rows as the earlier gateway wrote them are
// migrated, then placed once at the next start. Administrator keys and the keys owned by "admin"
// become `admin-key` (never again a person's); the other owners go to the gateway's one sign-in
// source, or, when it has several, to nobody; and that decision survives a later reconfiguration.
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { startServiceOn, startTestService, type TestService } from '@platform/testing-service';
import { DataSource } from 'typeorm';
import { RecordIdentitySources1795800019000 } from '../../database/migrations/1795800019000-record-identity-sources';
import { gatewayForTests } from '../../gateway.test-definition';

const PROXY_SECRET = 'legacy-owner-sources-0123456789';
const SSO_ONLY = { GATEWAY_SSO_PROXY_SECRET: PROXY_SECRET };
const SSO_AND_ISSUER = {
  ...SSO_ONLY,
  GATEWAY_OIDC_ISSUERS: 'https://idp.example/realms/main',
  GATEWAY_PUBLIC_URL: 'https://gateway.example',
};
const sso = (user: string) => ({ 'X-Proxy-Auth': PROXY_SECRET, 'Remote-User': user });

interface KeyRow {
  kind: string;
  username: string;
  key_prefix: string;
  identity_source: string;
}

describe('owners recorded before identity sources', () => {
  const started: TestService[] = [];
  const restarted: NestExpressApplication[] = [];

  afterAll(async () => {
    await Promise.all(restarted.map((app) => app.close()));
    await Promise.all(started.map((service) => service.close()));
  });

  /**
   * A gateway database as the version before identity sources left it: keys of alice, of a person
   * called ADMIN and of the administrator key (all "admin" then), and a `user:alice` mapping.
   */
  async function databaseFromBefore(): Promise<{ service: TestService; admin: Record<string, string> }> {
    const { definition, secrets } = gatewayForTests();
    const service = await startTestService(definition, { ...SSO_ONLY, LOG_LEVEL: 'error' });
    started.push(service);
    const admin = { Authorization: `Bearer ${secrets.adminKey()}` };
    const create = (as: Record<string, string>, name: string) =>
      request(service.server)
        .post('/api/appkeys')
        .set(as)
        .send({ name, scopes: ['*'] })
        .expect(201);
    await create(sso('alice'), 'alice laptop');
    await create(sso('ADMIN'), 'the person called ADMIN');
    await create(admin, 'made by the administrator key');
    await request(service.server)
      .post('/api/group-mappings')
      .set(admin)
      .send({ externalId: 'user:alice', internalGroup: 'Auditors' })
      .expect(201);
    await request(service.server)
      .post('/api/group-mappings')
      .set(admin)
      .send({ externalId: 'ops', internalGroup: 'Operators' })
      .expect(201);
    const runner = service.app.get(DataSource).createQueryRunner();
    try {
      await new RecordIdentitySources1795800019000().down(runner);
      // What the earlier version wrote for keys an administrator key made for itself.
      await runner.query(
        `UPDATE mcp_gateway.app_keys SET username = 'admin' WHERE name = 'made by the administrator key'`,
      );
      await new RecordIdentitySources1795800019000().up(runner);
    } finally {
      await runner.release();
    }
    return { service, admin };
  }

  async function restart(service: TestService, environment: Record<string, string>) {
    const app = await startServiceOn(gatewayForTests().definition, service.database.url, {
      ...environment,
      LOG_LEVEL: 'error',
    });
    restarted.push(app);
    return app;
  }

  const keysOf = async (app: NestExpressApplication): Promise<Record<string, KeyRow>> => {
    const rows = (await app
      .get(DataSource)
      .query(
        'SELECT name, kind, username, key_prefix, identity_source FROM mcp_gateway.app_keys ORDER BY created_at',
      )) as Array<KeyRow & { name: string }>;
    return Object.fromEntries(rows.map(({ name, ...row }) => [name, row]));
  };

  const listedBy = async (app: NestExpressApplication, user: string): Promise<string[]> =>
    (
      (await request(app.getHttpServer()).get('/api/appkeys').set(sso(user)).expect(200)).body as Array<{
        name: string;
      }>
    ).map((key) => key.name);

  const mappingSources = async (app: NestExpressApplication) =>
    (await app
      .get(DataSource)
      .query(
        'SELECT external_id, identity_source FROM mcp_gateway.group_mappings ORDER BY external_id',
      )) as Array<{ external_id: string; identity_source: string | null }>;

  it("gives administrator keys and admin's keys to admin-key, the rest to the one sign-in source", async () => {
    const { service, admin } = await databaseFromBefore();
    const migrated = await keysOf(service.app);
    expect(Object.values(migrated).find((row) => row.kind === 'admin')).toMatchObject({
      identity_source: 'admin-key',
      username: expect.stringMatching(/^mcp-adm-[0-9a-f]{32}$/),
    });
    expect(migrated['made by the administrator key']?.identity_source).toBe('admin-key');
    expect(migrated['the person called ADMIN']?.identity_source).toBe('admin-key');
    expect(migrated['alice laptop']?.identity_source).toBe('legacy');

    const upgraded = await restart(service, SSO_ONLY);
    expect((await keysOf(upgraded))['alice laptop']?.identity_source).toBe('sso');
    expect(await listedBy(upgraded, 'alice')).toEqual(['alice laptop']);
    expect(await listedBy(upgraded, 'admin')).toEqual([]);
    expect(await listedBy(upgraded, 'ADMIN')).toEqual([]);
    expect(await mappingSources(upgraded)).toEqual([
      { external_id: 'ops', identity_source: null },
      { external_id: 'user:alice', identity_source: 'sso' },
    ]);
    const me = await request(upgraded.getHttpServer()).get('/api/me').set(sso('alice')).expect(200);
    expect(me.body.effectiveGroups).toEqual(['Auditors']);
    const audit = await request(upgraded.getHttpServer())
      .get('/api/audit')
      .query({ kind: 'identity.sources-placed' })
      .set(admin)
      .expect(200);
    expect(audit.body.events).toEqual([
      expect.objectContaining({
        username: 'system',
        details: { identitySource: 'sso', keys: 1, userMappings: 1 },
      }),
    ]);
  });

  it('gives them to nobody when people sign in more than one way, for good', async () => {
    const { service, admin } = await databaseFromBefore();
    const upgraded = await restart(service, SSO_AND_ISSUER);
    expect((await keysOf(upgraded))['alice laptop']?.identity_source).toBe('unassigned');
    expect(await listedBy(upgraded, 'alice')).toEqual([]);
    const listed = await request(upgraded.getHttpServer()).get('/api/appkeys').set(admin).expect(200);
    expect(listed.body).toContainEqual(
      expect.objectContaining({ name: 'alice laptop', username: 'alice', identitySource: 'unassigned' }),
    );
    const me = await request(upgraded.getHttpServer()).get('/api/me').set(sso('alice')).expect(200);
    expect(me.body.effectiveGroups).toEqual([]);

    // Configured for the proxy alone later, the rows stay where the upgrade put them.
    const reconfigured = await restart(service, SSO_ONLY);
    expect((await keysOf(reconfigured))['alice laptop']?.identity_source).toBe('unassigned');
    expect(await listedBy(reconfigured, 'alice')).toEqual([]);
  });

  it('refuses a user mapping without a source and a source of no known shape', async () => {
    const { service } = await databaseFromBefore();
    const database = service.app.get(DataSource);
    await expect(
      database.query(
        `INSERT INTO mcp_gateway.group_mappings (external_id, internal_group, created_by) VALUES (' USER:bob', 'x', 't')`,
      ),
    ).rejects.toThrow(/group_mappings_user_source_check/);
    await expect(
      database.query(`UPDATE mcp_gateway.app_keys SET identity_source = 'ldap:corp'`),
    ).rejects.toThrow(/app_keys_identity_source_check/);
  });
});
