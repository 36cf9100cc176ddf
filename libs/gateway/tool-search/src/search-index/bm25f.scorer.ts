// BM25F over the caller's corpus. Collection statistics (tool count, average field lengths, document
// frequencies) are computed over the tools the caller may see, at query time, so a search behaves
// exactly as if the index held only those tools: neither ranking nor scores depend on hidden tools.
//
// Per query term q (a disjunction of the word itself, its synonyms and related words, prefix
// completions and typo neighbours, each with a weight v), and per joined word (matched as itself):
//   x(q, d)  = Σ_variants v · Σ_fields w_f · tf(t, d, f) / (1 − b_f + b_f · len(d, f) / avglen_f)
//   idf(q)   = ln(1 + (N − df(q) + 0.5) / (df(q) + 0.5))
//   lex(d)   = Σ_q a(q) · idf(q) · x(q, d) / (k1 + x(q, d))
//   score(d) = lex(d) · (1 + γ · coverage(d)) · (1 + λ · leads(d)) / (1 + μ · contradicts(d))
// where df(q) counts the visible tools containing the word itself, or, when none does (a typo, a
// prefix, a word only its synonyms match), those matching any variant; a(q) is 1, or the argument
// weight for terms that only came from argument-shaped words; coverage(d), leads(d) and
// contradicts(d) (the tool's action contradicts the query's, `action-intent.ts`) are the name boosts
// of `name-boosts.ts` (server hints and value kinds multiply further, in `ToolSearchIndex`). Each term
// contributes less than a(q) · idf(q), which bounds the score.
import type { AnalyzedQuery, QueryTerm } from '../text/query.analyzer';
import { applyNameBoosts, nameBoostBound } from './name-boosts';
import type { CorpusTool, ScoringContext } from './search-corpus';
import { FIELD_COUNT, TOOL_FIELDS } from './tool-fields';

export interface TermScores {
  /** Lexical score per tool id (0 for tools no term matched). */
  readonly scores: Float64Array;
  /** Ids of the tools with a score, in the order they were first matched. */
  readonly matched: readonly number[];
  /** `isMatched[id] === 1` for the ids in `matched`. */
  readonly isMatched: Uint8Array;
  /** An upper bound of any tool's score for this query. */
  readonly bound: number;
}

export function scoreTerms(context: ScoringContext, query: AnalyzedQuery): TermScores {
  const { options, corpus, tools } = context;
  const size = tools.length;
  const scores = new Float64Array(size);
  const matched: number[] = [];
  const isMatched = new Uint8Array(size);
  // Per-term scratch space, reset after each term: weighted frequency and "seen" mark per tool.
  const weighted = new Float64Array(size);
  const seen = new Uint8Array(size);
  const touched: number[] = [];
  // Per field: w_f, (1 − b_f) and b_f / avglen_f, so that a posting costs a few multiplications.
  const fieldWeight = Float64Array.from(TOOL_FIELDS, (field) => options.fieldWeights[field]);
  const fixedNorm = Float64Array.from(TOOL_FIELDS, (field) => 1 - options.lengthNormalization[field]);
  const lengthNorm = Float64Array.from(TOOL_FIELDS, (field, at) => {
    const average = corpus.averageFieldLengths[at] ?? 0;
    return average > 0 ? options.lengthNormalization[field] / average : 0;
  });
  let bound = 0;
  const scored: ScoredTerm[] = [
    ...query.terms.map((term) => ({
      word: term.term,
      variants: variantsOf(context, term),
      importance: term.argumentOnly ? options.argumentWeight : 1,
    })),
    ...query.joinedWords.map((word) => ({ word, variants: joinedVariants(context, word), importance: 1 })),
  ];
  for (const term of scored) {
    let wordCount = 0;
    for (const [indexTerm, variantWeight] of term.variants) {
      const list = context.index.postings.get(indexTerm);
      if (list === undefined) continue;
      const { ids, frequencies } = list;
      const isWord = indexTerm === term.word;
      for (let posting = 0; posting < ids.length; posting += 1) {
        const id = ids[posting] as number;
        if (corpus.eligible[id] !== 1) continue;
        if (isWord) wordCount += 1;
        const lengths = (tools[id] as CorpusTool).fieldLengths;
        const base = posting * FIELD_COUNT;
        let x = 0;
        for (let field = 0; field < FIELD_COUNT; field += 1) {
          const frequency = frequencies[base + field] as number;
          if (frequency === 0) continue;
          const norm =
            (fixedNorm[field] as number) + (lengthNorm[field] as number) * (lengths[field] as number);
          x += ((fieldWeight[field] as number) * frequency) / norm;
        }
        if (seen[id] === 0) {
          seen[id] = 1;
          touched.push(id);
        }
        weighted[id] = (weighted[id] as number) + variantWeight * x;
      }
    }
    if (touched.length === 0) continue;
    // The word's own document frequency when it occurs: synonyms widen what matches, they do not make
    // the agent's word less specific. Otherwise (a typo, a prefix, a word only its synonyms match) the
    // tools matching any variant.
    const df = wordCount > 0 ? wordCount : touched.length;
    const idf = Math.log(1 + (corpus.count - df + 0.5) / (df + 0.5));
    const importance = term.importance * idf;
    bound += importance;
    for (const id of touched) {
      const x = weighted[id] as number;
      if (isMatched[id] === 0 && x > 0) {
        isMatched[id] = 1;
        matched.push(id);
      }
      scores[id] = (scores[id] as number) + (importance * x) / (options.k1 + x);
      weighted[id] = 0;
      seen[id] = 0;
    }
    touched.length = 0;
  }
  applyNameBoosts(context, query, scores, matched);
  return { scores, matched, isMatched, bound: bound * nameBoostBound(options) };
}

interface ScoredTerm {
  /** The word as the agent wrote it (stemmed): its own document frequency decides the idf. */
  readonly word: string;
  readonly variants: readonly (readonly [string, number])[];
  /** a(q) */
  readonly importance: number;
}

/**
 * The index terms a query term matches, with their weights, sorted by term so that sums are added in
 * the same order however the index was built. Prefix completions and typo neighbours come from plain
 * words only (not compounds); typo neighbours are tried only when the word itself matches no visible
 * tool: a word that exists is not a typo.
 */
function variantsOf(context: ScoringContext, term: QueryTerm): [string, number][] {
  const { index, options } = context;
  const variants = new Map<string, number>();
  const offer = (indexTerm: string, weight: number) => {
    if (weight > (variants.get(indexTerm) ?? 0)) variants.set(indexTerm, weight);
  };
  if (index.postings.has(term.term)) offer(term.term, 1);
  for (const synonym of term.synonyms) if (index.postings.has(synonym)) offer(synonym, options.synonymWeight);
  for (const related of term.related) if (index.postings.has(related)) offer(related, options.relatedWeight);
  if (term.prefix) {
    for (const completion of index.words.atPrefix(term.term).keys()) {
      if (completion !== term.term) {
        offer(completion, (options.prefixWeight * term.term.length) / completion.length);
      }
    }
  }
  if (term.maxEditDistance > 0 && !matchesVisibleTool(context, term.term)) {
    for (const [neighbour, distance] of index.wordsByLength.neighbours(term.term, term.maxEditDistance)) {
      offer(neighbour, options.fuzzyWeight / distance);
    }
  }
  return [...variants].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A joined word matches only as a plain word of its own, not inside a longer identifier's compound. */
function joinedVariants(context: ScoringContext, word: string): [string, number][] {
  return context.index.words.has(word) ? [[word, 1]] : [];
}

function matchesVisibleTool(context: ScoringContext, indexTerm: string): boolean {
  return (context.index.postings.get(indexTerm)?.ids ?? []).some((id) => context.corpus.eligible[id] === 1);
}
