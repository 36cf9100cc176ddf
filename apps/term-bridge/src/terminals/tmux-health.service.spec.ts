import { describe, expect, it } from '@jest/globals';
import { ManualClock } from '@platform/service-kit';
import type { TmuxClient } from '@platform/tmux';
import type { SessionMonitors } from './session-monitors.service';
import { TmuxHealthService } from './tmux-health.service';

function healthWith(clock: ManualClock) {
  const calls = { version: 0 };
  const tmux = {
    version: async () => {
      calls.version += 1;
      return `3.${calls.version}`;
    },
    listSessions: async () => [],
  } as unknown as TmuxClient;
  const monitors = { attachedCount: 0 } as SessionMonitors;
  return {
    health: new TmuxHealthService(tmux, monitors, { binary: 'tmux', socketName: 'test' }, clock),
    calls,
  };
}

describe('TmuxHealthService', () => {
  it('asks tmux at most once per two seconds of the service clock', async () => {
    const clock = new ManualClock();
    const { health, calls } = healthWith(clock);
    expect((await health.healthDetails()).tmux.version).toBe('3.1');
    clock.advance(2000);
    expect((await health.healthDetails()).tmux.version).toBe('3.1');
    clock.advance(1);
    expect((await health.healthDetails()).tmux.version).toBe('3.2');
    expect(calls.version).toBe(2);
  });
});
