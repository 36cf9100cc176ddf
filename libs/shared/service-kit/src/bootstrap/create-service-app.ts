// Builds a service's Nest application exactly as production runs it: the same logger,
// error mapping, validation, metrics and docs. Tests use this too, so what they exercise is
// what users get.
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { BaseServiceConfig } from '../config/base-service-config';
import { createValidationPipe } from '../errors/validation-pipe';
import { ProblemDetailsFilter } from '../errors/problem-details.filter';
import { HttpMetrics } from '../metrics/http-metrics';
import { setupOpenApi } from '../openapi/setup-openapi';
import type { ServiceDescriptor } from './service-descriptor';

/** Largest JSON body accepted; MCP tool calls can carry sizeable arguments. */
const JSON_BODY_LIMIT = '4mb';

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
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(app.get(HttpMetrics).middleware);
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useGlobalFilters(new ProblemDetailsFilter());
  app.useGlobalPipes(createValidationPipe());
  if (config.DOCS_ENABLED) setupOpenApi(app, descriptor);
  return app;
}
