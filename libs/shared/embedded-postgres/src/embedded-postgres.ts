// The embedded database: PGlite (PostgreSQL compiled to WebAssembly) persisted in a data
// directory and served over a private Unix socket, so the ordinary `pg` driver, TypeORM and
// the migrations run exactly as they do against a real server. Only this process can reach
// it: the socket lives in a fresh 0700 temporary directory and no TCP port is opened.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** PGlite runs one query at a time; this bounds how many pool connections may queue on it. */
const MAX_SOCKET_CONNECTIONS = 32;
/** pg derives the socket file name from the port: `<dir>/.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;

export class EmbeddedPostgres {
  private constructor(
    private readonly database: PGlite,
    private readonly server: PGLiteSocketServer,
    private readonly socketDirectory: string,
    /** Connection URL for the `pg` driver. */
    readonly url: string,
  ) {}

  /**
   * Opens (creating on first use) the database in `dataDirectory`, or an in-memory one when
   * `dataDirectory` is `memory`. Only one process may open a data directory at a time.
   */
  static async start(dataDirectory: string): Promise<EmbeddedPostgres> {
    const inMemory = dataDirectory === 'memory';
    if (!inMemory) mkdirSync(resolve(dataDirectory), { recursive: true, mode: 0o700 });
    const database = await PGlite.create(inMemory ? undefined : resolve(dataDirectory));
    const socketDirectory = mkdtempSync(join(tmpdir(), 'pglite-'));
    const server = new PGLiteSocketServer({
      db: database,
      path: join(socketDirectory, `.s.PGSQL.${SOCKET_PORT}`),
      maxConnections: MAX_SOCKET_CONNECTIONS,
    });
    try {
      await server.start();
    } catch (error) {
      await database.close();
      rmSync(socketDirectory, { recursive: true, force: true });
      throw error;
    }
    const url = `postgresql://postgres@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(socketDirectory)}`;
    return new EmbeddedPostgres(database, server, socketDirectory, url);
  }

  /** Stops serving and closes the database; pending writes are flushed to the data directory. */
  async stop(): Promise<void> {
    await this.server.stop();
    await this.database.close();
    rmSync(this.socketDirectory, { recursive: true, force: true });
  }
}
