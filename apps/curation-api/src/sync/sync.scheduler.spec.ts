// The scheduler's tick with fakes: it syncs only when an interval is set, a server is bound, no
// sync ran within the interval on any replica, and none runs here; a lost race is not an error.
import { DomainError } from '@platform/service-kit';
import type { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { SyncErrorCode } from './sync-errors';
import type { SyncJobRepository } from './sync-job.repository';
import { SyncScheduler } from './sync.scheduler';
import type { SyncService } from './sync.service';

function scheduler(options: {
  interval?: number;
  bound?: boolean;
  due?: boolean;
  running?: boolean;
  start?: () => Promise<unknown>;
}) {
  const started: string[] = [];
  const dueAsked: number[] = [];
  const sync = {
    running: options.running ?? false,
    start: (trigger: string) => {
      started.push(trigger);
      return options.start?.() ?? Promise.resolve({ jobId: 'j' });
    },
  } as unknown as SyncService;
  const jobs = {
    scheduledSyncDue: (minutes: number) => {
      dueAsked.push(minutes);
      return Promise.resolve(options.due ?? true);
    },
  } as unknown as SyncJobRepository;
  const bindings = {
    isBound: () => Promise.resolve(options.bound ?? true),
  } as unknown as MediaServerBindingRepository;
  return {
    tick: () => new SyncScheduler(options.interval ?? 60, sync, jobs, bindings).tick(),
    started,
    dueAsked,
  };
}

describe('SyncScheduler.tick', () => {
  it('starts a scheduled sync when one is due, asking with the configured interval', async () => {
    const { tick, started, dueAsked } = scheduler({});
    expect(await tick()).toBe(true);
    expect(started).toEqual(['scheduler']);
    expect(dueAsked).toEqual([60]);
  });

  it.each([
    ['the interval is 0', { interval: 0 }],
    ['no server is bound', { bound: false }],
    ['a sync started within the interval', { due: false }],
    ['a sync runs in this process', { running: true }],
  ])('does nothing when %s', async (_case, options) => {
    const { tick, started } = scheduler(options);
    expect(await tick()).toBe(false);
    expect(started).toEqual([]);
  });

  it('takes a sync another replica claimed first as a normal outcome', async () => {
    const lost = new DomainError('conflict', SyncErrorCode.AlreadyRunning, 'running');
    const { tick } = scheduler({ start: () => Promise.reject(lost) });
    expect(await tick()).toBe(false);
  });
});
