// How titles are folded for search, sort and matching (catalog_items.title_key): decomposed,
// accents dropped, lower-cased, runs of white space made one space. The sync writes title_key and
// matches titles across systems with this function, and the catalog folds a search the same way,
// so "Amelie" finds "Amélie" and both sort together.
export function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
