// The in-memory state behind the Vault simulator: KV version 2 secrets, each a list of
// versions numbered from 1, written whole (a write replaces every field, as in Vault).

export type VaultSecretData = Readonly<Record<string, unknown>>;

export interface VaultSecretVersion {
  readonly data: VaultSecretData;
  /** RFC 3339 UTC timestamp (Vault prints nanoseconds; milliseconds are equally valid RFC 3339). */
  readonly createdTime: string;
  readonly version: number;
}

export type VaultWriteResult =
  | { readonly ok: true; readonly version: VaultSecretVersion }
  | { readonly ok: false; readonly error: string };

/** Vault's own message when `options.cas` does not match the current version. */
export const CAS_MISMATCH_ERROR = 'check-and-set parameter did not match the current version';

export class VaultKvStore {
  readonly #secrets = new Map<string, VaultSecretVersion[]>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /**
   * Adds a new version. `cas` is KV v2 check-and-set: 0 means "only if the secret does not
   * exist yet", n means "only if the current version is n".
   */
  write(path: string, data: VaultSecretData, cas?: number): VaultWriteResult {
    const key = normalizeSecretPath(path);
    const versions = this.#secrets.get(key) ?? [];
    if (cas !== undefined && cas !== versions.length) return { ok: false, error: CAS_MISMATCH_ERROR };
    const version: VaultSecretVersion = {
      data: structuredClone(data),
      createdTime: this.now().toISOString(),
      version: versions.length + 1,
    };
    this.#secrets.set(key, [...versions, version]);
    return { ok: true, version };
  }

  /** The latest version when `version` is undefined or 0, like Vault's `?version=0`. */
  read(path: string, version?: number): VaultSecretVersion | undefined {
    const versions = this.#secrets.get(normalizeSecretPath(path));
    if (versions === undefined) return undefined;
    return version === undefined || version === 0 ? versions.at(-1) : versions[version - 1];
  }
}

/** `/a/b/` and `a/b` name the same secret in Vault. */
export function normalizeSecretPath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
