// Turns an agent's query into what ranking needs: the distinct query terms (with synonyms, and
// whether each may match by prefix or with a typo) and the tool names the query spells out verbatim.
import { analyzeText } from './term.analyzer';
import { synonymsOf } from './synonyms';

/** Longer queries are cut here: agents sometimes paste whole task descriptions. */
export const MAX_QUERY_LENGTH = 1_000;
/** At most this many distinct terms are ranked; the rest would only add latency. */
export const MAX_QUERY_TERMS = 32;
/** The last term matches by prefix only from this length on ("s" would match half the index). */
export const MIN_PREFIX_LENGTH = 3;
/** Typo tolerance (edit distance 1) from this length on, distance 2 from the next. */
export const MIN_FUZZY_LENGTH = 5;
export const MIN_FUZZY_2_LENGTH = 9;

export interface QueryTerm {
  /** The stemmed query word. */
  readonly term: string;
  /** Stems that mean the same (matched at the synonym weight). */
  readonly synonyms: readonly string[];
  /** Whether index terms starting with `term` match too (only the last query word). */
  readonly prefix: boolean;
  /** Maximum edit distance for typo tolerance; 0 for none. */
  readonly maxEditDistance: 0 | 1 | 2;
}

export interface AnalyzedQuery {
  readonly terms: readonly QueryTerm[];
  /** Whitespace-separated words of the query, trimmed of quotes and punctuation, in their original case. */
  readonly words: readonly string[];
}

const WORD_EDGE_PUNCTUATION = /^[\s"'`“”‘’«»()[\]{}<>,;:!?*]+|[\s"'`“”‘’«»()[\]{}<>,;:!?*.]+$/gu;

export function analyzeQuery(query: string): AnalyzedQuery {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  const stems = [...new Set(analyzeText(text))].slice(0, MAX_QUERY_TERMS);
  const terms = stems.map((term, index): QueryTerm => ({
    term,
    synonyms: synonymsOf(term),
    prefix: index === stems.length - 1 && term.length >= MIN_PREFIX_LENGTH,
    maxEditDistance: term.length >= MIN_FUZZY_2_LENGTH ? 2 : term.length >= MIN_FUZZY_LENGTH ? 1 : 0,
  }));
  const words = text
    .split(/\s+/u)
    .map((word) => word.replace(WORD_EDGE_PUNCTUATION, ''))
    .filter((word) => word.length > 0);
  return { terms, words };
}
