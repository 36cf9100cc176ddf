// Reads a backend server's categories, stored either as JSON array text or as a comma-separated
// list (spec 2.1). Category scopes are matched against the result, so garbage yields no
// categories (fewer grants) rather than an exception.
import { comparableName } from './ascii-text';

export function parseCategories(stored: unknown): readonly string[] {
  return normalizeCategories(rawCategoryNames(stored));
}

function rawCategoryNames(stored: unknown): readonly unknown[] {
  if (Array.isArray(stored)) {
    return stored as readonly unknown[];
  }
  if (typeof stored !== 'string') {
    return [];
  }
  // Only text that looks like JSON is read as JSON; a broken array yields nothing rather than
  // comma-split fragments such as `["media"` that nobody meant as a category.
  return stored.trimStart().startsWith('[') ? jsonArrayOrEmpty(stored) : stored.split(',');
}

function jsonArrayOrEmpty(text: string): readonly unknown[] {
  try {
    // Text that starts with `[` and parses as JSON is an array; its items are checked one by one.
    return JSON.parse(text) as readonly unknown[];
  } catch {
    // A malformed category column means "no categories"; the server stays reachable by id.
    return [];
  }
}

function normalizeCategories(names: readonly unknown[]): readonly string[] {
  const unique = new Set<string>();
  for (const name of names) {
    if (typeof name === 'string') {
      const normalized = comparableName(name);
      if (normalized.length > 0) {
        unique.add(normalized);
      }
    }
  }
  return [...unique];
}
