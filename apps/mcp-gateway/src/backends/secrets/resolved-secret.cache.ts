// A short-lived cache of resolved secrets, so that each backend request does not cost a round
// trip to Vault. Concurrent misses for the same key share one load. Failures are never cached:
// a fixed policy or a restored Vault takes effect on the next request.
import type { SecretResolution } from './secret-resolution';

/** Plenty for every backend the gateway knows; the oldest entry goes first beyond this. */
const MAX_ENTRIES = 1000;

interface Entry {
  readonly value: string;
  readonly expiresAt: number;
}

export class ResolvedSecretCache {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<SecretResolution>>();
  /** Bumped by invalidate(), so a load that started before it cannot refill the cache afterwards. */
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(key: string, load: () => Promise<SecretResolution>): Promise<SecretResolution> {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.expiresAt > this.now()) return { kind: 'secret', value: entry.value };
    if (entry !== undefined) this.#entries.delete(key);
    const pending = this.#loading.get(key);
    if (pending !== undefined) return pending;
    const generation = this.#generation;
    const loading = load().finally(() => {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    });
    this.#loading.set(key, loading);
    const resolution = await loading;
    if (resolution.kind === 'secret' && generation === this.#generation) this.store(key, resolution.value);
    return resolution;
  }

  /** Forgets the keys that start with `prefix`, or everything when no prefix is given. */
  invalidate(prefix?: string): void {
    this.#generation += 1;
    for (const map of [this.#entries, this.#loading]) {
      for (const key of [...map.keys()]) if (prefix === undefined || key.startsWith(prefix)) map.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  private store(key: string, value: string): void {
    if (this.ttlMs <= 0) return;
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(key)) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}
