// Runs one ranker over one catalog and the labelled queries: quality per split, per-query ranks (for
// failure analysis) and search latency percentiles.
import type { EvalCatalog } from '../catalog/eval-catalog.types';
import { namespacedNames } from '../catalog/eval-catalog.types';
import { type LabeledQuery, type QuerySplit, restrictToCatalog, splitOf } from '../queries/labeled-query';
import type { Ranker, RankerFactory } from '../rankers/ranker.types';
import { firstCorrectRank, percentile, type RetrievalMetrics, retrievalMetrics } from './retrieval.metrics';

/** Results requested per query: the `search_tools` maximum. */
export const EVALUATION_LIMIT = 25;

export interface QueryOutcome {
  readonly query: LabeledQuery;
  readonly split: QuerySplit;
  readonly results: readonly string[];
  readonly rank: number | undefined;
}

export interface RankerEvaluation {
  readonly ranker: string;
  readonly catalog: string;
  readonly buildMs: number;
  readonly outcomes: readonly QueryOutcome[];
  readonly metrics: Readonly<Record<QuerySplit | 'all', RetrievalMetrics>>;
  readonly latency: { readonly p50Ms: number; readonly p99Ms: number; readonly samples: number };
}

export interface EvaluationOptions {
  /** Timed passes over all queries after one untimed warm-up pass. */
  readonly rounds: number;
}

export function evaluateRanker(
  factory: RankerFactory,
  catalog: EvalCatalog,
  queries: readonly LabeledQuery[],
  options: EvaluationOptions,
): RankerEvaluation {
  const started = process.hrtime.bigint();
  const ranker = factory.build(catalog);
  const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
  const tools = namespacedNames(catalog);
  const applicable = queries.flatMap((query) => restrictToCatalog(query, tools) ?? []);
  const outcomes = applicable.map((query): QueryOutcome => {
    const results = ranker.rank(request(query));
    return { query, split: splitOf(query), results, rank: firstCorrectRank(results, query.answers) };
  });
  const metricsOf = (split?: QuerySplit) =>
    retrievalMetrics(
      outcomes.filter((outcome) => split === undefined || outcome.split === split).map((o) => o.rank),
    );
  return {
    ranker: factory.name,
    catalog: catalog.name,
    buildMs,
    outcomes,
    metrics: { tune: metricsOf('tune'), heldout: metricsOf('heldout'), all: metricsOf() },
    latency: measureLatency(ranker, applicable, options.rounds),
  };
}

function request(query: LabeledQuery) {
  return {
    query: query.query,
    limit: EVALUATION_LIMIT,
    ...(query.server === undefined ? {} : { server: query.server }),
  };
}

function measureLatency(ranker: Ranker, queries: readonly LabeledQuery[], rounds: number) {
  for (const query of queries) ranker.rank(request(query));
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const start = process.hrtime.bigint();
      ranker.rank(request(query));
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return { p50Ms: percentile(samples, 0.5), p99Ms: percentile(samples, 0.99), samples: samples.length };
}
