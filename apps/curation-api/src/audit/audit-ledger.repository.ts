// All SQL of the audit ledger: append a row, record an intent's steps, complete or settle it,
// read pages and the running total. Rows are never deleted. A row is never changed after it is
// written, except an intent (`in_progress`), and that only to complete it (docs/decisions/042):
// step by step by its writer (recordStep), at the end by its writer (complete, once), or as
// `interrupted` by whoever finds its writer gone (markInterrupted, keeping what was recorded).
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditAction } from './audit-actions';
import { writerGoneSql } from './intent-liveness';

export type AuditOutcome = 'completed' | 'in_progress' | 'interrupted';

export interface NewLedgerRow {
  readonly action: AuditAction;
  readonly title: string;
  /** The catalog item the row is about; absent for rows about users, keys, connections, settings. */
  readonly media?: { readonly itemId: string; readonly mediaType: 'movie' | 'series' };
  readonly bytesFreed: number;
  readonly actor: string;
  readonly executedAt: Date;
  readonly details: Readonly<Record<string, unknown>>;
  readonly outcome: 'completed' | 'in_progress';
  /** Required for `in_progress`: past it, the row reads as interrupted. */
  readonly deadlineAt?: Date;
}

export interface LedgerRow {
  readonly id: string;
  readonly action: AuditAction;
  readonly title: string;
  readonly mediaType: 'movie' | 'series' | null;
  readonly mediaItemId: string | null;
  readonly bytesFreed: number;
  readonly actor: string;
  readonly executedAt: Date;
  /** The stored JSON object as text. */
  readonly details: string;
  readonly outcome: AuditOutcome;
  readonly completedAt: Date | null;
}

export interface LedgerFilter {
  readonly action?: AuditAction;
  readonly actor?: string;
  readonly mediaItemId?: string;
  /** Inclusive lower and exclusive upper bound on executedAt. */
  readonly from?: Date;
  readonly to?: Date;
}

interface Row {
  id: string;
  action: AuditAction;
  title: string;
  media_type: 'movie' | 'series' | null;
  media_item_id: string | null;
  bytes_freed: string;
  actor: string;
  executed_at: Date;
  details: string;
  outcome: AuditOutcome;
  completed_at: Date | null;
}

// An in-progress row whose writer is gone (intent-liveness.ts) reads as interrupted even before
// anyone settles it.
function columns(nowParameter: string): string {
  return `l."id"::text AS "id", l."action", l."title", l."media_type", l."media_item_id", l."bytes_freed",
    l."actor", l."executed_at", l."details"::text AS "details", l."completed_at",
    CASE WHEN ${writerGoneSql('l', nowParameter)} THEN 'interrupted' ELSE l."outcome" END AS "outcome"`;
}

/** Who found an intent's writer gone: a service start, or a later prune of the same item. */
export type InterruptionFinder = 'startup' | 'prune';

@Injectable()
export class AuditLedgerRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  /**
   * Appends a row and adds it to the running totals; answers its id. The totals row stays locked
   * until the caller's transaction ends, so append as a transaction's last write (every feature
   * does): whoever holds it then takes no other lock, and no two mutations can deadlock over it.
   */
  append(row: NewLedgerRow, manager: EntityManager = this.database.manager): Promise<string> {
    return this.insert(row, false, manager);
  }

  /**
   * Appends an intent whose writer takes the liveness lock on `manager`'s session before the
   * transaction commits (IntentOwnerSession.hold): the row is then judged by that lock, never by
   * its deadline.
   */
  appendLockedIntent(row: NewLedgerRow, manager: EntityManager): Promise<string> {
    if (row.outcome !== 'in_progress') throw new Error('only an intent has a writer to lock');
    return this.insert(row, true, manager);
  }

  private async insert(row: NewLedgerRow, ownerLocked: boolean, manager: EntityManager): Promise<string> {
    if (row.outcome === 'in_progress' && row.deadlineAt === undefined)
      throw new Error('an in-progress ledger row needs a deadline');
    const inserted: { id: string }[] = await manager.query(
      `WITH "row" AS (
         INSERT INTO "curation"."audit_log"
           ("action", "title", "media_type", "media_item_id", "bytes_freed", "actor", "executed_at",
            "details", "outcome", "deadline_at", "completed_at", "owner_locked")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, CASE WHEN $9 = 'completed' THEN $7::timestamptz END, $11)
         RETURNING "id", "bytes_freed"),
       "total" AS (
         UPDATE "curation"."audit_totals" t
            SET "bytes_freed" = t."bytes_freed" + r."bytes_freed", "rows" = t."rows" + 1
           FROM "row" r WHERE t."id" = 1)
       SELECT "id"::text AS "id" FROM "row"`,
      [
        row.action,
        row.title,
        row.media?.mediaType ?? null,
        row.media?.itemId ?? null,
        String(row.bytesFreed),
        row.actor,
        row.executedAt,
        JSON.stringify(row.details),
        row.outcome,
        row.deadlineAt ?? null,
        ownerLocked,
      ],
    );
    const id = inserted[0]?.id;
    if (id === undefined) throw new Error('the audit row was not inserted');
    return id;
  }

  /**
   * Records one finished (or started) step of an intent while its writer works: `details.targets[index]`
   * becomes `step`, and `bytesFreed` is added to the row and the running total, so a writer that
   * crashes afterwards leaves the steps it finished, and their bytes, on record. Only a row still
   * in progress takes steps; false otherwise (settled as interrupted meanwhile: its writer's
   * `complete` will record everything).
   */
  async recordStep(
    id: string,
    index: number,
    step: Readonly<Record<string, unknown>>,
    bytesFreed: number,
    manager: EntityManager = this.database.manager,
  ): Promise<boolean> {
    if (!Number.isInteger(index) || index < 0) throw new RangeError(`step index must be >= 0, got ${index}`);
    if (!Number.isSafeInteger(bytesFreed) || bytesFreed < 0)
      throw new RangeError(`bytes freed must be >= 0, got ${bytesFreed}`);
    const rows: { id: string }[] = await manager.query(
      `WITH "row" AS (
         UPDATE "curation"."audit_log"
            SET "details" = jsonb_set("details", ARRAY['targets', $2::text], $3::jsonb),
                "bytes_freed" = "bytes_freed" + $4::bigint
          WHERE "id" = $1::bigint AND "outcome" = 'in_progress'
            AND jsonb_typeof("details" -> 'targets') = 'array'
            AND jsonb_array_length("details" -> 'targets') > $2::int
          RETURNING "id"),
       "total" AS (
         UPDATE "curation"."audit_totals" t SET "bytes_freed" = t."bytes_freed" + $4::bigint
           FROM "row" r WHERE t."id" = 1 AND $4::bigint > 0)
       SELECT "id"::text AS "id" FROM "row"`,
      [id, String(index), JSON.stringify(step), String(bytesFreed)],
    );
    return rows.length === 1;
  }

  /**
   * Settles an intent with what happened, once: false when the row is completed already (or is
   * not an intent). A row that reads or was settled as interrupted is still completed by its
   * writer: a writer that reports is alive (its connection, and so its lock, was lost, or its
   * deadline was too short), and what it deleted belongs in the ledger and its total. The running
   * total moves by the difference to what the row held (its recorded steps).
   */
  async complete(
    id: string,
    completion: {
      readonly bytesFreed: number;
      readonly details: Readonly<Record<string, unknown>>;
      readonly at: Date;
    },
    manager: EntityManager = this.database.manager,
  ): Promise<boolean> {
    const rows: { id: string }[] = await manager.query(
      `WITH "before" AS (
         SELECT "id", "bytes_freed" FROM "curation"."audit_log"
          WHERE "id" = $1::bigint AND "outcome" IN ('in_progress', 'interrupted') FOR UPDATE),
       "row" AS (
         UPDATE "curation"."audit_log" l
            SET "outcome" = 'completed', "bytes_freed" = $2, "details" = $3::jsonb, "completed_at" = $4
           FROM "before" b WHERE l."id" = b."id"
          RETURNING l."id", $2::bigint - b."bytes_freed" AS "change"),
       "total" AS (
         UPDATE "curation"."audit_totals" t SET "bytes_freed" = t."bytes_freed" + r."change"
           FROM "row" r WHERE t."id" = 1 AND r."change" <> 0)
       SELECT "id"::text AS "id" FROM "row"`,
      [id, String(completion.bytesFreed), JSON.stringify(completion.details), completion.at],
    );
    return rows.length === 1;
  }

  /**
   * Settles as interrupted every intent whose writer is gone (intent-liveness.ts: its lock is free,
   * or, for a row without one, its deadline has passed), optionally only those of `action` on
   * `itemIds`; answers their ids. What the writer recorded (its steps, their bytes) stays, with
   * `details.interrupted: {at, by}` added. A live writer's row is never touched.
   */
  async markInterrupted(
    now: Date,
    scope: {
      readonly by?: InterruptionFinder;
      readonly action?: AuditAction;
      readonly itemIds?: readonly string[];
    } = {},
    manager: EntityManager = this.database.manager,
  ): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `WITH "row" AS (
       UPDATE "curation"."audit_log" l
          SET "outcome" = 'interrupted',
              "details" = l."details" || jsonb_build_object(
                'interrupted', jsonb_build_object('at', $5::text, 'by', $2::text))
        WHERE l."outcome" = 'in_progress'
          AND ($3::text IS NULL OR l."action" = $3)
          AND ($4::text[] IS NULL OR l."media_item_id" = ANY($4::text[]))
          AND ${writerGoneSql('l', '$1')}
        RETURNING l."id")
       SELECT "id"::text AS "id" FROM "row" ORDER BY "id"`,
      [now, scope.by ?? 'startup', scope.action ?? null, scope.itemIds ?? null, now.toISOString()],
    );
    return rows.map((row) => row.id);
  }

  /** Per item among `itemIds`, the oldest row of `action` still in progress at `now` (its writer alive). */
  async inProgress(
    action: string,
    itemIds: readonly string[],
    now: Date,
    manager: EntityManager = this.database.manager,
  ): Promise<Map<string, string>> {
    const rows: { item_id: string; id: string }[] = await manager.query(
      `SELECT DISTINCT ON ("media_item_id") "media_item_id" AS "item_id", "id"::text AS "id"
         FROM "curation"."audit_log"
        WHERE "media_item_id" = ANY($1::text[]) AND "action" = $2 AND "outcome" = 'in_progress'
          AND NOT ${writerGoneSql('"audit_log"', '$3')}
        ORDER BY "media_item_id", "id"`,
      [itemIds, action, now],
    );
    return new Map(rows.map((row) => [row.item_id, row.id]));
  }

  async find(
    id: string,
    now: Date,
    manager: EntityManager = this.database.manager,
  ): Promise<LedgerRow | null> {
    if (!/^[1-9][0-9]{0,17}$/.test(id)) return null;
    const rows: Row[] = await manager.query(
      `SELECT ${columns('$1')} FROM "curation"."audit_log" l WHERE l."id" = $2::bigint`,
      [now, id],
    );
    return rows[0] === undefined ? null : ledgerRowOf(rows[0]);
  }

  /**
   * A page, newest first, with the number of rows the filter matches. The page's ids come from an
   * index-only walk of the filter's (…, executed_at, id) index and only they are read from the
   * table, so a deep offset costs index entries rather than table rows; the unfiltered count is
   * the running one (audit_totals.rows), a filtered one counts its index range.
   */
  async page(
    filter: LedgerFilter,
    page: { readonly limit: number; readonly offset: number },
    now: Date,
    manager: EntityManager = this.database.manager,
  ): Promise<{ rows: LedgerRow[]; total: number }> {
    const values: unknown[] = [];
    const where: string[] = [];
    const add = (value: unknown): string => {
      values.push(value);
      return `$${values.length}`;
    };
    if (filter.action !== undefined) where.push(`"action" = ${add(filter.action)}`);
    if (filter.actor !== undefined) where.push(`"actor" = ${add(filter.actor)}`);
    if (filter.mediaItemId !== undefined) where.push(`"media_item_id" = ${add(filter.mediaItemId)}`);
    if (filter.from !== undefined) where.push(`"executed_at" >= ${add(filter.from)}::timestamptz`);
    if (filter.to !== undefined) where.push(`"executed_at" < ${add(filter.to)}::timestamptz`);
    const whereSql = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
    const counting: Promise<{ total: string }[]> =
      where.length === 0
        ? manager.query('SELECT "rows"::text AS "total" FROM "curation"."audit_totals" WHERE "id" = 1')
        : manager.query(`SELECT count(*) AS "total" FROM "curation"."audit_log" ${whereSql}`, [...values]);
    // = ANY(ARRAY(…)) rather than a join: the planner then looks the page's rows up by id instead
    // of hashing the whole table (36 ms against 8 ms for a page of 1000).
    const paging: Promise<Row[]> = manager.query(
      `SELECT ${columns(add(now))} FROM "curation"."audit_log" l
        WHERE l."id" = ANY(ARRAY(
          SELECT "id" FROM "curation"."audit_log" ${whereSql}
           ORDER BY "executed_at" DESC, "id" DESC LIMIT ${add(page.limit)} OFFSET ${add(page.offset)}))
        ORDER BY l."executed_at" DESC, l."id" DESC`,
      values,
    );
    const [counted, rows] = await Promise.all([counting, paging]);
    return { rows: rows.map(ledgerRowOf), total: Number(counted[0]?.total ?? 0) };
  }

  /** Bytes freed over the whole ledger (not a page). */
  async totalBytesFreed(manager: EntityManager = this.database.manager): Promise<number> {
    const rows: { bytes_freed: string }[] = await manager.query(
      'SELECT "bytes_freed"::text AS "bytes_freed" FROM "curation"."audit_totals" WHERE "id" = 1',
    );
    if (rows[0] === undefined)
      throw new Error('the audit totals row is missing (migration 1796500000000 creates it)');
    return Number(rows[0].bytes_freed);
  }
}

function ledgerRowOf(row: Row): LedgerRow {
  return {
    id: row.id,
    action: row.action,
    title: row.title,
    mediaType: row.media_type,
    mediaItemId: row.media_item_id,
    bytesFreed: Number(row.bytes_freed),
    actor: row.actor,
    executedAt: row.executed_at,
    details: row.details,
    outcome: row.outcome,
    completedAt: row.completed_at,
  };
}
