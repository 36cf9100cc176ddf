// The nearest-rank quantiles every gateway benchmark reports (p50, p95, p99 of its samples).

/** The value at quantile `q` (0..1) of samples sorted ascending; 0 for no samples. */
export function quantile(sortedAscending: readonly number[], q: number): number {
  return sortedAscending[Math.min(sortedAscending.length - 1, Math.floor(q * sortedAscending.length))] ?? 0;
}

export interface Percentiles {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99) };
}
