// One comparison rule for every identifier the pipeline matches: policy target keys, required
// groups, group mapping ids, SIDs. Windows SIDs and AD group names are case-insensitive, and
// scopes are too, so RBAC uses the same rule as scopes (`comparableName`): ASCII whitespace
// trimmed and ASCII letters lowercased, nothing else folded. Unicode case mapping would make
// a group "\u212Aids" (Kelvin sign) the group "kids"; two names that differ at the identity
// provider must never become one here.
import { comparableName, foldAsciiCase } from '@platform/scopes';
import { canonicalSid } from '../security-identifier';

/** Comparable form; undefined for non-strings and blanks, which must never match anything. */
export function normalizeIdentifier(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const normalized = comparableName(value);
  return normalized.length > 0 ? normalized : undefined;
}

/**
 * normalizeIdentifier for group names, role names and SIDs (RequiredGroup, mapping ids and
 * InternalGroups, the caller's groups): a SID is compared in canonical form, so that
 * `S-1-5-032-544` and `s-1-5-32-544` are the one SID they are.
 */
export function normalizeGroupIdentifier(value: unknown): string | undefined {
  const normalized = normalizeIdentifier(value);
  if (normalized === undefined) return undefined;
  const sid = canonicalSid(normalized);
  return sid === undefined ? normalized : foldAsciiCase(sid);
}
