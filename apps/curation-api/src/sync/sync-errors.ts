// Every refusal of the sync endpoints, as domain errors with stable codes; the service kit's
// problem+json filter maps their kinds to HTTP statuses once.
import { DomainError } from '@platform/service-kit';
import type { SyncStatus } from './sync-job.repository';

export const SyncErrorCode = {
  AlreadyRunning: 'sync.already-running',
  ServerNotBound: 'sync.server-not-bound',
} as const;

export type SyncErrorCode = (typeof SyncErrorCode)[keyof typeof SyncErrorCode];

export const SyncErrors = {
  alreadyRunning: (running: SyncStatus) =>
    new DomainError(
      'conflict',
      SyncErrorCode.AlreadyRunning,
      `A sync is already running (job ${running.jobId ?? 'unknown'}, started ${running.startedAt ?? 'unknown'}).`,
      { runningJob: running },
    ),
  serverNotBound: () =>
    new DomainError(
      'conflict',
      SyncErrorCode.ServerNotBound,
      'No Plex Media Server is bound yet: bind one (POST /api/v1/mediaserver/bind) before syncing.',
    ),
};
