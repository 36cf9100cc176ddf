// The text of a curation API key: `cur_<selector>_<secret>`, 16 hex of selector (finds the row)
// and 64 hex (256 bits) of secret. Recognisable in logs and secret scanners by its prefix.
import { randomBytes } from 'node:crypto';
import { digestAppKey } from '@platform/appkey';

export const API_KEY_PATTERN = /^cur_([0-9a-f]{16})_[0-9a-f]{64}$/;

export interface GeneratedApiKey {
  readonly key: string;
  readonly selector: string;
  /** SHA-256 of the whole key, hex: what is stored. */
  readonly digest: string;
}

export function generateApiKey(): GeneratedApiKey {
  const selector = randomBytes(8).toString('hex');
  const key = `cur_${selector}_${randomBytes(32).toString('hex')}`;
  return { key, selector, digest: digestAppKey(key) };
}

/** The selector of a well-formed key, else undefined. */
export function selectorOf(key: string): string | undefined {
  return API_KEY_PATTERN.exec(key)?.[1];
}
