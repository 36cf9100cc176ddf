// The storage adapter of the test OpenID provider: what the provider stores (grants, sessions,
// tokens it keeps server-side) lives in the memory of that one provider and goes with it.
// oidc-provider's built-in memory adapter would do, but it warns on every start that it is for
// development only, and a passing test run must print nothing it does not mean.

interface StoredPayload {
  readonly uid?: string;
  readonly userCode?: string;
  readonly grantId?: string;
  consumed?: number;
}

interface Entry {
  readonly payload: StoredPayload;
  /** Milliseconds since the epoch; undefined never expires. */
  readonly expiresAt: number | undefined;
}

/** oidc-provider's adapter contract for one model (`AccessToken`, `Session`, `Grant`, …). */
export class InMemoryOidcAdapter {
  /** The `adapter` option of one provider: its models share one store, which no other provider sees. */
  static factory(): (model: string) => InMemoryOidcAdapter {
    const entries = new Map<string, Entry>();
    return (model) => new InMemoryOidcAdapter(model, entries);
  }

  private constructor(
    private readonly model: string,
    /** Keyed by `<model>:<id>`. */
    private readonly entries: Map<string, Entry>,
  ) {}

  async upsert(id: string, payload: StoredPayload, expiresInSeconds?: number): Promise<void> {
    const expiresAt = expiresInSeconds === undefined ? undefined : Date.now() + expiresInSeconds * 1000;
    this.entries.set(this.key(id), { payload, expiresAt });
  }

  async find(id: string): Promise<StoredPayload | undefined> {
    return this.live(this.key(id));
  }

  async findByUid(uid: string): Promise<StoredPayload | undefined> {
    return this.findWhere((payload) => payload.uid === uid);
  }

  async findByUserCode(userCode: string): Promise<StoredPayload | undefined> {
    return this.findWhere((payload) => payload.userCode === userCode);
  }

  async consume(id: string): Promise<void> {
    const payload = this.live(this.key(id));
    if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.entries.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (entry.payload.grantId === grantId) this.entries.delete(key);
    }
  }

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  private live(key: string): StoredPayload | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  private findWhere(matches: (payload: StoredPayload) => boolean): StoredPayload | undefined {
    const prefix = `${this.model}:`;
    for (const key of this.entries.keys()) {
      if (!key.startsWith(prefix)) continue;
      const payload = this.live(key);
      if (payload !== undefined && matches(payload)) return payload;
    }
    return undefined;
  }
}
