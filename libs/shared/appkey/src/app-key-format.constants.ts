// The AppKey text format `mcp-<scopeSlug>-<selector>-<secret>` (spec 2.1) as numbers and
// patterns. Every other file of this library derives its checks from these definitions.

export const APP_KEY_PREFIX = 'mcp-';

/** 128 random bits as lowercase hex; the KeyPrefix lookup is by slug plus selector. */
export const SELECTOR_HEX_LENGTH = 32;

/** 56 random hex (224 bits) followed by an 8-hex CRC32 of everything before it. */
export const SECRET_HEX_LENGTH = 64;
export const CHECKSUM_HEX_LENGTH = 8;

export const MAX_SCOPE_SLUG_LENGTH = 32;

/** Lowercase letters and digits in `-`-separated runs; no leading, trailing or doubled `-`. */
export const SCOPE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `mcp-` + slug + `-` + selector + `-` + secret; checked before any pattern runs. */
export const MAX_APP_KEY_LENGTH =
  APP_KEY_PREFIX.length + MAX_SCOPE_SLUG_LENGTH + 1 + SELECTOR_HEX_LENGTH + 1 + SECRET_HEX_LENGTH;

/**
 * Anchored shape of a key (checksum not checked: use parseAppKey). The lookahead bounds the
 * slug to 32 characters before the slug group runs, so matching stays linear on any input.
 */
export const APP_KEY_PATTERN =
  /^mcp-(?=[a-z0-9-]{1,32}-[0-9a-f]{32}-[0-9a-f]{64}$)([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{32})-([0-9a-f]{64})$/;

/**
 * Finds keys inside text (logs, files) for redaction and secret scanning. Global flag: clone it
 * (`new RegExp(APP_KEY_SCAN_PATTERN)`) before driving `exec` loops. Case-insensitive because a
 * key whose case was changed still gives the key away. The slug part is bounded, which keeps a
 * scan linear, and is looser than the slug grammar so that near-keys are redacted too.
 */
export const APP_KEY_SCAN_PATTERN = /\bmcp-[a-z0-9-]{1,32}-[0-9a-f]{32}-[0-9a-f]{64}\b/gi;
