import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SettleTimer, type SettleOutcome } from './settle-timer';

const TIMINGS = { quietMs: 800, firstOutputMs: 3000, maxMs: 20_000 };

describe('settle timer (virtual time)', () => {
  let clock = 0;
  let timer: SettleTimer;
  let outcome: SettleOutcome | undefined;

  beforeEach(() => {
    jest.useFakeTimers();
    clock = 0;
    outcome = undefined;
    timer = new SettleTimer(TIMINGS, () => clock);
    void timer.settled.then((value) => (outcome = value));
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  async function advance(ms: number): Promise<void> {
    clock += ms;
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  }

  it('ignores changes before the input is complete (the echo of typed text)', async () => {
    timer.change();
    await advance(10_000);
    expect(outcome).toBeUndefined();
  });

  it('settles after the quiet period following the last change', async () => {
    timer.start();
    await advance(100);
    timer.change();
    await advance(799);
    expect(outcome).toBeUndefined();
    timer.change();
    await advance(799);
    expect(outcome).toBeUndefined();
    await advance(1);
    expect(outcome).toEqual({ reason: 'quiet', elapsedMs: 1699, firstChangeMs: 100 });
  });

  it('settles with no-output when nothing changes after the input', async () => {
    timer.start();
    await advance(2999);
    expect(outcome).toBeUndefined();
    await advance(1);
    expect(outcome).toEqual({ reason: 'no-output', elapsedMs: 3000 });
  });

  it('a first change cancels the first-output wait', async () => {
    timer.start();
    await advance(2900);
    timer.change();
    await advance(200);
    expect(outcome).toBeUndefined();
    await advance(600);
    expect(outcome?.reason).toBe('quiet');
  });

  it('caps continuous output', async () => {
    timer.start();
    for (let elapsed = 0; elapsed < 20_000; elapsed += 500) {
      timer.change();
      await advance(500);
    }
    expect(outcome?.reason).toBe('max-time');
    expect(outcome?.elapsedMs).toBe(20_000);
  });

  it('finishes at once when the starting prompt is back', async () => {
    timer.start();
    timer.change();
    await advance(5);
    timer.prompt('exact');
    await advance(0);
    expect(outcome).toEqual({ reason: 'prompt', elapsedMs: 5, firstChangeMs: 0 });
  });

  it('finishes a pattern prompt after a short grace unless output continues', async () => {
    timer.start();
    timer.change();
    timer.prompt('pattern');
    await advance(50);
    timer.change();
    await advance(99);
    expect(outcome).toBeUndefined();
    timer.prompt('pattern');
    await advance(100);
    expect(outcome?.reason).toBe('prompt');
  });

  it('ends when the session goes away or the client leaves, and only once', async () => {
    timer.start();
    timer.end('cancelled');
    timer.end('ended');
    await advance(5000);
    expect(outcome?.reason).toBe('cancelled');
    expect(timer.isSettled).toBe(true);
  });
});
