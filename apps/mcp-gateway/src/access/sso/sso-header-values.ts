// Parsers for the values of trusted identity headers: a user name, a comma-separated group
// list and SIDs. They run only after the proxy proof was accepted, and they reject rather
// than repair: truncating a group list could drop the group an RBAC deny rule targets. Names
// are taken as sent, apart from surrounding ASCII spaces: no case folding, no Unicode
// normalization, no trimming of other spaces (a trailing no-break space is part of a name).
import { trimAsciiWhitespace } from '@platform/scopes';
import { canonicalSid } from '../security-identifier';
import { InvalidSsoHeaderError } from './invalid-sso-header.error';

export const MAX_USERNAME_LENGTH = 256;
export const MAX_GROUP_NAME_LENGTH = 256;
export const MAX_GROUPS = 256;
export const MAX_SIDS = 256;

/** Control, format (zero-width, bidi overrides) and line/paragraph separator characters. */
const FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The trimmed user name, or undefined when the header is absent or blank (no identity). */
export function parseUsername(header: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const username = trimAsciiWhitespace(readText(header, value));
  if (username.length > MAX_USERNAME_LENGTH) {
    throw new InvalidSsoHeaderError(
      header,
      `Header ${header} is longer than ${MAX_USERNAME_LENGTH} characters.`,
    );
  }
  return username === '' ? undefined : username;
}

/** Comma-separated names: trimmed, empties dropped, duplicates removed, order kept. */
export function parseGroups(header: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  const groups = new Set<string>();
  for (const item of readText(header, value).split(',')) {
    const group = trimAsciiWhitespace(item);
    if (group === '') continue;
    if (group.length > MAX_GROUP_NAME_LENGTH) {
      throw new InvalidSsoHeaderError(
        header,
        `Header ${header} names a group longer than ${MAX_GROUP_NAME_LENGTH} characters.`,
      );
    }
    groups.add(group);
    if (groups.size > MAX_GROUPS) {
      throw new InvalidSsoHeaderError(header, `Header ${header} lists more than ${MAX_GROUPS} groups.`);
    }
  }
  return [...groups];
}

/**
 * SIDs in canonical form (`S-…`, no leading zeros), so that `s-1-5-032-544` cannot slip
 * past a mapping written as `S-1-5-32-544`. `list` allows a comma-separated list.
 */
export function parseSids(header: string, value: string | undefined, list: 'single' | 'list'): string[] {
  if (value === undefined) return [];
  const text = readText(header, value);
  const items = (list === 'list' ? text.split(',') : [text])
    .map((item) => trimAsciiWhitespace(item))
    .filter((item) => item !== '');
  if (items.length > MAX_SIDS) {
    throw new InvalidSsoHeaderError(header, `Header ${header} lists more than ${MAX_SIDS} SIDs.`);
  }
  return items.map((item) => readSid(header, item));
}

function readSid(header: string, text: string): string {
  const sid = canonicalSid(text);
  if (sid === undefined) {
    throw new InvalidSsoHeaderError(
      header,
      `Header ${header} contains a value that is not a SID (expected S-1-<authority>-<sub-authority>...).`,
    );
  }
  return sid;
}

/**
 * Node hands header bytes over as latin1; proxies send names like "José" as UTF-8, so
 * such bytes are decoded (and rejected when they are not UTF-8). Strings that did not
 * come off the wire (code points above U+00FF) are taken as they are. Forbidden
 * characters are looked for before trimming, so "\nalice" is refused, not tidied.
 */
function readText(header: string, value: string): string {
  const text = decodeUtf8(header, value);
  if (FORBIDDEN_CHARACTERS.test(text)) {
    throw new InvalidSsoHeaderError(header, `Header ${header} contains control or invisible characters.`);
  }
  return text;
}

function decodeUtf8(header: string, value: string): string {
  let hasHighByte = false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code > 0xff) return value;
    if (code >= 0x80) hasHighByte = true;
  }
  if (!hasHighByte) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    throw new InvalidSsoHeaderError(header, `Header ${header} is not valid UTF-8.`);
  }
}
