import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgres } from './embedded-postgres';

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('EmbeddedPostgres', () => {
  let dataDirectory: string;

  beforeEach(() => {
    dataDirectory = mkdtempSync(join(tmpdir(), 'embedded-postgres-spec-'));
  });

  afterEach(() => {
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  it('persists data in its directory across restarts', async () => {
    const first = await EmbeddedPostgres.start(dataDirectory);
    await query(first.url, 'CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
    await query(first.url, 'INSERT INTO notes VALUES ($1, $2)', [1, 'kept']);
    await first.stop();

    const second = await EmbeddedPostgres.start(dataDirectory);
    try {
      expect(await query(second.url, 'SELECT id, body FROM notes')).toEqual([{ id: 1, body: 'kept' }]);
    } finally {
      await second.stop();
    }
  });

  it('serves several pg connections at once over a private Unix socket', async () => {
    const embedded = await EmbeddedPostgres.start('memory');
    try {
      const socketDirectory = new URL(embedded.url).searchParams.get('host') ?? '';
      expect(socketDirectory.startsWith(tmpdir())).toBe(true);
      expect(statSync(socketDirectory).mode & 0o077).toBe(0);
      const clients = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const client = new Client({ connectionString: embedded.url });
          await client.connect();
          return client;
        }),
      );
      const results = await Promise.all(
        clients.map((client, index) => client.query('SELECT $1::int AS n', [index])),
      );
      expect(results.map((result) => (result.rows[0] as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
      await Promise.all(clients.map((client) => client.end()));
    } finally {
      await embedded.stop();
    }
  });

  it('runs real PostgreSQL (transactions roll back, constraints hold)', async () => {
    const embedded = await EmbeddedPostgres.start('memory');
    const client = new Client({ connectionString: embedded.url });
    await client.connect();
    try {
      await client.query('CREATE TABLE items (name text UNIQUE)');
      await client.query('BEGIN');
      await client.query("INSERT INTO items VALUES ('a')");
      await client.query('ROLLBACK');
      await client.query("INSERT INTO items VALUES ('b')");
      await expect(client.query("INSERT INTO items VALUES ('b')")).rejects.toThrow(/duplicate key/);
      expect((await client.query('SELECT name FROM items')).rows).toEqual([{ name: 'b' }]);
    } finally {
      await client.end();
      await embedded.stop();
    }
  });

  it('removes its socket directory when stopped', async () => {
    const embedded = await EmbeddedPostgres.start('memory');
    const socketDirectory = new URL(embedded.url).searchParams.get('host') ?? '';
    await embedded.stop();
    expect(() => statSync(socketDirectory)).toThrow();
  });
});
