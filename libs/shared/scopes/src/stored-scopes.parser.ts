// Reads the ScopesJson column of an AppKey row. Anything but a non-empty JSON array of strings
// yields null, which every caller treats as deny (spec 5.1: a missing or malformed scope list
// denies the request).

export function parseStoredScopes(scopesJson: unknown): readonly string[] | null {
  if (typeof scopesJson !== 'string') {
    return null;
  }
  const parsed = parseJson(scopesJson);
  if (!Array.isArray(parsed) || parsed.length === 0) {
    return null;
  }
  const items = parsed as readonly unknown[];
  return items.every((item): item is string => typeof item === 'string') ? items : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Malformed JSON is an expected state of a corrupted row, reported to callers as null.
    return undefined;
  }
}
