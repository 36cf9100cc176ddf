import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { RingBuffer } from './tap-ring-buffer';

describe('ring buffer', () => {
  it('keeps the most recent items, oldest first, and counts what it dropped', () => {
    const ring = new RingBuffer<number>(3);
    expect(ring.toArray()).toEqual([]);
    [1, 2].forEach((item) => ring.push(item));
    expect(ring.toArray()).toEqual([1, 2]);
    [3, 4, 5].forEach((item) => ring.push(item));
    expect(ring.toArray()).toEqual([3, 4, 5]);
    expect(ring.size).toBe(3);
    expect(ring.dropped).toBe(2);
  });

  it('always equals the tail of everything pushed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer(), { maxLength: 100 }),
        (capacity, items) => {
          const ring = new RingBuffer<number>(capacity);
          items.forEach((item) => ring.push(item));
          expect(ring.toArray()).toEqual(items.slice(-capacity));
          expect(ring.dropped).toBe(Math.max(0, items.length - capacity));
        },
      ),
    );
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });
});
