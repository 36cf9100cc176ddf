// Turns an agent's query into what ranking needs: the distinct query terms (with synonyms, whether
// each may match by prefix or with a typo, and whether it only came from an argument value) and the
// query's words, in which tools may be named verbatim.
import { impliedActions, joinedWords } from './query-phrasing';
import { analyzeText } from './term.analyzer';
import { FILE_EXTENSIONS, IMPLIED_WORDS, type ValueKind, valueKindOf } from './value-shapes';
import { relatedTermsOf, synonymsOf } from './synonyms';

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
  /** Stems the word points to without being a synonym (matched at the related weight). */
  readonly related: readonly string[];
  /** Whether index terms starting with `term` match too (only the last word of the need). */
  readonly prefix: boolean;
  /** Maximum edit distance for typo tolerance; 0 for none. */
  readonly maxEditDistance: 0 | 1 | 2;
  /**
   * True when the term only occurs in words shaped like argument values (paths, file names, URLs,
   * e-mail addresses, numbers, issue keys): `notes/todo.md` says where, not what to do.
   */
  readonly argumentOnly: boolean;
}

export interface AnalyzedQuery {
  readonly terms: readonly QueryTerm[];
  /**
   * Adjacent words joined ("roll back" → `rollback`, "log in" → `login`), stemmed; they match only
   * where the joined form is a word of its own.
   */
  readonly joinedWords: readonly string[];
  /** Actions the query asks for without naming them ("which files…" asks for a list). */
  readonly impliedActions: readonly string[];
  /** Whitespace-separated words of the query, trimmed of quotes and punctuation, in their original case. */
  readonly words: readonly string[];
  /** The kinds of the values among the words (`value-shapes.ts`), each once, in order of appearance. */
  readonly valueKinds: readonly ValueKind[];
}

const WORD_EDGE_PUNCTUATION = /^[\s"'`“”‘’«»()[\]{}<>,;:!?*]+|[\s"'`“”‘’«»()[\]{}<>,;:!?*.]+$/gu;
/**
 * A word shaped like a value rather than a need: a path or URL (`/`, `\`), an e-mail or handle (`@`),
 * a channel, variable or reference (`#`, `$`, `!`, `~`, leading `.`), a file name with a common
 * extension, a number or version, or an issue key (`ENG-12`, `cus_123`).
 */
const VALUE_SHAPE = new RegExp(
  `[/\\\\@]|^[#~$!.]|\\.(?:${FILE_EXTENSIONS})$|^\\d|\\d\\.\\d|^\\p{L}{1,10}[-_]\\d`,
  'iu',
);

/**
 * Arithmetic on numbers: two numbers joined by an operator ("41 + 17", "(12.5 * 4) / 3", "2^10"; minus
 * and slash count only between spaces, so dates, ranges and paths such as "2024-05-01" and "5/1" stay
 * values), a percentage of a number ("17.5% of 2,340"), or an operation named on two numbers ("add 19
 * and 23", "multiply 6 by 7").
 */
const ARITHMETIC =
  /\d\s*\)?(?:\s*[+*×÷^]\s*|\s+[-/]\s+)\(?\s*\d|\d\s*%\s*of\s+\d|\b(?:add|sum|plus|multiply|divide|subtract)\s+-?\d[\d.,]*\s+(?:and|to|by|from|with)\s+-?\d/iu;
/**
 * Where a plan moves on to its next step: "first find the repo, then open a fix", "…; afterwards",
 * "step 2: …". An agent searches for the step it is on; the words of later steps count at the
 * argument weight, so that "open a fix" does not outrank finding the repository.
 */
const LATER_STEP =
  /(?<=\S\s+)(?:and\s+)?(?:only\s+)?then\b|\b(?:afterwards|after that|later on|step (?:2|two)\b|next step)/iu;
/** What an arithmetic expression asks for, in the words calculators name it with. */
const ARITHMETIC_NEEDS = ['calculate', 'expression', 'sum'];

/**
 * Text in quotes is a value the agent will pass (a message, a title, a search phrase): "post 'deploy
 * finished' to #releases" asks for posting, not for deployments. A quote opens at the start of a word
 * and closes at the end of one, so apostrophes inside words ("what's", "today's") are not quotes.
 */
const QUOTED = /(?<=^|[\s([{:,=])(?:"[^"]+"|'[^']+'|‘[^’]+’|“[^”]+”|`[^`]+`|«[^»]+»)(?=$|[\s)\]},.;:!?])/gu;

export function analyzeQuery(query: string): AnalyzedQuery {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  const quoted = quotedRanges(text);
  const spans: { readonly word: string; readonly isValue: boolean }[] = [];
  const valueKinds = new Set<ValueKind>();
  const laterStep = LATER_STEP.exec(text)?.index ?? Infinity;
  for (const match of text.matchAll(/\S+/gu)) {
    const word = match[0].replace(WORD_EDGE_PUNCTUATION, '');
    if (word.length === 0) continue;
    const kind = valueKindOf(word);
    if (kind !== undefined) valueKinds.add(kind);
    const inQuotes = quoted.some(([start, end]) => match.index >= start && match.index < end);
    const isValue = match.index >= laterStep || inQuotes || kind !== undefined || VALUE_SHAPE.test(word);
    spans.push({ word, isValue });
  }
  const words = spans.map((span) => span.word);
  // What a value implies ("#general": a channel) counts at the argument weight.
  for (const kind of valueKinds) {
    for (const word of IMPLIED_WORDS[kind]) spans.push({ word, isValue: true });
  }
  // A bare expression names no need at all; it asks to be computed.
  if (ARITHMETIC.test(text)) for (const word of ARITHMETIC_NEEDS) spans.push({ word, isValue: false });
  const argumentOnly = new Map<string, boolean>();
  for (const { word, isValue } of spans) {
    for (const stem of analyzeText(word)) {
      argumentOnly.set(stem, (argumentOnly.get(stem) ?? true) && isValue);
    }
  }
  const stems = [...argumentOnly.keys()].slice(0, MAX_QUERY_TERMS);
  const lastNeed = stems.findLast((stem) => argumentOnly.get(stem) !== true);
  const terms = stems.map((term): QueryTerm => ({
    term,
    synonyms: synonymsOf(term),
    related: relatedTermsOf(term),
    prefix: term === lastNeed && term.length >= MIN_PREFIX_LENGTH,
    maxEditDistance: term.length >= MIN_FUZZY_2_LENGTH ? 2 : term.length >= MIN_FUZZY_LENGTH ? 1 : 0,
    argumentOnly: argumentOnly.get(term) === true,
  }));
  return {
    terms,
    joinedWords: joinedWords(words).filter((word) => !argumentOnly.has(word)),
    impliedActions: impliedActions(words).filter((action) => !argumentOnly.has(action)),
    words,
    valueKinds: [...valueKinds],
  };
}

/** [start, end) of each quoted passage of `text`. */
function quotedRanges(text: string): [number, number][] {
  return [...text.matchAll(QUOTED)].map((match) => [match.index, match.index + match[0].length]);
}
