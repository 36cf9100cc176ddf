// How user names are compared within one identity source (identity/identity.ts adds the source):
// exactly, except that ASCII letters ignore case (`Karl` is `karl`); no other character is folded,
// so the Kelvin sign in "\u212Aarl", a fullwidth "ｋarl" or a trailing no-break space make a
// different user, as they are at the identity provider. OIDC subjects compare exactly.
// See docs/decisions/019-sso-header-trust-and-name-comparison.md.
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
