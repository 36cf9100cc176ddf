// Finds tools a query names verbatim. An agent that writes `filesystem__read_text_file` or
// `get-sum` knows what it wants; such tools rank above everything else. A plain word is a mention
// only when it is the whole query: "search" in "search jira issues" is a verb, not the tool `search`.

/** Separators agents use between server and tool besides `__` (the seed gateway accepted them too). */
const ALTERNATIVE_SEPARATOR = /[/:]/;
/** A word written as an identifier: `_`, `-` or `.` between alphanumerics, or a camelCase hump. */
const IDENTIFIER_SHAPE = /[\p{L}\p{N}][_.-]+[\p{L}\p{N}]|\p{Ll}\p{Lu}/u;

export interface NameLookup {
  /** Tool ids by lowercased namespaced name. */
  readonly byNamespacedName: ReadonlyMap<string, readonly number[]>;
  /** Tool ids by lowercased bare name. */
  readonly byBareName: ReadonlyMap<string, readonly number[]>;
}

export interface NameMentions {
  /** Tools named with their server (`server__tool`, `server/tool`, `server:tool`). */
  readonly namespaced: ReadonlySet<number>;
  /** Tools named by their bare name. */
  readonly bare: ReadonlySet<number>;
}

/** `words` are the query's whitespace-separated words, trimmed of punctuation, in their original case. */
export function findNameMentions(lookup: NameLookup, words: readonly string[]): NameMentions {
  const namespaced = new Set<number>();
  const bare = new Set<number>();
  for (const word of words) {
    const lower = word.toLowerCase();
    const qualified = [lower, lower.replace(ALTERNATIVE_SEPARATOR, '__')];
    const named = qualified.map((name) => lookup.byNamespacedName.get(name)).find((ids) => ids !== undefined);
    if (named !== undefined) {
      for (const id of named) namespaced.add(id);
      continue;
    }
    if (words.length === 1 || IDENTIFIER_SHAPE.test(word)) {
      for (const id of lookup.byBareName.get(lower) ?? []) bare.add(id);
    }
  }
  return { namespaced, bare };
}
