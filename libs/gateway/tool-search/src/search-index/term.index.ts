// The inverted index: for each term, the tools containing it and its frequency in each of their
// fields; and the vocabulary of plain words (no compounds) that prefix and typo matching walk. Terms
// and words live in minisearch radix trees (`SearchableMap`), which list the completions of a prefix
// without a scan; typo candidates come from the words grouped by length. A posting list is two flat
// arrays of small integers rather than a map of objects: a common word ("get", "list") has thousands
// of postings, and scoring walks them on every search.
import SearchableMap from 'minisearch/SearchableMap';
import { WordsByLength } from '../text/edit-distance';
import { FIELD_COUNT } from './tool-fields';

export interface PostingList {
  /** Tool ids. */
  readonly ids: number[];
  /** `FIELD_COUNT` frequencies per id, in `TOOL_FIELDS` order: `frequencies[i * FIELD_COUNT + field]`. */
  readonly frequencies: number[];
}

const MAX_FIELD_FREQUENCY = 0xffff;

/** What a tool put into the index, so that it can be taken out again exactly. */
export interface IndexedTerms {
  readonly terms: readonly string[];
  readonly words: readonly string[];
  readonly fieldLengths: Uint16Array;
}

export class TermIndex {
  readonly postings = new SearchableMap<PostingList>();
  /** Plain words with the number of tools using them. */
  readonly words = new SearchableMap<number>();
  /** The same words, by length, for typo lookups. */
  readonly wordsByLength = new WordsByLength();

  /** `fieldTerms`: analyzed terms per field; `plainWords`: the same without compounds. */
  add(id: number, fieldTerms: readonly (readonly string[])[], plainWords: Iterable<string>): IndexedTerms {
    const frequencies = new Map<string, number[]>();
    fieldTerms.forEach((terms, field) => {
      for (const term of terms) {
        const perField = frequencies.get(term) ?? new Array<number>(FIELD_COUNT).fill(0);
        perField[field] = Math.min(MAX_FIELD_FREQUENCY, (perField[field] as number) + 1);
        frequencies.set(term, perField);
      }
    });
    for (const [term, perField] of frequencies) {
      const list = this.postings.fetch(term, () => ({ ids: [], frequencies: [] }));
      list.ids.push(id);
      list.frequencies.push(...perField);
    }
    const words = [...new Set(plainWords)];
    for (const word of words) {
      const count = this.words.get(word) ?? 0;
      this.words.set(word, count + 1);
      if (count === 0) this.wordsByLength.add(word);
    }
    const fieldLengths = Uint16Array.from(fieldTerms, (terms) => Math.min(MAX_FIELD_FREQUENCY, terms.length));
    return { terms: [...frequencies.keys()], words, fieldLengths };
  }

  remove(id: number, indexed: IndexedTerms): void {
    for (const term of indexed.terms) {
      const list = this.postings.get(term);
      const at = list?.ids.indexOf(id) ?? -1;
      if (list === undefined || at === -1) continue;
      list.ids.splice(at, 1);
      list.frequencies.splice(at * FIELD_COUNT, FIELD_COUNT);
      if (list.ids.length === 0) this.postings.delete(term);
    }
    for (const word of indexed.words) {
      const count = (this.words.get(word) ?? 1) - 1;
      if (count > 0) {
        this.words.set(word, count);
      } else {
        this.words.delete(word);
        this.wordsByLength.delete(word);
      }
    }
  }
}
