// The one text pipeline for documents and queries: identifier-aware tokens, stop words out, stems.
import { tokenizeText } from './identifier.tokenizer';
import { isStopWord } from './stop-words';
import { stemWord } from './suffix.stemmer';

/** Index terms of `text`, in order, with repetitions (term frequency matters). */
export function analyzeText(text: string, options: { readonly compounds?: boolean } = {}): string[] {
  const terms: string[] = [];
  for (const token of tokenizeText(text, options)) {
    if (!isStopWord(token)) terms.push(stemWord(token));
  }
  return terms;
}
