// Settings every service shares: where it listens, how it logs, which database it uses.
// Each service extends this class with its own variables.
import { IsBoolean, IsIn, IsOptional, IsString, MinLength } from 'class-validator';
import { EmptyAsUnset, EnvBoolean, EnvIntegerBetween } from './env-decorators';
import { IsPostgresUrl } from './is-postgres-url';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class BaseServiceConfig {
  /** TCP port of the HTTP server. */
  @EnvIntegerBetween(1, 65535)
  PORT!: number;

  /** Interface to bind. Loopback by default; containers set 0.0.0.0. */
  @IsString()
  @MinLength(1, { message: 'must not be empty' })
  HOST = '127.0.0.1';

  @IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'info';

  /** Real PostgreSQL. Unset means the embedded database under DATABASE_DATA_DIR. */
  @EmptyAsUnset()
  @IsOptional()
  @IsPostgresUrl()
  DATABASE_URL?: string;

  /** Data directory of the embedded database (used only when DATABASE_URL is unset). */
  @IsString()
  @MinLength(1, { message: 'must not be empty' })
  DATABASE_DATA_DIR!: string;

  /** Apply pending migrations at start-up. Switch off when a separate job migrates. */
  @EnvBoolean()
  @IsBoolean({ message: 'must be true or false' })
  DATABASE_RUN_MIGRATIONS = true;

  @EnvIntegerBetween(1, 100)
  DATABASE_POOL_SIZE = 10;

  /** How long shutdown waits for in-flight requests before closing connections. */
  @EnvIntegerBetween(0, 600_000, 'milliseconds')
  SHUTDOWN_GRACE_MS = 10_000;

  /** Serve the OpenAPI document and Swagger UI at /docs. */
  @EnvBoolean()
  @IsBoolean({ message: 'must be true or false' })
  DOCS_ENABLED = true;

  /**
   * Folder of the service's web app build, for services that have one. Unset means the `web`
   * folder next to the entry script, where the production build puts it.
   */
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  WEB_APP_DIR?: string;
}
