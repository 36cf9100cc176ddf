// Whether the writer of an intent (a prune's `in_progress` ledger row) is alive, exactly
// (docs/decisions/051). The writer holds the session-level advisory lock (namespace, key of the
// row's id) on a connection it keeps until it has completed the row; PostgreSQL drops the lock with
// the session, so a crashed writer's lock is gone at once. pg_locks is read rather than trying the
// lock: a try from the writer's own session (the embedded database runs every connection in one
// session) would succeed and read a live writer as dead. Rows whose writer took no lock (written
// before migration 1796910000000) fall back to their deadline.
import { ADVISORY_LOCK_NAMESPACES } from '@platform/service-kit';

export const INTENT_OWNER_NAMESPACE = ADVISORY_LOCK_NAMESPACES.curationIntentOwner;

/** Lock keys are int4; ledger ids are bigint. Two live intents 2^31 ids apart would share one. */
const KEY_SPACE = 2_147_483_648n;

/** The second key of the lock an intent's writer holds: its ledger id modulo 2^31. */
export function intentLockKey(id: string): number {
  if (!/^[1-9][0-9]{0,18}$/.test(id)) throw new Error(`not a ledger id: ${JSON.stringify(id)}`);
  return Number(BigInt(id) % KEY_SPACE);
}

/**
 * SQL that is true when the row `alias` is an intent whose writer is gone: for a row whose writer
 * holds a lock, the lock is in no session (its deadline does not matter: a live writer's row never
 * reads interrupted, however long it runs); for one without, its deadline has passed. `now` is the
 * SQL of a timestamptz parameter. A CASE, so the lock table is read only for rows in progress.
 */
export function writerGoneSql(alias: string, now: string): string {
  return `(CASE
      WHEN ${alias}."outcome" <> 'in_progress' THEN false
      WHEN NOT ${alias}."owner_locked" THEN ${alias}."deadline_at" <= ${now}::timestamptz
      ELSE NOT EXISTS (
        SELECT 1 FROM pg_catalog.pg_locks k
         WHERE k."locktype" = 'advisory' AND k."granted" AND k."objsubid" = 2
           AND k."database" = (SELECT d."oid" FROM pg_catalog.pg_database d WHERE d."datname" = current_database())
           AND k."classid" = ${INTENT_OWNER_NAMESPACE}::oid
           AND k."objid" = (${alias}."id" % ${KEY_SPACE.toString()})::oid)
    END)`;
}
