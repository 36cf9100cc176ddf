// Creates new AppKeys. The plaintext goes back to the caller once; only keyPrefix and digest
// are meant to be stored (spec 5.1 storage rules).
import { randomBytes } from 'node:crypto';
import { appKeyChecksum } from './app-key-checksum.util';
import { digestAppKey } from './app-key-digest.util';
import {
  APP_KEY_PREFIX,
  CHECKSUM_HEX_LENGTH,
  SECRET_HEX_LENGTH,
  SELECTOR_HEX_LENGTH,
} from './app-key-format.constants';
import { AppKeyError, AppKeyErrorCode } from './app-key.error';
import type { GeneratedAppKey } from './app-key.types';
import { deriveScopeSlug, isValidScopeSlug, type ScopeSlugOptions } from './scope-slug.deriver';

export type GenerateAppKeyInput =
  /** Slug derived from the scopes (see deriveScopeSlug). */
  | ({ readonly scopes: readonly string[] } & ScopeSlugOptions)
  /** An explicit slug; it must already satisfy the slug grammar. */
  | { readonly slug: string };

export function generateAppKey(input: GenerateAppKeyInput): GeneratedAppKey {
  const scopeSlug = 'slug' in input ? checkedSlug(input.slug) : deriveScopeSlug(input.scopes, input);
  const selector = randomHex(SELECTOR_HEX_LENGTH);
  const keyPrefix = `${APP_KEY_PREFIX}${scopeSlug}-${selector}`;
  const checksummedPart = `${keyPrefix}-${randomHex(SECRET_HEX_LENGTH - CHECKSUM_HEX_LENGTH)}`;
  const key = checksummedPart + appKeyChecksum(checksummedPart);
  return { key, keyPrefix, digest: digestAppKey(key), scopeSlug, selector };
}

function checkedSlug(slug: string): string {
  if (!isValidScopeSlug(slug)) {
    throw new AppKeyError(
      AppKeyErrorCode.InvalidScopeSlug,
      `invalid scope slug '${String(slug).slice(0, 40)}': expected 1 to 32 of [a-z0-9] in '-'-separated runs`,
    );
  }
  return slug;
}

function randomHex(hexLength: number): string {
  return randomBytes(hexLength / 2).toString('hex');
}
