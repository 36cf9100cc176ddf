// Every PostgreSQL advisory lock any service takes, in one table. Advisory locks are global to the
// database, not to a schema, so two services (or two features of one) that pick the same number by
// accident exclude each other without anyone noticing; one table makes a clash visible in review
// and a unit test refuses it (docs/decisions/024).
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Lock ids by name. An id must never be changed once released: during a rolling upgrade old and
 * new replicas would take different locks and run the guarded section together. A new lock takes
 * a new number; a retired one keeps its number reserved here.
 */
export const ADVISORY_LOCKS = {
  /** mcp-gateway: quota checks and key inserts, so concurrent creations cannot overshoot a quota. */
  gatewayKeyQuota: 7_340_001,
  /** mcp-gateway: the first administrator key, created by one replica only. */
  gatewayAdminBootstrap: 7_340_002,
  /** mcp-gateway: applying GATEWAY_SERVERS_FILE to the server table. */
  gatewayServersFileSync: 7_340_003,
  /**
   * mcp-gateway: the once-only decision to seed the default access policy. Until issue 16 it
   * shared 7_340_003 with the servers file sync; see docs/decisions/024 for why this one moved.
   */
  gatewayDefaultPolicySeeding: 7_340_004,
  /** mcp-gateway: placing owners recorded before identity sources existed (migration 1795800019000). */
  gatewayLegacyOwnerPlacement: 7_340_019,
  /**
   * curation-api: claiming the sync lease (a running row in sync_jobs) and the transaction that
   * switches the catalog, so two replicas never run or write a sync at once (docs/decisions/036).
   */
  curationSync: 7_340_101,
  /**
   * curation-api: every change of protections and protection requests, so what a change read
   * (the previous protection, "protected already") is still true when it writes and records it
   * (docs/decisions/044). These are rare Admin and Guest actions; one lock serializes them.
   */
  curationProtection: 7_340_102,
  /**
   * curation-api: the transaction that checks protection and records a prune's intent, so two
   * prunes of one item cannot both find none running (docs/decisions/043).
   */
  curationPruneIntent: 7_340_103,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;

/**
 * Namespaces of locks taken one per object, with PostgreSQL's two-key form
 * `pg_advisory_lock(namespace, key)`: the namespace is the first key (an int4), the object's own
 * number the second. Two-key locks never meet the one-key ids above (pg_locks tells them apart by
 * `objsubid`), but each namespace still takes a number of its own from the same series, so the
 * table reads as one list. Like an id, a namespace never changes once released.
 */
export const ADVISORY_LOCK_NAMESPACES = {
  /**
   * curation-api: a prune's intent row, keyed by its ledger id; held at session level by the
   * connection the pruning process keeps for the prune, so its presence in pg_locks says the
   * writer is alive, its absence that the writer's session ended (docs/decisions/051).
   */
  curationIntentOwner: 7_340_104,
  /**
   * Every service: applying its migrations, keyed by `hashtext(schema)`; held at session level by
   * the connection that migrates, so replicas starting together on one database migrate one after
   * the other instead of racing to create the same tables (docs/decisions/058).
   */
  serviceMigrations: 7_340_900,
} as const;

export type AdvisoryLockNamespace = keyof typeof ADVISORY_LOCK_NAMESPACES;

/**
 * Runs `work` in a transaction that first takes the named transaction-scoped advisory lock, so the
 * lock is released with the commit or rollback whatever `work` does. Everything inside must go
 * through the manager handed to `work`: the embedded database runs one connection's transaction
 * at a time, so a query on another connection would wait for this one forever.
 */
export function withAdvisoryLock<T>(
  database: DataSource | EntityManager,
  lock: AdvisoryLock,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return database.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS[lock]]);
    return work(manager);
  });
}
