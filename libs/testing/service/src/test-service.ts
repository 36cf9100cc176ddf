// Boots a service for an end-to-end test exactly as `main.js` would (same module, same
// pipes, filters and middleware) against a fresh test database, without opening a port.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { BaseServiceConfig, createServiceApp, loadConfig, ServiceDefinition } from '@platform/service-kit';
import { createTestDatabase, TestDatabase } from '@platform/testing-database';

export interface TestService {
  readonly app: NestExpressApplication;
  readonly database: TestDatabase;
  /** The HTTP server, for supertest: `request(service.server)`. */
  readonly server: ReturnType<NestExpressApplication['getHttpServer']>;
  close(): Promise<void>;
}

/**
 * @param environment extra variables, as an operator would set them; the test database URL
 *   and a silent log level are filled in unless given
 */
export async function startTestService<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
  environment: Record<string, string> = {},
): Promise<TestService> {
  const database = await createTestDatabase();
  try {
    const app = await startServiceOn(definition, database.url, environment);
    return {
      app,
      database,
      server: app.getHttpServer(),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Another instance of a service on an existing database (a second replica, a restart). */
export async function startServiceOn<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
  databaseUrl: string,
  environment: Record<string, string> = {},
): Promise<NestExpressApplication> {
  const config = loadConfig(
    definition.configClass,
    { LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, ...environment },
    definition.configDefaults,
  );
  const app = await createServiceApp(definition.rootModule(config), definition.descriptor, config);
  await app.init();
  return app;
}
