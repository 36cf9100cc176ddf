// Runs syncs: claims the lease, reads every source, builds the catalog and switches it in one
// transaction, recording progress and the outcome in sync_jobs (docs/decisions/036). One run per
// process at a time; the lease keeps other replicas out.
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { withAdvisoryLock } from '@platform/service-kit';
import { actorName, type Caller } from '../access/caller';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger, type SystemActor } from '../audit/audit-ledger';
import { ConnectionRepository } from '../connections/connection.repository';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import type { MediaServerBinding } from '../mediaserver/media-server-binding.repository';
import { buildCatalog } from './catalog-builder';
import { catalogDigestOf, sourcesDigestOf } from './catalog-digest';
import type { CatalogRows } from './catalog-rows';
import { PhaseTimes } from './phase-times';
import { CatalogWriteRepository } from './catalog-write.repository';
import { digestOfBytes, UnreadableCachePayload } from './source-cache';
import { materialize } from './source-snapshot';
import { SourceFetcher } from './source-fetcher';
import type { FetchOutcome } from './source-fetcher';
import { SyncErrors } from './sync-errors';
import { SyncJobRepository } from './sync-job.repository';
import type { SyncStatus } from './sync-job.repository';
import { SyncSourceCacheRepository } from './sync-source-cache.repository';
import type { CatalogState, StoredUpdate } from './sync-source-cache.repository';
import { SYNC_SOURCE_FACTORY } from './sync-sources';
import type { SyncSourceFactory } from './sync-sources';

/** Well inside LEASE_SECONDS, so a slow page never makes a live run look abandoned. */
const HEARTBEAT_MS = 15_000;
/** How long shutdown waits for a running sync before leaving it to expire. */
const SHUTDOWN_WAIT_MS = 10_000;

@Injectable()
export class SyncService implements OnModuleDestroy {
  private readonly logger = new Logger('Sync');
  private current: Promise<void> | null = null;

  constructor(
    private readonly jobs: SyncJobRepository,
    private readonly catalog: CatalogWriteRepository,
    private readonly bindings: MediaServerBindingRepository,
    private readonly connections: ConnectionRepository,
    @Inject(SYNC_SOURCE_FACTORY) private readonly sources: SyncSourceFactory,
    @InjectDataSource() private readonly database: DataSource,
    private readonly ledger: AuditLedger,
    private readonly sourceCache: SyncSourceCacheRepository,
  ) {}

  /**
   * Starts a sync in the background, for a caller or the scheduler; refused while one runs here
   * or on another replica. The start is a mutation: it gets a `sync.started` ledger row.
   */
  async start(by: Caller | SystemActor): Promise<{ jobId: string }> {
    const binding = await this.bindings.current();
    if (binding === null) throw SyncErrors.serverNotBound();
    const trigger = by === 'scheduler' ? 'schedule' : 'manual';
    const requestedBy = by === 'scheduler' ? null : actorName(by);
    const claim = await this.jobs.claim(trigger, requestedBy, (jobId, manager) =>
      this.ledger.record(
        by,
        { action: AuditAction.SyncStarted, title: `Sync ${jobId}`, details: { jobId, trigger } },
        manager,
      ),
    );
    if (!claim.claimed) throw SyncErrors.alreadyRunning(claim.running);
    const run = this.run(claim.jobId, binding).finally(() => {
      if (this.current === run) this.current = null;
    });
    this.current = run;
    return { jobId: claim.jobId };
  }

  status(): Promise<SyncStatus> {
    return this.jobs.latest();
  }

  /** True while this process runs a sync. */
  get running(): boolean {
    return this.current !== null;
  }

  /** Resolves when this process's running sync (if any) has ended; for tests and shutdown. */
  async settled(): Promise<void> {
    await this.current;
  }

  async onModuleDestroy(): Promise<void> {
    const current = this.current;
    if (current === null) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([current, new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** Never rejects: every failure ends in the job's row (and the log). */
  private async run(jobId: string, binding: MediaServerBinding): Promise<void> {
    const heartbeat = setInterval(() => {
      this.jobs
        .heartbeat(jobId)
        .catch((error: unknown) => this.logger.warn(`sync heartbeat failed: ${String(error)}`));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const fetcher = new SourceFetcher(this.sources, (done, total) =>
      this.report(jobId, 'fetching', done, total, fetcher.httpRequests),
    );
    try {
      const times = new PhaseTimes();
      const stored = await times.time('cache read', () => this.sourceCache.read());
      const connections = await this.connections.listWithKeys();
      const outcome = await times.time('fetch', () => fetcher.fetch(binding, connections, stored));
      await this.progressWrites;
      if (!outcome.ok) {
        await this.jobs.fail(jobId, outcome.errors, fetcher.httpRequests);
        this.logger.warn(`sync ${jobId} failed: ${outcome.errors.map((error) => error.message).join('; ')}`);
        return;
      }
      const switched = await this.store(jobId, outcome, fetcher, times);
      if (switched === null) {
        this.logger.warn(
          `sync ${jobId} lost its lease (taken over as abandoned); its catalog was not written`,
        );
        return;
      }
      if (switched.rewritten) {
        await times
          .time('vacuum', () => this.catalog.tidy(this.database.manager))
          .catch((error: unknown) => this.logger.warn(`catalog tables not vacuumed: ${String(error)}`));
      }
      const { reuse } = outcome;
      this.logger.log(
        `sync ${jobId} succeeded: ${switched.items} items, ${fetcher.httpRequests} HTTP requests; ` +
          `${switched.rewritten ? 'catalog rewritten' : 'catalog unchanged, not rewritten'}; reused ` +
          `${reuse.sectionsReused} Plex sections, the episode files of ${reuse.sonarrSeriesReused} series, ` +
          `${reuse.historyIncremental ? 'the history up to its newest plays' : 'nothing of the history'}; ${times}; fetch by source: ${fetcher.sourceTimes}`,
      );
    } catch (error) {
      this.logger.error(
        `sync ${jobId} failed unexpectedly`,
        error instanceof Error ? error.stack : String(error),
      );
      if (error instanceof UnreadableCachePayload) {
        // A defect: the next sync reads every source instead of failing the same way.
        await this.sourceCache
          .clear()
          .catch((failure: unknown) => this.logger.error(`source cache not cleared: ${String(failure)}`));
      }
      await this.jobs
        .fail(
          jobId,
          [{ source: 'sync', message: 'unexpected failure (see the service log)' }],
          fetcher.httpRequests,
        )
        .catch((failure: unknown) =>
          this.logger.error(`could not record the failure of sync ${jobId}: ${String(failure)}`),
        );
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * From a complete fetch to a switched catalog: the cache updates encoded, the sources digested,
   * the catalog built only when the sources differ from those it was built from, then the switch.
   */
  private async store(
    jobId: string,
    outcome: Extract<FetchOutcome, { ok: true }>,
    fetcher: SourceFetcher,
    times: PhaseTimes,
  ): Promise<{ rewritten: boolean; items: number } | null> {
    const updates = await times.time('cache encode', () =>
      Promise.all(
        outcome.cache.updates.map(async (update) => {
          const payload = await update.payload;
          return { ...update, payload, payloadDigest: digestOfBytes(payload) };
        }),
      ),
    );
    const sources = times.timeSync('sources digest', () =>
      sourcesDigestOf(outcome.snapshot, outcome.cache, updates),
    );
    let built: { rows: CatalogRows; digest: string } | undefined;
    const build = async () => {
      this.report(jobId, 'matching', 0, 0, fetcher.httpRequests);
      const snapshot = await times.time('cache decode', () => materialize(outcome.snapshot));
      const rows = times.timeSync('build', () => buildCatalog(snapshot));
      built = { rows, digest: times.timeSync('rows digest', () => catalogDigestOf(rows)) };
      return built;
    };
    const last = await this.sourceCache.catalogState();
    if (sources === null || last?.sourcesDigest !== sources) await build();
    this.report(jobId, 'writing', 0, built?.rows.items.length ?? last?.items ?? 0, fetcher.httpRequests);
    await this.progressWrites;
    const kept = outcome.cache.kept.map((entry) => entry.key);
    return times.time('switch', () =>
      this.switchCatalog(
        jobId,
        sources,
        async () => built ?? (await build()),
        { updates, kept },
        fetcher.httpRequests,
      ),
    );
  }

  /**
   * The switch (docs/decisions/036, 052): in one transaction under the sync lock, the catalog's
   * rows replaced unless the sources or the rows equal those of the catalog as it stands (a write
   * by anything else since forgets them), the source cache stored, the job marked succeeded. Null
   * when the job lost its lease.
   */
  private switchCatalog(
    jobId: string,
    sources: string | null,
    build: () => Promise<{ rows: CatalogRows; digest: string }>,
    cache: { readonly updates: readonly StoredUpdate[]; readonly kept: readonly string[] },
    httpRequests: number,
  ): Promise<{ rewritten: boolean; items: number } | null> {
    return withAdvisoryLock(this.database, 'curationSync', async (manager) => {
      if (!(await this.jobs.holdsLease(jobId, manager))) return null;
      const last = await this.sourceCache.catalogState(manager);
      let state: CatalogState;
      let rewritten = false;
      if (sources !== null && last !== null && last.sourcesDigest === sources) {
        state = last;
      } else {
        const { rows, digest } = await build();
        rewritten = last?.rowsDigest !== digest;
        if (rewritten) await this.catalog.replace(rows, manager);
        state = { rowsDigest: digest, sourcesDigest: sources, items: rows.items.length };
      }
      await this.sourceCache.save(manager, cache.updates, cache.kept, state);
      await this.jobs.succeed(jobId, { total: state.items, httpRequests }, manager);
      return { rewritten, items: state.items };
    });
  }

  /** Progress writes in order, one at a time; a failed one is only logged (the next one repeats it). */
  private progressWrites: Promise<void> = Promise.resolve();

  private report(jobId: string, phase: string, processed: number, total: number, httpRequests: number): void {
    this.progressWrites = this.progressWrites
      .then(() => this.jobs.progress(jobId, { phase, processed, total, httpRequests }))
      .then(
        () => undefined,
        (error: unknown) => this.logger.warn(`sync progress not recorded: ${String(error)}`),
      );
  }
}
