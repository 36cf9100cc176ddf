import fc from 'fast-check';
import { DEFAULT_BACKOFF, reconnectDelay } from './reconnect-backoff';

describe('reconnectDelay', () => {
  it('starts at the spec 5 s and doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => reconnectDelay(attempt))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
  });

  it('never exceeds the cap nor goes below the base, for any attempt count', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1_000_000 }), (attempt) => {
        const delay = reconnectDelay(attempt);
        return delay >= DEFAULT_BACKOFF.baseMs && delay <= DEFAULT_BACKOFF.maxMs;
      }),
    );
  });
});
