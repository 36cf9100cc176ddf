// Splits a presented AppKey into its parts and checks its CRC32, without touching the database.
// It runs on every authenticated request with attacker-chosen input, so it never throws, caps
// the length before any other work and uses only fixed-length slices and bounded patterns.
import { hasValidAppKeyChecksum } from './app-key-checksum.util';
import {
  APP_KEY_PREFIX,
  MAX_APP_KEY_LENGTH,
  SCOPE_SLUG_PATTERN,
  SECRET_HEX_LENGTH,
  SELECTOR_HEX_LENGTH,
} from './app-key-format.constants';
import type { AppKeyParseFailure, AppKeyParseResult, ParsedAppKey } from './app-key.types';

// Lowercase only: an uppercase key is rejected, not normalized, so the digest input is canonical.
const SELECTOR_PATTERN = /^[0-9a-f]{32}$/;
const SECRET_PATTERN = /^[0-9a-f]{64}$/;

export function parseAppKey(input: unknown): AppKeyParseResult {
  if (typeof input !== 'string') {
    return failure('not-a-string');
  }
  if (input.length > MAX_APP_KEY_LENGTH) {
    return failure('too-long');
  }
  const key = splitAppKey(input);
  if (key === undefined) {
    return failure('malformed');
  }
  return hasValidAppKeyChecksum(input) ? { ok: true, key } : failure('bad-checksum');
}

/**
 * Right to left: the secret and selector have fixed lengths, so whatever lies between `mcp-`
 * and the selector is the slug, and the slug may itself contain `-`.
 */
function splitAppKey(input: string): ParsedAppKey | undefined {
  const secretStart = input.length - SECRET_HEX_LENGTH;
  const selectorStart = secretStart - 1 - SELECTOR_HEX_LENGTH;
  const slugEnd = selectorStart - 1;
  if (!input.startsWith(APP_KEY_PREFIX) || slugEnd <= APP_KEY_PREFIX.length) {
    return undefined;
  }
  if (input[slugEnd] !== '-' || input[secretStart - 1] !== '-') {
    return undefined;
  }
  const scopeSlug = input.slice(APP_KEY_PREFIX.length, slugEnd);
  const selector = input.slice(selectorStart, secretStart - 1);
  const secret = input.slice(secretStart);
  // The slug needs no length check: MAX_APP_KEY_LENGTH leaves room for at most 32 characters.
  const wellFormed =
    SCOPE_SLUG_PATTERN.test(scopeSlug) && SELECTOR_PATTERN.test(selector) && SECRET_PATTERN.test(secret);
  return wellFormed ? { scopeSlug, selector, secret, keyPrefix: input.slice(0, secretStart - 1) } : undefined;
}

function failure(reason: AppKeyParseFailure): AppKeyParseResult {
  return { ok: false, reason };
}
