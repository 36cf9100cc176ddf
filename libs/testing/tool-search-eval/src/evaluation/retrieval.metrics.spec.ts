import { describe, expect, it } from '@jest/globals';
import { firstCorrectRank, percentile, retrievalMetrics } from './retrieval.metrics';

describe('retrieval metrics', () => {
  it('finds the rank of the first correct result among any-of answers', () => {
    expect(firstCorrectRank(['a', 'b', 'c'], ['c', 'b'])).toBe(2);
    expect(firstCorrectRank(['a'], ['z'])).toBeUndefined();
    expect(firstCorrectRank([], ['a'])).toBeUndefined();
  });

  it('computes recall@1, recall@5 and MRR', () => {
    expect(retrievalMetrics([1, 2, 6, undefined])).toEqual({
      queries: 4,
      recallAt1: 0.25,
      recallAt5: 0.5,
      mrr: (1 + 1 / 2 + 1 / 6) / 4,
    });
    expect(retrievalMetrics([])).toEqual({ queries: 0, recallAt1: 0, recallAt5: 0, mrr: 0 });
  });

  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, at) => 100 - at);
    expect(percentile(samples, 0.5)).toBe(50);
    expect(percentile(samples, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
