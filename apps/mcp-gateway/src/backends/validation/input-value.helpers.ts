// Helpers shared by the server field validators: describing rejected input without echoing large
// values, and the character classes several fields forbid.

const QUOTE_LIMIT = 40;

/** The value as a JSON string literal, cut after 40 characters so problems stay short. */
export function quote(value: string): string {
  return JSON.stringify(value.length > QUOTE_LIMIT ? `${value.slice(0, QUOTE_LIMIT)}…` : value);
}

export function describeType(value: unknown): string {
  if (value === null || value === undefined) {
    return String(value);
  }
  if (Array.isArray(value)) {
    return 'an array';
  }
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

// Control characters (C0, DEL, C1), lone surrogates, line and paragraph separators and
// bidirectional overrides: invisible or misleading where names are shown (dashboards, logs).
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export function hasUnprintableCharacters(text: string): boolean {
  return UNPRINTABLE.test(text);
}

const CONTROL = /\p{Cc}/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Length in code points, so a name of 200 emoji is 200 characters long, not 400. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _character of text) {
    length += 1;
  }
  return length;
}

/** `HashiCorp-Vault`, `hashicorp_vault` and `hashicorpvault` all read as `hashicorpvault`. */
export function spellingKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
