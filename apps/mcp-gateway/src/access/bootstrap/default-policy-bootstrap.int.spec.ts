// The default access policy against a real database: seeded once on a fresh database, usable by
// AppKeys within their scopes, gone for good once an administrator removes it, never seeded when
// switched off at the first start, and never added to a database the gateway already ran on.
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { startServiceOn, startTestService, type TestService } from '@platform/testing-service';
import { DataSource } from 'typeorm';
import { RecordDefaultPolicySeeding1795623000000 } from '../../database/migrations/1795623000000-record-default-policy-seeding';
import { gatewayForTests } from '../../gateway.test-definition';
import { AccessControlService } from '../access-control.service';
import { AuthenticationService } from '../authentication/authentication.service';
import type { Principal } from '../principal';

const SEEDING_ON = { GATEWAY_SEED_DEFAULT_POLICIES: 'true' };

interface PolicyView {
  id: string;
  targetId: string;
  requiredGroup: string;
  isAllowed: number;
  createdBy: string;
}

describe('the default access policy', () => {
  const started: TestService[] = [];
  const restarted: NestExpressApplication[] = [];

  async function freshGateway(environment: Record<string, string>) {
    const { definition, secrets } = gatewayForTests();
    const service = await startTestService(definition, environment);
    started.push(service);
    return { service, adminKey: secrets.adminKey() };
  }

  /** Another start on the same database, as after a restart or an upgrade. */
  async function restart(service: TestService, environment: Record<string, string>) {
    const app = await startServiceOn(gatewayForTests().definition, service.database.url, environment);
    restarted.push(app);
    return app;
  }

  const policiesOf = async (server: Parameters<typeof request>[0], adminKey: string) =>
    (await request(server).get('/api/policies').set('Authorization', `Bearer ${adminKey}`).expect(200))
      .body as PolicyView[];

  const seedingOf = async (app: NestExpressApplication) =>
    (
      (await app
        .get(DataSource)
        .query('SELECT default_policy_seeding FROM mcp_gateway.settings WHERE id = 1')) as {
        default_policy_seeding: string | null;
      }[]
    )[0]?.default_policy_seeding;

  afterAll(async () => {
    await Promise.all(restarted.map((app) => app.close()));
    await Promise.all(started.map((service) => service.close()));
  });

  it('is seeded on a fresh database as one visible row, audited, and lets keys reach their scopes only', async () => {
    const { service, adminKey } = await freshGateway(SEEDING_ON);
    expect(await policiesOf(service.server, adminKey)).toEqual([
      expect.objectContaining({
        targetId: '*',
        requiredGroup: 'McpClient',
        isAllowed: 1,
        createdBy: 'system',
      }),
    ]);
    const audit = await request(service.server)
      .get('/api/audit')
      .query({ kind: 'policy.changed' })
      .set('Authorization', `Bearer ${adminKey}`)
      .expect(200);
    expect(audit.body.events).toEqual([
      expect.objectContaining({ username: 'system', details: expect.objectContaining({ action: 'seeded' }) }),
    ]);

    const created = await request(service.server)
      .post('/api/appkeys')
      .set('Authorization', `Bearer ${adminKey}`)
      .send({ name: 'files only', scopes: ['server:files'] })
      .expect(201);
    const principal = await principalFor(service, created.body.plaintextKey as string);
    const access = service.app.get(AccessControlService);
    expect(await access.authorize(principal, { method: 'tools/call', target: 'files__read' })).toMatchObject({
      allowed: true,
      matchedPolicy: { targetId: '*', requiredGroup: 'McpClient' },
    });
    expect(await access.authorize(principal, { method: 'tools/call', target: 'mail__send' })).toMatchObject({
      allowed: false,
      stage: 'scope',
    });
  });

  it('stays removed once an administrator deletes it', async () => {
    const { service, adminKey } = await freshGateway(SEEDING_ON);
    const [seeded] = await policiesOf(service.server, adminKey);
    await request(service.server)
      .delete(`/api/policies/${seeded?.id}`)
      .set('Authorization', `Bearer ${adminKey}`)
      .expect(204);
    const again = await restart(service, SEEDING_ON);
    expect(await policiesOf(again.getHttpServer(), adminKey)).toEqual([]);
    expect(await seedingOf(again)).toBe('seeded');
  });

  it('is not seeded when switched off at the first start, nor later when switched on', async () => {
    const { service, adminKey } = await freshGateway({ GATEWAY_SEED_DEFAULT_POLICIES: 'false' });
    expect(await policiesOf(service.server, adminKey)).toEqual([]);
    const again = await restart(service, SEEDING_ON);
    expect(await policiesOf(again.getHttpServer(), adminKey)).toEqual([]);
    expect(await seedingOf(again)).toBe('disabled');
  });

  it('is never added to a database the gateway ran on before seeding existed', async () => {
    const { service, adminKey } = await freshGateway({ GATEWAY_SEED_DEFAULT_POLICIES: 'false' });
    // Back to the schema before this feature (the state is gone), then the upgrade's migration.
    const runner = service.app.get(DataSource).createQueryRunner();
    try {
      await new RecordDefaultPolicySeeding1795623000000().down(runner);
      await new RecordDefaultPolicySeeding1795623000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await seedingOf(service.app)).toBe('existing-database');
    const upgraded = await restart(service, SEEDING_ON);
    expect(await policiesOf(upgraded.getHttpServer(), adminKey)).toEqual([]);
  });
});

async function principalFor(service: TestService, key: string): Promise<Principal> {
  const fakeRequest = { headers: { 'x-app-key': key }, query: {}, method: 'POST', path: '/mcp', socket: {} };
  return service.app.get(AuthenticationService).authenticate(fakeRequest as never);
}
