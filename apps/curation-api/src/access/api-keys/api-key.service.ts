// API keys for machine clients (X-Api-Key): created by Admins with a role, shown once, stored as
// a SHA-256 digest found by selector and compared in constant time (docs/decisions/032).
import { Inject, Injectable } from '@nestjs/common';
import { verifyAppKeyDigest } from '@platform/appkey';
import { CLOCK, type Clock } from '@platform/service-kit';
import { AuditAction } from '../../audit/audit-actions';
import { AuditLedger } from '../../audit/audit-ledger';
import { AccessErrors } from '../access-errors';
import { actorName, type Caller } from '../caller';
import type { CurationRole } from '../curation-roles';
import { generateApiKey, selectorOf } from './api-key.format';
import { ApiKeyRepository, type ApiKeyRecord } from './api-key.repository';

export type ApiKeyCaller = Extract<Caller, { kind: 'api-key' }>;

export interface CreatedApiKey extends ApiKeyRecord {
  /** The key itself: returned by create only, never stored. */
  readonly key: string;
}

// Compared against when no key has the selector, so a miss costs what a hit does.
const NO_SUCH_KEY_DIGEST = '0'.repeat(64);

@Injectable()
export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly ledger: AuditLedger,
  ) {}

  async create(name: string, role: CurationRole, creator: Caller): Promise<CreatedApiKey> {
    const generated = generateApiKey();
    const record = await this.keys.transaction(async (manager) => {
      const inserted = await this.keys.insert(
        { name, role, selector: generated.selector, digest: generated.digest, createdBy: actorName(creator) },
        manager,
      );
      if (inserted === null) throw AccessErrors.apiKeyNameTaken(name);
      // Never the key, its selector or digest: the ledger is read by every Admin.
      await this.ledger.record(creator, keyEntry(AuditAction.ApiKeyCreated, inserted), manager);
      return inserted;
    });
    return { ...record, key: generated.key };
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.keys.list();
  }

  async revoke(id: string, revoker: Caller): Promise<void> {
    await this.keys.transaction(async (manager) => {
      const revoked = await this.keys.delete(id, manager);
      if (revoked === null) throw AccessErrors.apiKeyNotFound(id);
      await this.ledger.record(revoker, keyEntry(AuditAction.ApiKeyRevoked, revoked), manager);
    });
  }

  /** The caller a presented key stands for; null when it is not a valid, unrevoked key. */
  async authenticate(presented: string): Promise<ApiKeyCaller | null> {
    const selector = selectorOf(presented);
    if (selector === undefined) return null;
    const stored = await this.keys.findBySelector(selector);
    const matches = verifyAppKeyDigest(presented, stored?.digest ?? NO_SUCH_KEY_DIGEST);
    if (stored === null || !matches) return null;
    await this.keys.markUsed(stored.id, this.clock.now());
    return { kind: 'api-key', keyId: stored.id, name: stored.name, role: stored.role };
  }
}

function keyEntry(action: AuditAction, key: ApiKeyRecord) {
  return { action, title: key.name, details: { keyId: key.id, name: key.name, role: key.role } };
}
