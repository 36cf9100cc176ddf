// Random hex ids for the hot path. Every proxied request needs a fresh 32-hex upstream id (spec
// 4.1) and every stateless request a context id; one `randomBytes` call each costs a system call
// and a buffer, a measurable share of a proxied call's CPU. This draws them from a pool refilled
// in 4 KiB blocks instead: the same random bits, fetched 256 ids at a time.
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;

export class RandomHexPool {
  private readonly pool = Buffer.allocUnsafe(POOL_BYTES);
  private offset = POOL_BYTES;

  /** `bytes` random bytes as lowercase hex (2 characters per byte); at most the pool size. */
  next(bytes: number): string {
    if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes per id`);
    if (this.offset + bytes > POOL_BYTES) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const id = this.pool.toString('hex', this.offset, this.offset + bytes);
    this.offset += bytes;
    return id;
  }
}

const shared = new RandomHexPool();

/** 32 random hex characters (128 bits), as the proxy core uses for upstream request ids. */
export function randomHex128(): string {
  return shared.next(16);
}
