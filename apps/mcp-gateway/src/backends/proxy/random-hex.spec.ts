import { randomHex128, RandomHexPool } from './random-hex';

describe('RandomHexPool', () => {
  it('gives 32 lowercase hex characters for 16 bytes', () => {
    expect(randomHex128()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('never repeats across several refills of the pool', () => {
    const pool = new RandomHexPool();
    // 2,000 ids of 16 bytes span about eight 4 KiB refills.
    const ids = Array.from({ length: 2_000 }, () => pool.next(16));
    expect(new Set(ids).size).toBe(2_000);
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
  });

  it('refills when an id would straddle the end of the pool', () => {
    const pool = new RandomHexPool();
    pool.next(4090);
    expect(pool.next(16)).toHaveLength(32);
  });

  it('refuses ids larger than the pool', () => {
    expect(() => new RandomHexPool().next(4097)).toThrow(RangeError);
  });
});
