// Checks the bearer key against TERM_BRIDGE_API_KEY in constant time: both sides are hashed to
// 32 bytes first, so neither the comparison time nor a length check reveals anything about the
// key. Callers are identified in audits by a fingerprint of the key, never the key itself.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BridgeErrors } from '../errors/bridge-errors';

export interface Caller {
  /** `key-<12 hex>` (SHA-256 prefix of the key), or `anonymous` when authentication is off. */
  readonly keyId: string;
}

const ANONYMOUS: Caller = { keyId: 'anonymous' };

export class ApiKeyVerifier {
  private readonly digest: Buffer | undefined;
  private readonly caller: Caller;

  /** @param apiKey the configured key; `undefined` only with the insecure development flag */
  constructor(apiKey: string | undefined) {
    this.digest = apiKey === undefined ? undefined : sha256(apiKey);
    this.caller =
      this.digest === undefined ? ANONYMOUS : { keyId: `key-${this.digest.toString('hex').slice(0, 12)}` };
  }

  get enabled(): boolean {
    return this.digest !== undefined;
  }

  /** The caller for an `Authorization` header value; throws the 401 domain error otherwise. */
  verify(authorization: string | undefined): Caller {
    if (this.digest === undefined) return this.caller;
    const token = bearerToken(authorization);
    if (token === undefined) throw BridgeErrors.missingApiKey();
    if (!timingSafeEqual(sha256(token), this.digest)) throw BridgeErrors.invalidApiKey();
    return this.caller;
  }
}

function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
