// Public API of @platform/appkey: the AppKey format `mcp-<scopeSlug>-<selector>-<secret>`
// (spec 2.1), its generation, parsing, digest and verification, and log redaction.
export {
  APP_KEY_PATTERN,
  APP_KEY_PREFIX,
  APP_KEY_SCAN_PATTERN,
  CHECKSUM_HEX_LENGTH,
  MAX_APP_KEY_LENGTH,
  MAX_SCOPE_SLUG_LENGTH,
  SCOPE_SLUG_PATTERN,
  SECRET_HEX_LENGTH,
  SELECTOR_HEX_LENGTH,
} from './app-key-format.constants';
export { AppKeyError, AppKeyErrorCode } from './app-key.error';
export type { AppKeyParseFailure, AppKeyParseResult, GeneratedAppKey, ParsedAppKey } from './app-key.types';
export { deriveScopeSlug, isValidScopeSlug } from './scope-slug.deriver';
export type { ScopeSlugOptions } from './scope-slug.deriver';
export { generateAppKey } from './app-key.generator';
export type { GenerateAppKeyInput } from './app-key.generator';
export { parseAppKey } from './app-key.parser';
export { digestAppKey, verifyAppKeyDigest } from './app-key-digest.util';
export { REDACTED_SECRET, isPlausibleAppKey, redactAppKeys } from './app-key.scanner';
