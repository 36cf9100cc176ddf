// BM25F over the caller's corpus. Collection statistics (tool count, average field lengths, document
// frequencies) are computed over the tools the caller may see, at query time, so a search behaves
// exactly as if the index held only those tools: neither ranking nor scores depend on hidden tools.
//
// Per query term q (a disjunction of the word itself, its synonyms, prefix completions and typo
// neighbours, each with a weight v):
//   x(q, d)  = Σ_variants v · Σ_fields w_f · tf(t, d, f) / (1 − b_f + b_f · len(d, f) / avglen_f)
//   idf(q)   = ln(1 + (N − df(q) + 0.5) / (df(q) + 0.5)),  df(q) = visible tools matching any variant
//   score(d) = Σ_q idf(q) · x(q, d) / (k1 + x(q, d))
// Each term contributes less than idf(q), which bounds the score (see `scoreTerms`).
import type SearchableMap from 'minisearch/SearchableMap';
import type { QueryTerm } from '../text/query.analyzer';
import type { RankingOptions } from './ranking.options';
import { FIELD_COUNT, TOOL_FIELDS } from './tool-fields';

/** Term frequency per field (in `TOOL_FIELDS` order) of one tool. */
export type FieldFrequencies = Uint16Array;
/** Tool id → field frequencies, for one index term. */
export type Postings = Map<number, FieldFrequencies>;

/** The tools one search ranks, and their collection statistics. */
export interface Corpus {
  /** `eligible[id] === 1` when the tool is visible to the caller and passes the server filter. */
  readonly eligible: Uint8Array;
  readonly count: number;
  readonly averageFieldLengths: Float64Array;
}

export interface CorpusTool {
  readonly fieldLengths: Uint16Array;
}

export function buildCorpus(
  tools: readonly (CorpusTool | undefined)[],
  include: (id: number) => boolean,
): Corpus {
  const eligible = new Uint8Array(tools.length);
  const lengthSums = new Float64Array(FIELD_COUNT);
  let count = 0;
  tools.forEach((tool, id) => {
    if (tool === undefined || !include(id)) return;
    eligible[id] = 1;
    count += 1;
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      lengthSums[field] = (lengthSums[field] ?? 0) + (tool.fieldLengths[field] ?? 0);
    }
  });
  // Lengths are integers, so these sums (and the scores) do not depend on the order tools were added.
  const averageFieldLengths = lengthSums.map((sum) => (count === 0 ? 0 : sum / count));
  return { eligible, count, averageFieldLengths };
}

export interface ScoringContext {
  readonly postings: SearchableMap<Postings>;
  readonly tools: readonly (CorpusTool | undefined)[];
  readonly corpus: Corpus;
  readonly options: RankingOptions;
}

/**
 * Adds every term's BM25F contribution to `scores` (indexed by tool id) and returns the sum of the
 * terms' idf, an upper bound of any tool's lexical score for this query.
 */
export function scoreTerms(
  context: ScoringContext,
  terms: readonly QueryTerm[],
  scores: Float64Array,
): number {
  const { options, corpus } = context;
  const weights = TOOL_FIELDS.map((field) => options.fieldWeights[field]);
  const normalization = TOOL_FIELDS.map((field) => options.lengthNormalization[field]);
  let bound = 0;
  for (const term of terms) {
    const weighted = new Map<number, number>();
    for (const [indexTerm, variantWeight] of variantsOf(context, term)) {
      for (const [id, frequencies] of context.postings.get(indexTerm) ?? []) {
        if (corpus.eligible[id] !== 1) continue;
        const tool = context.tools[id] as CorpusTool;
        let x = 0;
        for (let field = 0; field < FIELD_COUNT; field += 1) {
          const frequency = frequencies[field] ?? 0;
          if (frequency === 0) continue;
          const b = normalization[field] ?? 0;
          const relativeLength = (tool.fieldLengths[field] ?? 0) / (corpus.averageFieldLengths[field] || 1);
          x += ((weights[field] ?? 0) * frequency) / (1 - b + b * relativeLength);
        }
        weighted.set(id, (weighted.get(id) ?? 0) + variantWeight * x);
      }
    }
    if (weighted.size === 0) continue;
    const idf = Math.log(1 + (corpus.count - weighted.size + 0.5) / (weighted.size + 0.5));
    bound += idf;
    for (const [id, x] of weighted) scores[id] = (scores[id] ?? 0) + (idf * x) / (options.k1 + x);
  }
  return bound;
}

/**
 * The index terms a query term matches, with their weights, sorted by term so that sums are added in
 * the same order however the index was built. Typo neighbours are tried only when the word itself
 * matches no visible tool: a word that exists is not a typo.
 */
function variantsOf(context: ScoringContext, term: QueryTerm): [string, number][] {
  const { postings, options } = context;
  const variants = new Map<string, number>();
  const offer = (indexTerm: string, weight: number) => {
    if (weight > (variants.get(indexTerm) ?? 0)) variants.set(indexTerm, weight);
  };
  if (postings.has(term.term)) offer(term.term, 1);
  for (const synonym of term.synonyms) if (postings.has(synonym)) offer(synonym, options.synonymWeight);
  if (term.prefix) {
    for (const completion of postings.atPrefix(term.term).keys()) {
      if (completion !== term.term) {
        offer(completion, (options.prefixWeight * term.term.length) / completion.length);
      }
    }
  }
  if (term.maxEditDistance > 0 && !matchesVisibleTool(context, term.term)) {
    for (const [neighbour, [, distance]] of postings.fuzzyGet(term.term, term.maxEditDistance)) {
      if (distance > 0) offer(neighbour, options.fuzzyWeight / distance);
    }
  }
  return [...variants].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function matchesVisibleTool(context: ScoringContext, indexTerm: string): boolean {
  for (const id of context.postings.get(indexTerm)?.keys() ?? []) {
    if (context.corpus.eligible[id] === 1) return true;
  }
  return false;
}
