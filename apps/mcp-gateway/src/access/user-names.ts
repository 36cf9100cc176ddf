// How user names are compared wherever one identity is matched with another: key owners, "a key
// for someone else", session owners. Exactly, except that ASCII letters ignore case (`Karl` is
// `karl`); no other character is folded, so the Kelvin sign in "\u212Aarl", a fullwidth "ｋarl" or a
// trailing no-break space make a different user, as they are at the identity provider.
// See docs/decisions/019-identity-headers-and-names.md.
import { foldAsciiCase } from '@platform/scopes';

/** The form in which user names are compared; equal keys mean the same user. */
export function userNameKey(username: string): string {
  return foldAsciiCase(username);
}

export function isSameUser(left: string, right: string): boolean {
  return userNameKey(left) === userNameKey(right);
}

/**
 * userNameKey in SQL, for a text column: PostgreSQL's lower() under the "C" collation changes
 * the letters A-Z only, whatever the database's own collation (whose lower() folds U+212A into k).
 */
export function userNameKeySql(column: string): string {
  return `lower(${column} COLLATE "C")`;
}
