// The authorization entry point against the real database: policies created through the
// administration API apply at once, AppKey callers authenticated for real are scope-checked,
// and a database failure denies.
import request from 'supertest';
import type { Request } from 'express';
import { startTestService, type TestService } from '@platform/testing-service';
import { DataSource } from 'typeorm';
import { gatewayForTests } from '../gateway.test-definition';
import { AccessControlService } from './access-control.service';
import { AuthenticationService } from './authentication/authentication.service';
import type { Principal } from './principal';

describe('AccessControlService', () => {
  let service: TestService;
  let adminKey: string;
  let access: AccessControlService;

  const sso = (username: string, groups: string[]): Principal => ({
    method: 'sso-header',
    username,
    identitySource: 'sso',
    roles: [],
    groups,
    sids: [],
    fullAdminClaim: false,
  });

  async function principalForKey(key: string): Promise<Principal> {
    const fakeRequest = {
      headers: { 'x-app-key': key },
      query: {},
      method: 'POST',
      path: '/sse',
      socket: {},
    };
    return service.app.get(AuthenticationService).authenticate(fakeRequest as unknown as Request);
  }

  beforeAll(async () => {
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition);
    adminKey = secrets.adminKey();
    access = service.app.get(AccessControlService);
  });

  afterAll(async () => {
    await service.close();
  });

  it('denies by default and applies a new allow policy at once', async () => {
    const target = { method: 'tools/call', target: 'files__read_file' };
    expect(await access.authorize(sso('ann', ['developers']), target)).toMatchObject({
      allowed: false,
      stage: 'rbac',
      message: "User does not have permission to execute tool 'files__read_file'",
    });
    await request(service.server)
      .post('/api/policies')
      .set('Authorization', `Bearer ${adminKey}`)
      .send({ targetId: 'server:files', requiredGroup: 'developers', isAllowed: 1 })
      .expect(201);
    expect(await access.authorize(sso('ann', ['developers']), target)).toMatchObject({
      allowed: true,
      via: 'policy',
    });
    expect((await access.authorize(sso('bea', ['guests']), target)).allowed).toBe(false);
  });

  it('checks a real AppKey caller against its scopes before RBAC', async () => {
    await request(service.server)
      .post('/api/policies')
      .set('Authorization', `Bearer ${adminKey}`)
      .send({ targetId: 'server:files', requiredGroup: 'McpClient', isAllowed: 1 })
      .expect(201);
    const created = await request(service.server)
      .post('/api/appkeys')
      .set('Authorization', `Bearer ${adminKey}`)
      .send({ name: 'narrow', scopes: ['tool:files__read_file'] })
      .expect(201);
    const principal = await principalForKey(created.body.plaintextKey);
    expect(
      await access.authorize(principal, { method: 'tools/call', target: 'files__read_file' }),
    ).toMatchObject({
      allowed: true,
      matchedScope: 'tool:files__read_file',
    });
    expect(
      await access.authorize(principal, { method: 'tools/call', target: 'files__write_file' }),
    ).toMatchObject({
      allowed: false,
      stage: 'scope',
      message: "AppKey rejected: requested target 'files__write_file' is outside the key's allowed scopes",
    });
  });

  it('fails closed when the access rules cannot be read', async () => {
    const fresh = await startTestService(gatewayForTests().definition);
    try {
      const control = fresh.app.get(AccessControlService);
      await fresh.app.get(DataSource).destroy();
      expect(
        await control.authorize(sso('ann', ['developers']), { method: 'tools/call', target: 'x__y' }),
      ).toMatchObject({
        allowed: false,
        reason: 'context-failure',
      });
    } finally {
      await fresh.close();
    }
  });
});
