// The follow-ups never outlast the prune's ledger deadline, so a prune ends within the bound its
// row states (and a row written without a liveness lock, judged by that deadline, never reads
// interrupted while its prune runs). Without time left they are not started; running, they are
// given up on at the deadline less the ledger's reserve.
import type { Clock } from '@platform/service-kit';
import type { ConnectionRepository } from '../connections/connection.repository';
import type { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import type { SettingsRepository, StoredSettings } from '../settings/settings.repository';
import type { PruneClientFactory } from './prune-clients';
import { LEDGER_COMPLETION_RESERVE_MS, pruneDeadlineMs, pruneTuning } from './prune-clients';
import { PruneFollowUps } from './prune-follow-ups';
import type { PrunePlan, TargetOutcome } from './prune-plan';
import type { PruneRepository } from './prune.repository';
import { MATRIX } from './prune-unit.spec-helpers';

const NOW = Date.UTC(2026, 10, 26, 12);
const clock: Clock = { nowMs: () => NOW, now: () => new Date(NOW) };

const plan = {
  item: MATRIX,
  seasonNumber: null,
  addToImportExclusion: false,
  targets: [],
} as Partial<PrunePlan> as PrunePlan;
const outcomes = [
  { status: 'deleted', bytesFreed: 100, removedWhole: true } as Partial<TargetOutcome> as TargetOutcome,
];

/** Plex refresh on, Overseerr off; Plex's section list never answers. */
function followUps(): { followUps: PruneFollowUps; settingsReads: () => number } {
  let settingsReads = 0;
  const settings: Pick<SettingsRepository, 'current'> = {
    current: async () => {
      settingsReads += 1;
      return {
        pruneResetsOverseerr: false,
        pruneRefreshesPlex: true,
      } as Partial<StoredSettings> as StoredSettings;
    },
  };
  const bindings = {
    current: async () => ({ baseUrl: 'http://plex.invalid', token: 'token' }),
  } as Partial<MediaServerBindingRepository> as MediaServerBindingRepository;
  const clients = {
    plexServer: () => ({ getSections: () => new Promise<never>(() => undefined) }),
  } as unknown as PruneClientFactory;
  return {
    followUps: new PruneFollowUps(
      settings as SettingsRepository,
      {} as PruneRepository,
      {} as ConnectionRepository,
      bindings,
      clients,
      clock,
    ),
    settingsReads: () => settingsReads,
  };
}

describe('follow-ups and the prune deadline', () => {
  it('are not started when only the ledger reserve is left', async () => {
    const { followUps: subject, settingsReads } = followUps();
    const deadline = new Date(NOW + LEDGER_COMPLETION_RESERVE_MS);
    const outcome = await subject.run(plan, outcomes, 'updated', deadline);
    expect(outcome).toEqual({
      overseerr: "skipped: no time left before the prune's deadline",
      plex: "skipped: no time left before the prune's deadline",
    });
    expect(settingsReads()).toBe(0);
  });

  it('are given up on at the deadline less the reserve, saying the call may still complete', async () => {
    const { followUps: subject } = followUps();
    const deadline = new Date(NOW + LEDGER_COMPLETION_RESERVE_MS + 5);
    const outcome = await subject.run(plan, outcomes, 'updated', deadline);
    expect(outcome.plex).toMatch(/^failed: not finished by the prune's deadline .*may still complete/);
  });

  it('have their own budget in the deadline, beyond the targets and the bookkeeping', () => {
    const tuning = pruneTuning(1000, 4);
    // One wave of targets either way: the follow-ups and bookkeeping are what a first target adds.
    const fixedPart = pruneDeadlineMs(tuning, 1) - (pruneDeadlineMs(tuning, 5) - pruneDeadlineMs(tuning, 1));
    // Bookkeeping (60 s) + follow-ups: two reads (3 tries of 1 s, 250 + 500 ms backoff) and two changes.
    expect(fixedPart).toBe(60_000 + 2 * (3 * 1000 + 750) + 2 * 1000);
  });
});
