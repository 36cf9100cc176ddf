// Schema and migrations of one service. Each service owns one PostgreSQL schema and keeps its
// own migrations table inside it, so services sharing a database never see each other's
// history. `synchronize` is never used: the schema changes only through committed migrations.
import * as pg from 'pg';
import { DataSource, DataSourceOptions, MigrationExecutor, MigrationInterface } from 'typeorm';
import { ADVISORY_LOCK_NAMESPACES } from './advisory-locks';

export type MigrationClass = new () => MigrationInterface;
// TypeORM's entity option accepts classes; `Function` is its own type for them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityClass = Function;

export interface ServiceDatabaseDefinition {
  /** PostgreSQL schema owned by the service, e.g. `mcp_gateway`. */
  schema: string;
  migrations: readonly MigrationClass[];
  entities: readonly EntityClass[];
  /**
   * Server settings for every connection of the service's pool, sent when it connects (the
   * `options` startup parameter, `-c name=value`): choices of how the service's own statements
   * run, not of the server's configuration.
   */
  sessionSettings?: Readonly<Record<string, string>>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const SETTING_NAME = /^[a-z_][a-z0-9_.]{0,62}$/;
const SETTING_VALUE = /^[A-Za-z0-9_.:-]{1,64}$/;

/** `-c name=value …` for the startup packet; fixed names and plain values only, never spaces. */
export function sessionOptions(settings: Readonly<Record<string, string>>): string | undefined {
  const entries = Object.entries(settings);
  for (const [name, value] of entries) {
    if (!SETTING_NAME.test(name) || !SETTING_VALUE.test(value))
      throw new Error(`Invalid session setting ${JSON.stringify(name)}=${JSON.stringify(value)}`);
  }
  return entries.length === 0 ? undefined : entries.map(([name, value]) => `-c ${name}=${value}`).join(' ');
}

export function dataSourceOptions(
  definition: ServiceDatabaseDefinition,
  url: string,
  poolSize: number,
): DataSourceOptions {
  if (!SCHEMA_NAME.test(definition.schema)) throw new Error(`Invalid schema name "${definition.schema}"`);
  return {
    type: 'postgres',
    // Passed explicitly so bundlers see the driver (TypeORM would otherwise require it by name).
    driver: pg,
    url,
    schema: definition.schema,
    entities: [...definition.entities],
    migrations: [...definition.migrations],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    // Extensions need superuser rights and are not in PGlite; migrations use built-ins only.
    installExtensions: false,
    extra: {
      max: poolSize,
      application_name: definition.schema,
      options: sessionOptions(definition.sessionSettings ?? {}),
    },
  };
}

/**
 * Creates the schema if needed and applies pending migrations, each in its own transaction, all on
 * one connection holding the schema's migration lock: a replica starting meanwhile waits, then
 * finds nothing left to apply (two unlocked runs would both create the migrations table, or both
 * apply the same migration, and one replica would fail to start). One connection, so a pool of
 * one (`migrate` on its own) is enough.
 */
export async function migrate(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1, hashtext($2))', [
      ADVISORY_LOCK_NAMESPACES.serviceMigrations,
      schema,
    ]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      const applied = await executor.executePendingMigrations();
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [
        ADVISORY_LOCK_NAMESPACES.serviceMigrations,
        schema,
      ]);
    }
  } finally {
    await runner.release();
  }
}

/** Name TypeORM records for a migration: its `name` property, else its class name. */
export function migrationName(migration: MigrationClass): string {
  return new migration().name ?? migration.name;
}

/**
 * True when every known migration is recorded as applied. Reads the migrations table
 * directly: TypeORM's own check would create the table, and a readiness probe must not write.
 */
export async function isMigrated(
  dataSource: DataSource,
  definition: ServiceDatabaseDefinition,
): Promise<boolean> {
  const table = `"${definition.schema}"."migrations"`;
  const [probe] = (await dataSource.query('SELECT to_regclass($1) IS NOT NULL AS "exists"', [table])) as {
    exists: boolean;
  }[];
  if (probe?.exists !== true) return definition.migrations.length === 0;
  const rows = (await dataSource.query(`SELECT name FROM ${table}`)) as { name: string }[];
  const applied = new Set(rows.map((row) => row.name));
  return definition.migrations.every((migration) => applied.has(migrationName(migration)));
}
