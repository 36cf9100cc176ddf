// Retrieval metrics over "any of" labels: a query is answered at rank r when the first correct tool
// is the r-th result.
//   recall@k = share of queries with a correct tool among the first k results
//   MRR      = mean over queries of 1 / rank of the first correct tool (0 when none is returned)

export interface RetrievalMetrics {
  readonly queries: number;
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly mrr: number;
}

/** 1-based rank of the first result in `answers`, or undefined. */
export function firstCorrectRank(results: readonly string[], answers: readonly string[]): number | undefined {
  const correct = new Set(answers);
  const index = results.findIndex((name) => correct.has(name));
  return index === -1 ? undefined : index + 1;
}

export function retrievalMetrics(ranks: readonly (number | undefined)[]): RetrievalMetrics {
  const count = ranks.length;
  if (count === 0) return { queries: 0, recallAt1: 0, recallAt5: 0, mrr: 0 };
  const within = (k: number) => ranks.filter((rank) => rank !== undefined && rank <= k).length / count;
  const reciprocal = ranks.reduce<number>((sum, rank) => sum + (rank === undefined ? 0 : 1 / rank), 0);
  return { queries: count, recallAt1: within(1), recallAt5: within(5), mrr: reciprocal / count };
}

/** Nearest-rank percentile (q in [0, 1]) of samples; NaN for no samples. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}
