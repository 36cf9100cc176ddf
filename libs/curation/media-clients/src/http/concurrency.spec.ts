// mapWithConcurrency: never more calls in flight than the limit, results in input order, and the
// first failure stops new work from starting.
import { mapWithConcurrency } from './concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapWithConcurrency', () => {
  it('keeps at most the limit in flight and returns results in input order', async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0, 6], 3, async (value) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      for (let wait = 0; wait < value; wait += 1) await tick();
      inFlight -= 1;
      return value * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(3);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    await expect(
      mapWithConcurrency([1, 2, 3, 4, 5, 6], 2, async (value) => {
        started.push(value);
        // The first item outlives the failure of the second: its worker must then stop.
        for (let wait = 0; wait < (value === 1 ? 5 : 1); wait += 1) await tick();
        if (value === 2) throw new Error('page 2 failed');
        finished.push(value);
        return value;
      }),
    ).rejects.toThrow('page 2 failed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([1]);
  });

  it('refuses a limit below one', async () => {
    await expect(mapWithConcurrency([1], 0, async (value) => value)).rejects.toThrow(RangeError);
  });

  it('returns an empty list for no work', async () => {
    expect(await mapWithConcurrency([], 4, async (value: number) => value)).toEqual([]);
  });
});
