// Starts a sync every CURATION_SYNC_INTERVAL_MINUTES (0: only on demand). Every replica ticks; a
// tick syncs only when no job (on any replica) started within the interval, and the lease keeps two
// ticks from running together, so replicas do not multiply syncs.
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainError } from '@platform/service-kit';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { SyncErrorCode } from './sync-errors';
import { SyncJobRepository } from './sync-job.repository';
import { SyncService } from './sync.service';

/** Ticks at least this often, so a replica notices within minutes that another one stopped syncing. */
const MAX_TICK_MINUTES = 5;

@Injectable()
export class SyncScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SyncScheduler');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMinutes: number,
    private readonly sync: SyncService,
    private readonly jobs: SyncJobRepository,
    private readonly bindings: MediaServerBindingRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (this.intervalMinutes === 0) return;
    const tickMs = Math.min(this.intervalMinutes, MAX_TICK_MINUTES) * 60_000;
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Starts a sync when one is due; true when it started one. Never rejects. */
  async tick(): Promise<boolean> {
    try {
      if (this.intervalMinutes === 0 || this.sync.running) return false;
      if (!(await this.bindings.isBound())) return false;
      if (!(await this.jobs.scheduledSyncDue(this.intervalMinutes))) return false;
      await this.sync.start('scheduler');
      return true;
    } catch (error) {
      // Another replica claimed it between our check and our claim: that is the lease working.
      if (error instanceof DomainError && error.code === SyncErrorCode.AlreadyRunning) return false;
      this.logger.error(
        `scheduled sync did not start: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }
}
