// All SQL about sync runs (sync_jobs). A running row is the sync's lease: it is claimed in a short
// transaction under the `curationSync` advisory lock, kept alive by heartbeats, and taken over
// once its heartbeat is older than LEASE_SECONDS, so a crashed replica blocks syncs for at most
// that long (docs/decisions/036). Times come from the database: the one clock all replicas share.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { withAdvisoryLock } from '@platform/service-kit';
import type { SyncFailure } from './source-fetcher';

/** A running job whose heartbeat is older than this is abandoned (its replica stopped). */
export const LEASE_SECONDS = 120;

export type SyncState = 'idle' | 'running' | 'succeeded' | 'failed';
export type SyncTrigger = 'manual' | 'schedule';

export interface SyncStatus {
  readonly state: SyncState;
  readonly jobId: string | null;
  readonly phase: string | null;
  readonly processed: number;
  readonly total: number;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly errors: readonly SyncFailure[];
}

export type LeaseClaim =
  | { readonly claimed: true; readonly jobId: string }
  | { readonly claimed: false; readonly running: SyncStatus };

interface JobRow {
  id: string;
  state: 'running' | 'succeeded' | 'failed';
  phase: string;
  processed: number;
  total: number;
  errors: SyncFailure[];
  started_at: Date;
  finished_at: Date | null;
}

const COLUMNS = '"id", "state", "phase", "processed", "total", "errors", "started_at", "finished_at"';
const IDLE: SyncStatus = {
  state: 'idle',
  jobId: null,
  phase: null,
  processed: 0,
  total: 0,
  startedAt: null,
  finishedAt: null,
  errors: [],
};

@Injectable()
export class SyncJobRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  /** The newest job, or `idle` when there never was one. */
  async latest(manager: EntityManager = this.database.manager): Promise<SyncStatus> {
    const rows: JobRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM "curation"."sync_jobs" ORDER BY "started_at" DESC, "id" LIMIT 1`,
    );
    return rows[0] === undefined ? IDLE : statusOf(rows[0]);
  }

  /**
   * Starts a job unless another one holds a live lease. An abandoned one (no heartbeat for
   * LEASE_SECONDS) is closed as failed first, naming why. `onClaimed` runs in the claim's
   * transaction (the ledger row of the start lands exactly when the job does).
   */
  claim(
    trigger: SyncTrigger,
    requestedBy: string | null,
    onClaimed: (jobId: string, manager: EntityManager) => Promise<unknown>,
  ): Promise<LeaseClaim> {
    return withAdvisoryLock(this.database, 'curationSync', async (manager) => {
      const running: (JobRow & { live: boolean })[] = await manager.query(
        `SELECT ${COLUMNS}, "heartbeat_at" > now() - make_interval(secs => $1) AS "live"
           FROM "curation"."sync_jobs" WHERE "state" = 'running' ORDER BY "started_at" DESC`,
        [LEASE_SECONDS],
      );
      const live = running.find((job) => job.live);
      if (live !== undefined) return { claimed: false, running: statusOf(live) };
      if (running.length > 0) {
        await manager.query(
          `UPDATE "curation"."sync_jobs"
              SET "state" = 'failed', "finished_at" = now(),
                  "errors" = "errors" || jsonb_build_array(jsonb_build_object('source', 'sync', 'message',
                    'abandoned: the replica running it stopped sending heartbeats'))
            WHERE "state" = 'running'`,
        );
      }
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO "curation"."sync_jobs" ("state", "trigger", "requested_by", "phase")
         VALUES ('running', $1, $2, 'starting') RETURNING "id"`,
        [trigger, requestedBy],
      );
      const jobId = (inserted[0] as { id: string }).id;
      await onClaimed(jobId, manager);
      return { claimed: true, jobId };
    });
  }

  /** Progress doubles as the heartbeat. False when the job no longer holds the lease. */
  async progress(
    jobId: string,
    progress: { phase: string; processed: number; total: number; httpRequests: number },
  ): Promise<boolean> {
    const rows: unknown[] = await this.database.query(
      `UPDATE "curation"."sync_jobs"
          SET "phase" = $2, "processed" = $3, "total" = $4, "http_requests" = $5, "heartbeat_at" = now()
        WHERE "id" = $1 AND "state" = 'running' RETURNING 1`,
      [jobId, progress.phase, progress.processed, progress.total, progress.httpRequests],
    );
    return rows.length > 0;
  }

  async heartbeat(jobId: string): Promise<void> {
    await this.database.query(
      `UPDATE "curation"."sync_jobs" SET "heartbeat_at" = now() WHERE "id" = $1 AND "state" = 'running'`,
      [jobId],
    );
  }

  /**
   * Locks the job's row inside the switching transaction: true while it still holds the lease. A
   * job taken over as abandoned must not write over the sync that replaced it.
   */
  async holdsLease(jobId: string, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM "curation"."sync_jobs" WHERE "id" = $1 AND "state" = 'running' FOR UPDATE`,
      [jobId],
    );
    return rows.length > 0;
  }

  async succeed(
    jobId: string,
    counts: { total: number; httpRequests: number },
    manager: EntityManager,
  ): Promise<void> {
    // clock_timestamp(), not now(): this runs at the end of the switch's transaction, and now()
    // would give the moment it began, before the writing it finishes.
    await manager.query(
      `UPDATE "curation"."sync_jobs"
          SET "state" = 'succeeded', "phase" = 'done', "processed" = $2, "total" = $2, "http_requests" = $3,
              "finished_at" = clock_timestamp(), "heartbeat_at" = clock_timestamp()
        WHERE "id" = $1 AND "state" = 'running'`,
      [jobId, counts.total, counts.httpRequests],
    );
  }

  async fail(jobId: string, errors: readonly SyncFailure[], httpRequests: number): Promise<void> {
    await this.database.query(
      `UPDATE "curation"."sync_jobs"
          SET "state" = 'failed', "errors" = $2::jsonb, "http_requests" = $3, "finished_at" = now()
        WHERE "id" = $1 AND "state" = 'running'`,
      [jobId, JSON.stringify(errors), httpRequests],
    );
  }

  /** True when no job started within the last `minutes` (on any replica). */
  async scheduledSyncDue(minutes: number): Promise<boolean> {
    const rows: { due: boolean }[] = await this.database.query(
      `SELECT NOT EXISTS (
         SELECT 1 FROM "curation"."sync_jobs" WHERE "started_at" > now() - make_interval(mins => $1)
       ) AS "due"`,
      [minutes],
    );
    return rows[0]?.due === true;
  }
}

function statusOf(row: JobRow): SyncStatus {
  return {
    state: row.state,
    jobId: row.id,
    phase: row.phase,
    processed: row.processed,
    total: row.total,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    errors: row.errors.map((error) => ({ source: error.source, message: error.message })),
  };
}
