// One comparison rule for every identifier the pipeline matches: policy target keys, required
// groups, group mapping ids, SIDs. Windows SIDs and AD group names are case-insensitive, and
// scopes are already trimmed and lowercased, so RBAC uses the same rule to stay predictable.

/** Trimmed and lowercased; undefined for non-strings and blanks, which must never match anything. */
export function normalizeIdentifier(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const normalized = value.trim().toLowerCase();
  return normalized.length > 0 ? normalized : undefined;
}
