// What a query says beyond its single words: adjacent words that tools write as one word, and an
// action a question asks for without naming it.
import { isStopWord } from './stop-words';
import { stemWord } from './suffix.stemmer';

/** At most this many joined pairs are tried; a pasted paragraph would only add look-ups. */
export const MAX_JOINED_WORDS = 16;
const PLAIN_WORD = /^[a-z]{2,12}$/;

/**
 * Adjacent words joined as identifiers and prose often write them: "roll back" meets `rollback`,
 * "log in" `login`, "look up" `lookup`. Both must be plain lowercase-able words and at least one of
 * them not a stop word. Stemmed like documents.
 */
export function joinedWords(words: readonly string[]): string[] {
  const lower = words.map((word) => word.toLowerCase());
  const joined = new Set<string>();
  for (let at = 1; at < lower.length && joined.size < MAX_JOINED_WORDS; at += 1) {
    const first = lower[at - 1] as string;
    const second = lower[at] as string;
    if (!PLAIN_WORD.test(first) || !PLAIN_WORD.test(second)) continue;
    if (isStopWord(first) && isStopWord(second)) continue;
    joined.add(stemWord(first + second));
  }
  return [...joined];
}

/** Question words that, followed closely by a plural noun, ask for a list ("which pods are failing"). */
const LIST_QUESTIONS = new Set(['which', 'what']);
const PLURAL_WINDOW = 3;

/** `['list']` for "which files…", "what tasks…"; otherwise nothing. Stemmed like documents. */
export function impliedActions(words: readonly string[]): string[] {
  const lower = words.map((word) => word.toLowerCase());
  const asksForList = lower.some(
    (word, at) => LIST_QUESTIONS.has(word) && lower.slice(at + 1, at + 1 + PLURAL_WINDOW).some(isPluralNoun),
  );
  return asksForList ? [stemWord('list')] : [];
}

function isPluralNoun(word: string): boolean {
  return /^[a-z]{3,}s$/.test(word) && !/(?:ss|us|is)$/.test(word) && !isStopWord(word);
}
