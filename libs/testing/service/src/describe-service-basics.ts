// The behaviour every service promises, as one reusable Jest suite: liveness, readiness
// (database reachable and migrations applied in the service's own schema), metrics, OpenAPI
// docs and problem-details errors. Each app's e2e spec runs it against the real app.
import request from 'supertest';
import { BaseServiceConfig, ServiceDefinition } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { startTestService, TestService } from './test-service';

export function describeServiceBasics<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
  environment: Record<string, string> = {},
): void {
  const { name, title, database } = definition.descriptor;

  describe(`${name} basics`, () => {
    let service: TestService;

    beforeAll(async () => {
      service = await startTestService(definition, environment);
    });

    afterAll(async () => {
      await service.close();
    });

    it('answers /health with status healthy while running', async () => {
      const response = await request(service.server).get('/health').expect(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.body).toMatchObject({ status: 'healthy', service: name });
    });

    it('is ready: database reachable and migrations applied', async () => {
      const response = await request(service.server).get('/ready').expect(200);
      expect(response.body).toEqual({ status: 'ready', checks: { database: 'up', migrations: 'applied' } });
    });

    it(`keeps its migration history in its own schema "${database.schema}"`, async () => {
      const rows = (await service.app
        .get(DataSource)
        .query('SELECT count(*)::int AS applied FROM ' + `"${database.schema}"."migrations"`)) as {
        applied: number;
      }[];
      expect(rows).toEqual([{ applied: database.migrations.length }]);
    });

    it('counts requests per route in /metrics', async () => {
      await request(service.server).get('/health').expect(200);
      const response = await request(service.server).get('/metrics').expect(200);
      expect(response.text).toContain(
        `http_requests_total{method="GET",route="/health",status="200",service="${name}"}`,
      );
    });

    it('documents its API at /docs', async () => {
      const response = await request(service.server).get('/docs/openapi.json').expect(200);
      expect(response.body.info.title).toBe(title);
      expect(Object.keys(response.body.paths)).toEqual(
        expect.arrayContaining(['/health', '/ready', '/metrics']),
      );
    });

    it('answers unknown paths with RFC 9457 problem details', async () => {
      const response = await request(service.server).get('/no-such-path').expect(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).toMatchObject({ status: 404, title: 'Not Found', instance: '/no-such-path' });
    });
  });
}
