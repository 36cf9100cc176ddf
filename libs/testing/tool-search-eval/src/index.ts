// Public API of @platform/testing-tool-search-eval: the evaluation kit of Meta-Mode tool search
// (catalogs, labelled queries, baseline rankers, metrics). Used by the tool-search benchmark and tests;
// never by production code.
export type { EvalCatalog, EvalServer } from './catalog/eval-catalog.types';
export { namespacedNames, toolCount } from './catalog/eval-catalog.types';
export {
  CATALOG_SCALES,
  EVAL_SEED,
  REFERENCE_FIXTURE_PATH,
  catalogAtScale,
  referenceCatalog,
  syntheticCoreCatalog,
} from './catalog/catalogs';
export type { CatalogScale } from './catalog/catalogs';
export { fillerServers } from './catalog/filler-servers';
export { seededRandom, hashText } from './random/seeded-random';
export type { SeededRandom } from './random/seeded-random';
export { restrictToCatalog, splitOf } from './queries/labeled-query';
export type { LabeledQuery, QuerySplit } from './queries/labeled-query';
export { QUERY_SET_NAMES, allQuerySets, querySet } from './queries/query-sets';
export type { QuerySet, QuerySetName, QuerySetSplit } from './queries/query-sets';
export type { Ranker, RankerFactory, RankRequest } from './rankers/ranker.types';
export { toolSearchRanker } from './rankers/tool-search.ranker';
export { SEED_KEYWORD_RANKER, SEED_LEXICAL_RANKER } from './rankers/seed-substring.rankers';
export { MINISEARCH_RANKER } from './rankers/minisearch.ranker';
export { firstCorrectRank, percentile, retrievalMetrics } from './evaluation/retrieval.metrics';
export type { RetrievalMetrics } from './evaluation/retrieval.metrics';
export { EVALUATION_LIMIT, evaluateRanker } from './evaluation/evaluate-ranker';
export type { EvaluationOptions, QueryOutcome, RankerEvaluation } from './evaluation/evaluate-ranker';
export {
  CHARACTERS_PER_TOKEN,
  aggregatedToolsList,
  contextSize,
  metaModeToolsList,
} from './evaluation/context-size';
export type { ContextSize } from './evaluation/context-size';
