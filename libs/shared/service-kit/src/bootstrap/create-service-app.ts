// Builds a service's Nest application exactly as production runs it: the same logger,
// error mapping, validation, metrics and docs. Tests use this too, so what they exercise is
// what users get.
import { dirname, join } from 'node:path';
import type { DynamicModule, ExceptionFilter } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import type { BaseServiceConfig } from '../config/base-service-config';
import { createValidationPipe } from '../errors/validation-pipe';
import { ProblemDetailsFilter } from '../errors/problem-details.filter';
import { HttpMetrics } from '../metrics/http-metrics';
import { NestLogger } from '../logging/nest-logger';
import { requestLogging } from '../logging/request-logging';
import { setupOpenApi } from '../openapi/setup-openapi';
import { webAppMiddleware } from '../http/web-app';
import { jsonBodyParser } from './json-body.parser';
import { GLOBAL_ERROR_FILTER, SERVICE_LOGGER, type ServiceDescriptor } from './service-descriptor';

export async function createServiceApp(
  rootModule: DynamicModule,
  descriptor: ServiceDescriptor,
  config: BaseServiceConfig,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(rootModule, {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false,
  });
  app.useLogger(app.get(NestLogger));
  app.disable('x-powered-by');
  app.use(requestLogging(app.get<Logger>(SERVICE_LOGGER)));
  app.use(app.get(HttpMetrics).middleware);
  app.use(jsonBodyParser());
  if (descriptor.webApp !== undefined) serveWebApp(app, descriptor.webApp, config);
  app.useGlobalFilters(serviceErrorFilter(app) ?? new ProblemDetailsFilter());
  app.useGlobalPipes(createValidationPipe());
  if (config.DOCS_ENABLED) setupOpenApi(app, descriptor);
  return app;
}

function serveWebApp(
  app: NestExpressApplication,
  webApp: NonNullable<ServiceDescriptor['webApp']>,
  config: BaseServiceConfig,
): void {
  const directory = config.WEB_APP_DIR ?? join(dirname(process.argv[1] ?? '.'), 'web');
  const middleware = webAppMiddleware({ directory, ...webApp });
  if (middleware === null) {
    app.get(NestLogger).log(`no web app build in ${directory}: serving the API only`, 'WebApp');
    return;
  }
  app.use(middleware);
}

/**
 * The service's own global error filter, when one of its modules provides GLOBAL_ERROR_FILTER
 * (for example to answer some paths in another error format); problem details otherwise.
 */
function serviceErrorFilter(app: NestExpressApplication): ExceptionFilter | undefined {
  // Looked up in the module graph rather than with `app.get`, which logs an error when the token
  // is missing, as it is for most services.
  for (const module of app.get(ModulesContainer).values()) {
    const provider = module.providers.get(GLOBAL_ERROR_FILTER);
    if (provider !== undefined) return provider.instance as ExceptionFilter;
  }
  return undefined;
}
