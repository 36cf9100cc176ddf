// The connections writers of intents hold while they work (docs/decisions/051). A session is one
// connection taken for a prune's whole run: its intent is written in a transaction on it, the
// liveness lock (intent-liveness.ts) is taken there and stays with the session, and closing the
// session releases the lock and the connection, on every path (success, failure, timeout, refusal,
// shutdown). The connections come from a pool of their own, beside the service's: a running prune
// never holds a connection the rest of the service (or its own short queries) needs, whatever the
// pool size. Sessions are bounded: a prune beyond the bound waits for one to end before it is
// checked and recorded.
import { Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { INTENT_OWNER_NAMESPACE } from './intent-liveness';

/** TypeORM's Postgres runner hands an error to pg on release, which then destroys the connection. */
interface DestroyableRunner {
  releasePostgresConnection(error?: unknown): Promise<void>;
}

export class IntentOwnerSession {
  private lockKey: number | null = null;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly runner: QueryRunner,
    private readonly onClosed: () => void,
    private readonly logger: Logger,
  ) {}

  /** Runs `work` in a transaction on the held connection. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.closing !== null) throw new Error('the intent owner session is closed');
    return this.runner.manager.transaction(work);
  }

  /**
   * Takes the liveness lock of the intent `lockKey` on this session, through `manager`: a
   * transaction of this session (`transaction`), before the intent commits, so no one ever sees
   * the row without its lock. Session level: the commit does not release it, `close` does (and a
   * rollback does not either, so close also runs when the transaction failed).
   */
  async hold(manager: EntityManager, lockKey: number): Promise<void> {
    if (manager.queryRunner !== this.runner) throw new Error('the lock must be taken on the session');
    this.lockKey = lockKey;
    const rows: { locked: boolean }[] = await manager.query(
      'SELECT pg_try_advisory_lock($1, $2) AS "locked"',
      [INTENT_OWNER_NAMESPACE, lockKey],
    );
    if (rows[0]?.locked !== true)
      throw new Error(`the liveness lock ${INTENT_OWNER_NAMESPACE}/${lockKey} is held by another session`);
  }

  /**
   * Releases the lock (if taken) and the connection; once, whatever happened before. Never throws:
   * a prune that has deleted must still answer what it did.
   */
  close(): Promise<void> {
    this.closing ??= this.release();
    return this.closing;
  }

  private async release(): Promise<void> {
    let failure: unknown = null;
    try {
      if (this.runner.isTransactionActive) throw new Error('a transaction was still open');
      if (this.lockKey !== null)
        await this.runner.query('SELECT pg_advisory_unlock($1, $2)', [INTENT_OWNER_NAMESPACE, this.lockKey]);
    } catch (error) {
      failure = error;
    }
    try {
      if (failure === null) await this.runner.release();
      else {
        // The lock could not be released in the session: end the session, which releases it.
        this.logger.warn(`closing an intent owner connection: ${String(failure)}`);
        await (this.runner as unknown as DestroyableRunner).releasePostgresConnection(failure);
      }
    } catch (error) {
      this.logger.error(`could not release an intent owner connection: ${String(error)}`);
    } finally {
      this.onClosed();
    }
  }
}

export class IntentOwnerSessions implements BeforeApplicationShutdown {
  private readonly logger = new Logger('IntentOwners');
  private readonly sessions = new Set<IntentOwnerSession>();
  private readonly waiting: (() => void)[] = [];
  private taken = 0;
  private connections: Promise<DataSource> | null = null;
  private stopped = false;

  /**
   * @param database the service's data source: its connection options are used for a pool of
   *   `limit` connections of the sessions' own, opened with the first session
   * @param limit sessions at once
   */
  constructor(
    private readonly database: DataSource,
    readonly limit: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`session limit must be >= 1, got ${limit}`);
  }

  /** A connection of its own, once fewer than `limit` sessions are open. Close it when done. */
  async open(): Promise<IntentOwnerSession> {
    if (this.stopped) throw new Error('the service is stopping: no new prune starts');
    await this.slot();
    let runner: QueryRunner | undefined;
    try {
      runner = (await this.ownPool()).createQueryRunner();
      await runner.connect();
    } catch (error) {
      await runner?.release().catch(() => undefined);
      this.free();
      throw error;
    }
    const session = new IntentOwnerSession(
      runner,
      () => {
        this.sessions.delete(session);
        this.free();
      },
      this.logger,
    );
    this.sessions.add(session);
    return session;
  }

  /** Sessions open now (a test and a health view read it). */
  get openCount(): number {
    return this.sessions.size;
  }

  /**
   * A service that stops ends its sessions first, so its intents read interrupted at once, then
   * closes their pool; the prunes still running may still complete their rows while the service's
   * pool lives (decision 042).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.sessions].map((session) => session.close()));
    const connections = this.connections;
    this.connections = null;
    if (connections !== null) {
      const pool = await connections.catch(() => null);
      if (pool?.isInitialized === true) await pool.destroy();
    }
  }

  /** The sessions' own pool: the service's connection options, `limit` connections, its own name. */
  private ownPool(): Promise<DataSource> {
    if (this.connections === null) {
      const options = this.database.options;
      if (options.type !== 'postgres') throw new Error('intent owners need PostgreSQL');
      const extra = (options.extra ?? {}) as Record<string, unknown>;
      const pool = new DataSource({
        ...options,
        migrationsRun: false,
        synchronize: false,
        extra: { ...extra, max: this.limit, application_name: 'curation-prune-owners' },
      });
      const starting = pool.initialize();
      // A failed start is tried again by the next prune.
      starting.catch(() => {
        if (this.connections === starting) this.connections = null;
      });
      this.connections = starting;
    }
    return this.connections;
  }

  private slot(): Promise<void> {
    if (this.taken < this.limit) {
      this.taken += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next waiter, else gives it back. */
  private free(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.taken -= 1;
    else next();
  }
}
