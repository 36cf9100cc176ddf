// The stored form of an AppKey and its verification (spec 5.1 AppKey validation, step 2). The
// secret is 224 random bits, so one SHA-256 is enough; a slow password hash would only turn
// every authenticated request into a CPU cost an attacker controls.
import { createHash, timingSafeEqual } from 'node:crypto';

const DIGEST_BYTES = 32;
const DIGEST_HEX = /^[0-9a-f]{64}$/i;
// Compared against when the stored digest is unusable, so that case costs the same work.
const UNUSABLE_DIGEST = Buffer.alloc(DIGEST_BYTES);

/** SHA-256 of the whole key string (UTF-8), as 64 lowercase hex. */
export function digestAppKey(key: string): string {
  return sha256(key).toString('hex');
}

/**
 * Constant-time comparison of the presented key's digest with the stored one. The stored hex
 * may be in either case. A malformed stored digest or presented key gives false, never throws.
 */
export function verifyAppKeyDigest(presentedKey: string, storedDigestHex: string): boolean {
  const presentedIsUsable = typeof presentedKey === 'string';
  const storedIsUsable = typeof storedDigestHex === 'string' && DIGEST_HEX.test(storedDigestHex);
  const presented = sha256(presentedIsUsable ? presentedKey : '');
  const stored = storedIsUsable ? Buffer.from(storedDigestHex, 'hex') : UNUSABLE_DIGEST;
  const equal = timingSafeEqual(presented, stored);
  return equal && presentedIsUsable && storedIsUsable;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
