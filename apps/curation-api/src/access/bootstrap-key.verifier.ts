// Checks a presented key against CURATION_BOOTSTRAP_API_KEY in constant time: both sides are
// hashed to 32 bytes first, so neither the comparison nor a length check reveals anything.
import { createHash, timingSafeEqual } from 'node:crypto';

export class BootstrapKeyVerifier {
  private readonly digest: Buffer | undefined;

  constructor(bootstrapKey: string | undefined) {
    this.digest = bootstrapKey === undefined ? undefined : sha256(bootstrapKey);
  }

  get configured(): boolean {
    return this.digest !== undefined;
  }

  matches(presented: string): boolean {
    return this.digest !== undefined && timingSafeEqual(sha256(presented), this.digest);
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
