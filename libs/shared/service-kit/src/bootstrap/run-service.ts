// The entry point every service's main.ts calls. `main.js` serves; `main.js migrate` applies
// pending migrations and exits (for a Kubernetes Job or a deploy step). SIGTERM and SIGINT
// stop accepting connections, end event streams, let in-flight requests finish for
// SHUTDOWN_GRACE_MS, then close the database (graceful-shutdown.ts); a second SIGINT stops at once.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BaseServiceConfig } from '../config/base-service-config';
import { ConfigurationError, loadConfig } from '../config/load-config';
import { DatabaseEndpoint } from '../database/database-endpoint';
import { dataSourceOptions, migrate } from '../database/migrations';
import { NestLogger } from '../logging/nest-logger';
import { scrubText } from '../logging/redaction';
import { createServiceApp } from './create-service-app';
import { listenWithGracefulShutdown } from './graceful-shutdown';
import { reportListening } from './supervisor-report';
import type { ServiceDescriptor } from './service-descriptor';

export interface ServiceDefinition<C extends BaseServiceConfig> {
  descriptor: ServiceDescriptor;
  configClass: new () => C;
  /** Service-specific defaults, e.g. the port. */
  configDefaults: Partial<Record<keyof C & string, string>>;
  rootModule(config: C): DynamicModule;
  /** Extra commands, `main.js <name>`, run with the validated configuration. */
  commands?: Readonly<Record<string, (config: C) => Promise<void> | void>>;
}

export async function runService<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  const command = process.argv[2] ?? 'serve';
  try {
    const config = loadConfig(definition.configClass, process.env, definition.configDefaults);
    const extra = definition.commands?.[command];
    if (command === 'migrate') await migrateOnly(definition.descriptor, config);
    else if (command === 'serve') await serve(definition, config);
    else if (extra !== undefined) await extra(config);
    else {
      const known = ['serve', 'migrate', ...Object.keys(definition.commands ?? {})].map(
        (name) => `"${name}"`,
      );
      throw new UsageError(`Unknown command "${command}". Use ${known.join(', ')}.`);
    }
  } catch (error) {
    exitWithError(definition.descriptor.name, error);
  }
}

async function serve<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
  config: C,
): Promise<void> {
  const app = await createServiceApp(definition.rootModule(config), definition.descriptor, config);
  const logger = app.get(NestLogger);
  const shutdown = await listenWithGracefulShutdown(app, config).catch((error: unknown) => {
    throw isAddressInUse(error)
      ? new UsageError(
          `port ${config.PORT} on ${config.HOST} is already in use by another process: stop that ` +
            'process or set PORT to a free port',
        )
      : error;
  });
  logger.log(`${definition.descriptor.name} listening on http://${config.HOST}:${config.PORT}`);
  reportListening(definition.descriptor.name, (app.getHttpServer() as Server).address() as AddressInfo);
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: stopping`, 'Shutdown');
    shutdown()
      .then(() => {
        process.exitCode = 0;
      })
      .catch((error: unknown) => exitWithError(definition.descriptor.name, error));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function migrateOnly(descriptor: ServiceDescriptor, config: BaseServiceConfig): Promise<void> {
  const endpoint = await DatabaseEndpoint.open(config);
  const dataSource = new DataSource(dataSourceOptions(descriptor.database, endpoint.url, 1));
  try {
    await dataSource.initialize();
    const applied = await migrate(dataSource, descriptor.database.schema);
    writeLine(
      applied.length > 0
        ? `${descriptor.name}: applied ${applied.length} migration(s): ${applied.join(', ')}`
        : `${descriptor.name}: schema "${descriptor.database.schema}" is up to date`,
    );
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await endpoint.close();
  }
}

class UsageError extends Error {}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
}

function exitWithError(serviceName: string, error: unknown): void {
  // Configuration and usage errors are the operator's to fix: print them plainly.
  const message =
    error instanceof ConfigurationError || error instanceof UsageError
      ? error.message
      : `Failed: ${describeFailure(error)}`;
  process.stderr.write(`${serviceName}: ${scrubText(message)}\n`);
  process.exit(1);
}

/** An Error's stack; anything else thrown (PGlite throws plain objects) as its JSON, never "[object Object]". */
function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  if (typeof error === 'object' && error !== null) {
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

function writeLine(text: string): void {
  process.stdout.write(`${text}\n`);
}
