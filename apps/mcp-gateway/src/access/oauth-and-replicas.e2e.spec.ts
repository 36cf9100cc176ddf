// OAuth access tokens from a real OpenID provider through the whole gateway, and revocation
// across two gateway replicas that share a database.
import request from 'supertest';
import { startServiceOn, startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../gateway.test-definition';
import { startTestProvider, type TestProvider } from './oidc/testing/oidc-test-provider';

const RESOURCE = 'https://gateway.example';

describe('OAuth access tokens at the gateway', () => {
  let provider: TestProvider;
  let service: TestService;

  beforeAll(async () => {
    provider = await startTestProvider({
      clients: [
        { clientId: 'ide-agent', claims: { preferred_username: 'ivy', groups: ['developers'] } },
        { clientId: 'ops-console', claims: { preferred_username: 'olga', full_admin: true } },
        {
          clientId: 'forger',
          claims: { preferred_username: 'fred', groups: ['Administrators'], full_admin: 'true' },
        },
      ],
    });
    service = await startTestService(gatewayForTests().definition, {
      GATEWAY_OIDC_ISSUERS: provider.issuer,
      GATEWAY_PUBLIC_URL: RESOURCE,
    });
  });

  afterAll(async () => {
    await service.close();
    await provider.stop();
  });

  it('accepts a token for the gateway and maps its claims', async () => {
    const token = await provider.obtainToken('ide-agent', RESOURCE);
    const me = await request(service.server)
      .get('/api/me')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(me.body).toMatchObject({
      username: 'ivy',
      authenticatedBy: 'oauth',
      isAdministrator: false,
      groups: ['developers'],
    });
    await request(service.server).get('/api/policies').set('Authorization', `Bearer ${token}`).expect(403);
  });

  it('makes administrators only of the boolean full_admin claim', async () => {
    const admin = await provider.obtainToken('ops-console', RESOURCE);
    await request(service.server).get('/api/policies').set('Authorization', `Bearer ${admin}`).expect(200);
    const forged = await provider.obtainToken('forger', RESOURCE);
    await request(service.server).get('/api/policies').set('Authorization', `Bearer ${forged}`).expect(403);
  });

  it('refuses a token minted for another resource, with an invalid_token challenge', async () => {
    const token = await provider.obtainToken('ide-agent', 'https://elsewhere.example');
    const response = await request(service.server)
      .get('/api/me')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(JSON.stringify(response.body)).not.toContain(token);
  });

  it('lists the issuer in the protected-resource metadata', async () => {
    const response = await request(service.server).get('/.well-known/oauth-protected-resource').expect(200);
    expect(response.body).toMatchObject({ resource: RESOURCE, authorization_servers: [provider.issuer] });
  });
});

describe('revocation across replicas', () => {
  it('stops a key on another replica within the key cache lifetime', async () => {
    const { definition, secrets } = gatewayForTests();
    const first = await startTestService(definition, { GATEWAY_KEY_CACHE_SECONDS: '1' });
    const second = await startServiceOn(gatewayForTests().definition, first.database.url, {
      GATEWAY_KEY_CACHE_SECONDS: '1',
    });
    try {
      const created = await request(first.server)
        .post('/api/appkeys')
        .set('Authorization', `Bearer ${secrets.adminKey()}`)
        .send({ name: 'shared', scopes: ['*'] })
        .expect(201);
      const key = created.body.plaintextKey as string;
      // The second replica verifies (and caches) the key.
      await request(second.getHttpServer()).get('/api/me').set('X-App-Key', key).expect(200);
      await request(first.server)
        .delete(`/api/appkeys/${created.body.id}`)
        .set('Authorization', `Bearer ${secrets.adminKey()}`)
        .expect(204);
      await request(first.server).get('/api/me').set('X-App-Key', key).expect(401);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await request(second.getHttpServer()).get('/api/me').set('X-App-Key', key).expect(401);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
