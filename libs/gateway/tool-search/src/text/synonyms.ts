// Query-side synonyms and related words (`vocabulary.ts`, `related-terms.ts`): agents say "fetch",
// "remove" or "folder" where a tool says "get", "delete" or "directory". Groups and related words are
// stemmed like documents, once.
import { stemWord } from './suffix.stemmer';
import { RELATED_TERMS } from './related-terms';
import { SYNONYM_GROUPS } from './vocabulary';

/** Stem → stems of the other words in its groups. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = buildSynonyms(SYNONYM_GROUPS);
/** Stem → stems it is related to, minus its synonyms. */
const RELATED: ReadonlyMap<string, readonly string[]> = buildRelated(RELATED_TERMS, SYNONYMS);

function buildSynonyms(groups: readonly (readonly string[])[]): Map<string, string[]> {
  const synonyms = new Map<string, Set<string>>();
  for (const group of groups) {
    const stems = group.map(stemWord);
    for (const stem of stems) {
      const others = synonyms.get(stem) ?? new Set<string>();
      for (const other of stems) if (other !== stem) others.add(other);
      synonyms.set(stem, others);
    }
  }
  return new Map([...synonyms].map(([stem, others]) => [stem, [...others].sort()]));
}

function buildRelated(
  related: Readonly<Record<string, readonly string[]>>,
  synonyms: ReadonlyMap<string, readonly string[]>,
): Map<string, string[]> {
  const result = new Map<string, Set<string>>();
  for (const [word, targets] of Object.entries(related)) {
    const stem = stemWord(word);
    const known = new Set([stem, ...(synonyms.get(stem) ?? [])]);
    const stems = result.get(stem) ?? new Set<string>();
    for (const target of targets.map(stemWord)) if (!known.has(target)) stems.add(target);
    result.set(stem, stems);
  }
  return new Map([...result].map(([stem, stems]) => [stem, [...stems].sort()]));
}

/** Other stems meaning the same as `stem` (sorted), or an empty list. */
export function synonymsOf(stem: string): readonly string[] {
  return SYNONYMS.get(stem) ?? [];
}

/** Stems a query word also points to, one way (sorted), or an empty list. */
export function relatedTermsOf(stem: string): readonly string[] {
  return RELATED.get(stem) ?? [];
}
