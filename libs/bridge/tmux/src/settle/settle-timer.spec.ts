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
    timer = new SettleTimer(TIMINGS, { ending: 'quiet', now: () => clock });
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

  describe('when the reply is streamed (ending at the prompt)', () => {
    let pauses = 0;
    beforeEach(() => {
      pauses = 0;
      outcome = undefined;
      timer = new SettleTimer(TIMINGS, { ending: 'prompt', now: () => clock, onPause: () => (pauses += 1) });
      void timer.settled.then((value) => (outcome = value));
    });

    it('follows a command through its pauses, asking at each whether the shell is back', async () => {
      timer.start();
      timer.change();
      await advance(800);
      expect(pauses).toBe(1);
      await advance(10_000);
      expect(outcome).toBeUndefined();
      timer.change();
      await advance(800);
      expect(pauses).toBe(2);
      timer.shellReturned();
      await advance(0);
      expect(outcome).toEqual({ reason: 'prompt', elapsedMs: 11_600, firstChangeMs: 0 });
    });

    it('asks, rather than ends, when nothing at all changes', async () => {
      timer.start();
      await advance(3000);
      expect(pauses).toBe(1);
      expect(outcome).toBeUndefined();
    });

    it('has no time limit of its own: the stream ends it (cancelled) or a prompt does', async () => {
      timer.start();
      for (let elapsed = 0; elapsed < 60_000; elapsed += 500) {
        timer.change();
        await advance(500);
      }
      expect(outcome).toBeUndefined();
      timer.prompt('pattern');
      await advance(100);
      expect(outcome?.reason).toBe('prompt');
    });

    it('still ends at once at the starting prompt or an OSC 133 mark', async () => {
      timer.start();
      timer.change();
      timer.prompt('exact');
      await advance(0);
      expect(outcome?.reason).toBe('prompt');
      expect(pauses).toBe(0);
    });
  });

  it('never asks about the shell when the reply is whole: the pause ends it', async () => {
    let pauses = 0;
    const whole = new SettleTimer(TIMINGS, {
      ending: 'quiet',
      now: () => clock,
      onPause: () => (pauses += 1),
    });
    let ended: SettleOutcome | undefined;
    void whole.settled.then((value) => (ended = value));
    whole.start();
    whole.change();
    await advance(800);
    expect(ended?.reason).toBe('quiet');
    expect(pauses).toBe(0);
  });
});
