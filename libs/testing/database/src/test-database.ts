// A fresh, empty database for one test file: a new database on the PostgreSQL server named
// by TEST_DATABASE_URL (CI), or an in-memory embedded PostgreSQL otherwise. Each test file
// gets its own, so files run in parallel and leave nothing behind.
import { describe } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { EmbeddedPostgres } from '@platform/embedded-postgres';

export interface TestDatabase {
  /** Connection URL to hand to a service as DATABASE_URL. */
  readonly url: string;
  /** `postgres` for a real server, `embedded` for PGlite. */
  readonly engine: 'postgres' | 'embedded';
  /** Drops the database (or stops the embedded one). */
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  return serverUrl ? createServerDatabase(serverUrl) : createEmbeddedDatabase();
}

async function createServerDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    engine: 'postgres',
    close: () =>
      withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function createEmbeddedDatabase(): Promise<TestDatabase> {
  const embedded = await EmbeddedPostgres.start('memory');
  return { url: embedded.url, engine: 'embedded', close: () => embedded.stop() };
}

async function withClient(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `describe` for suites that need a PostgreSQL server (several processes on one database,
 * LISTEN/NOTIFY), which the embedded PGlite cannot be. They run whenever TEST_DATABASE_URL is set
 * and always in CI, where a missing URL fails them; only a local run on the embedded database
 * leaves them out (Jest lists them as skipped).
 */
export const describeOnPostgresServer =
  process.env['TEST_DATABASE_URL'] !== undefined || process.env['CI'] === 'true' ? describe : describe.skip;
