// Finding AppKeys in free text: log redaction and offline secret scanning (the CRC32 tail lets
// a scanner tell a real key from a look-alike without asking the gateway).
import { APP_KEY_SCAN_PATTERN, MAX_APP_KEY_LENGTH, SECRET_HEX_LENGTH } from './app-key-format.constants';
import { parseAppKey } from './app-key.parser';

/** What replaces the secret; the KeyPrefix stays, so operators can tell which key leaked. */
export const REDACTED_SECRET = '[REDACTED]';

/**
 * Replaces the secret of every key-shaped string with `[REDACTED]`, keeping
 * `mcp-<slug>-<selector>-`. Shape only, checksum not required: a mistyped key is still a secret.
 */
export function redactAppKeys(text: string): string {
  return text.replace(APP_KEY_SCAN_PATTERN, (key) => key.slice(0, -SECRET_HEX_LENGTH) + REDACTED_SECRET);
}

/**
 * True when `text` is, up to letter case, a well-formed key with a valid checksum: what a secret
 * scanner should report. Case is ignored because lowercasing a leaked key restores it.
 */
export function isPlausibleAppKey(text: unknown): boolean {
  return typeof text === 'string' && text.length <= MAX_APP_KEY_LENGTH && parseAppKey(text.toLowerCase()).ok;
}
