// The one text rule for every name that authorization compares: scopes, targets and categories
// here, and the gateway's user names, group names and SIDs. Letter case is folded for the ASCII
// letters A-Z only, and only ASCII whitespace is trimmed. Unicode case mapping folds different
// characters together (the Kelvin sign U+212A becomes `k`, so "\u212Aarl" would become "karl"),
// and Unicode trimming turns "ops" + NO-BREAK SPACE into "ops": either would let two names
// that differ at the identity provider become one name here. No other normalization is done.

/** The form in which two names are compared: ASCII whitespace trimmed, ASCII letters lowercased. */
export function comparableName(text: string): string {
  return foldAsciiCase(trimAsciiWhitespace(text));
}

/** `A`-`Z` become `a`-`z`; every other character, ASCII or not, stays as it is. */
export function foldAsciiCase(text: string): string {
  return text.replace(ASCII_UPPER_CASE, (letters) => letters.toLowerCase());
}

/** Removes tab, line feed, vertical tab, form feed, carriage return and space from the start. */
export function trimLeadingAsciiWhitespace(text: string): string {
  let start = 0;
  while (start < text.length && isAsciiWhitespace(text.charCodeAt(start))) start += 1;
  return start === 0 ? text : text.slice(start);
}

/** Removes tab, line feed, vertical tab, form feed, carriage return and space from both ends. */
export function trimAsciiWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiWhitespace(text.charCodeAt(start))) start += 1;
  while (end > start && isAsciiWhitespace(text.charCodeAt(end - 1))) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

const ASCII_UPPER_CASE = /[A-Z]+/g;

function isAsciiWhitespace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}
