// AppKey validation (spec 5.1, steps 1-4): checksum before the database, KeyPrefix lookup,
// constant-time digest comparison (done even when the prefix is unknown, so response time
// does not tell whether a prefix exists), expiry, then a principal with role McpClient.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import { parseAppKey, verifyAppKeyDigest } from '@platform/appkey';
import { parseStoredScopes } from '@platform/scopes';
import { AccessMessages, type AppKeyFailureReason } from '../access.errors';
import { AppKeyRepository } from '../app-keys/app-key.repository';
import type { AppKeyEntity } from '../app-keys/app-key.entity';
import { KeyVerificationCache } from '../app-keys/key-verification.cache';
import { ADMIN_KEY_SOURCE, asIdentitySource, type IdentitySource, UNASSIGNED_SOURCE } from '../identity';
import { type AppKeyCredential, MCP_CLIENT_ROLE, type Principal } from '../principal';

/** The constant-time digest comparison; a token so tests can observe that it always runs. */
export const DIGEST_VERIFIER = Symbol('DIGEST_VERIFIER');
export type DigestVerifier = (presentedKey: string, storedDigestHex: string) => boolean;

/** LastUsedAt is written at most this often per key and process (the SQL also guards it). */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;
/** Compared against when no row matches, so that path does the same hashing work. */
const ABSENT_KEY_DIGEST = '0'.repeat(64);

export type AppKeyAuthentication =
  | { readonly ok: true; readonly principal: Principal; readonly key: AppKeyEntity }
  | {
      readonly ok: false;
      readonly reason: AppKeyFailureReason;
      readonly message: string;
      readonly keyPrefix?: string;
    };

@Injectable()
export class AppKeyAuthenticator {
  private readonly lastUsedWrites = new Map<string, number>();
  private readonly principals = new WeakMap<AppKeyEntity, Principal>();

  constructor(
    private readonly keys: AppKeyRepository,
    private readonly cache: KeyVerificationCache,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DIGEST_VERIFIER) private readonly verifyDigest: DigestVerifier = verifyAppKeyDigest,
  ) {}

  async authenticate(presented: string, now = this.clock.now()): Promise<AppKeyAuthentication> {
    const parsed = parseAppKey(presented);
    if (!parsed.ok) {
      // A key whose shape is right but whose checksum is wrong is a mistyped or forged key.
      return parsed.reason === 'bad-checksum'
        ? failure('bad-checksum', AccessMessages.invalidKey)
        : failure('malformed', AccessMessages.invalidPrefix);
    }
    const { keyPrefix } = parsed.key;
    const row = await this.lookup(keyPrefix);
    const digestMatches = this.verifyDigest(presented, row?.encryptedKey ?? ABSENT_KEY_DIGEST);
    if (row === null) return failure('unknown-prefix', AccessMessages.invalidPrefix, keyPrefix);
    if (!digestMatches) return failure('wrong-secret', AccessMessages.invalidKey, keyPrefix);
    // Key state is checked only after the secret matched: callers without it learn nothing.
    if (row.revokedAt !== null) return failure('revoked', AccessMessages.invalidKey, keyPrefix);
    if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) {
      return failure('expired', AccessMessages.expired, keyPrefix);
    }
    this.recordUse(row.id, now.getTime());
    return { ok: true, principal: this.principalOf(row), key: row };
  }

  /**
   * Whether the key behind a principal would still authenticate (not revoked, rotated away,
   * deleted or expired), read through the same cache as requests: a revocation on this replica
   * counts at once, one on another replica within the cache's TTL.
   */
  async isLive(credential: AppKeyCredential, now = this.clock.now()): Promise<boolean> {
    const row = await this.lookup(credential.keyPrefix);
    return (
      row !== null &&
      row.id === credential.id &&
      row.kind !== 'admin' &&
      row.revokedAt === null &&
      (row.expiresAt === null || row.expiresAt.getTime() > now.getTime())
    );
  }

  /** Bookkeeping only: a failed write must never fail the request it belongs to. */
  private recordUse(id: string, now: number): void {
    const last = this.lastUsedWrites.get(id);
    if (last !== undefined && now - last < LAST_USED_WRITE_INTERVAL_MS) return;
    if (this.lastUsedWrites.size > 100_000) this.lastUsedWrites.clear();
    this.lastUsedWrites.set(id, now);
    this.keys.touchLastUsed(id).catch(() => this.lastUsedWrites.delete(id));
  }

  /**
   * One principal per cached row, made once: rows are replaced, never changed, when a key is
   * rotated or revoked, so the principal follows the row out of the cache.
   */
  private principalOf(row: AppKeyEntity): Principal {
    let principal = this.principals.get(row);
    if (principal === undefined) {
      principal = keyPrincipal(row);
      this.principals.set(row, principal);
    }
    return principal;
  }

  private async lookup(keyPrefix: string): Promise<AppKeyEntity | null> {
    const cached = this.cache.get(keyPrefix);
    if (cached !== undefined) return cached;
    const row = await this.keys.findByKeyPrefix(keyPrefix);
    this.cache.set(keyPrefix, row);
    return row;
  }
}

/** The principal a request with this key gets (also what the explain tool asks about). */
export function keyPrincipal(row: AppKeyEntity): Principal {
  // Frozen because it is shared by every request of the key.
  return deepFreeze(principalFields(row));
}

function principalFields(row: AppKeyEntity): Principal {
  const base = { groups: [], sids: [], fullAdminClaim: false } as const;
  if (row.kind === 'admin') {
    // An administrator key is not a person: it is named by its own prefix, in a source no
    // sign-in produces, so no user called "admin" is ever it and two such keys are never one.
    return {
      ...base,
      method: 'admin-key',
      username: row.keyPrefix,
      identitySource: ADMIN_KEY_SOURCE,
      roles: [],
    };
  }
  return {
    ...base,
    // The key acts for its owner: the owner's name in the owner's source.
    username: row.username,
    identitySource: storedSource(row.identitySource),
    method: 'app-key',
    roles: [MCP_CLIENT_ROLE],
    ...(row.expiresAt === null ? {} : { credentialValidUntil: row.expiresAt }),
    appKey: {
      id: row.id,
      keyPrefix: row.keyPrefix,
      kind: row.kind,
      scopes: parseStoredScopes(JSON.stringify(row.scopes)),
    },
  };
}

/** A stored source the code does not know (a newer version's) owns nothing here. */
function storedSource(text: string): IdentitySource {
  return asIdentitySource(text) ?? UNASSIGNED_SOURCE;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}

function failure(reason: AppKeyFailureReason, message: string, keyPrefix?: string): AppKeyAuthentication {
  return { ok: false, reason, message, keyPrefix };
}
