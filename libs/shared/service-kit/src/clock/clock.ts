// The one source of the current time for code whose behaviour depends on it (cache lifetimes,
// expiry, retention, throttling windows). Injected as CLOCK, so a test sets the time instead of
// waiting for it. Durations that only get logged or measured may still read the system time.
export interface Clock {
  /** Milliseconds since the epoch, like `Date.now()`: for arithmetic on hot paths. */
  nowMs(): number;
  now(): Date;
}

/** Nest provider token of the service's Clock (the system clock unless a test provides another). */
export const CLOCK = Symbol('CLOCK');

export const SYSTEM_CLOCK: Clock = Object.freeze({
  nowMs: () => Date.now(),
  now: () => new Date(),
});

/** A clock that moves only when told: tests of expiry and caches step it past the boundary. */
export class ManualClock implements Clock {
  private currentMs: number;

  constructor(start: Date | number = Date.UTC(2026, 0, 1)) {
    this.currentMs = typeof start === 'number' ? start : start.getTime();
  }

  nowMs(): number {
    return this.currentMs;
  }

  now(): Date {
    return new Date(this.currentMs);
  }

  advance(milliseconds: number): void {
    if (!Number.isFinite(milliseconds) || milliseconds < 0) {
      throw new RangeError(`a clock moves forward only, not by ${milliseconds} ms`);
    }
    this.currentMs += milliseconds;
  }

  set(time: Date | number): void {
    this.currentMs = typeof time === 'number' ? time : time.getTime();
  }
}
