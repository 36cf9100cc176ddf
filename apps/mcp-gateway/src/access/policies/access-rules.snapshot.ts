// The RBAC rows and group mappings as one in-memory snapshot, reloaded at most once a second.
// Policy tables are small and read on every MCP request, so reading them per request would be
// the hottest query in the gateway; a one-second snapshot bounds both the load and how long a
// change takes to apply on every replica. A failed reload keeps no stale data: it throws, and
// the authorization pipeline denies.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { AccessPolicyRow, GroupMappingRow } from '../authorization';
import { GroupMappingRepository } from '../group-mappings/group-mapping.repository';
import { AccessPolicyRepository } from './access-policy.repository';

export const ACCESS_RULES_TTL_MS = Symbol('ACCESS_RULES_TTL_MS');

export interface AccessRules {
  readonly policies: readonly AccessPolicyRow[];
  readonly groupMappings: readonly GroupMappingRow[];
  /** A digest of the rows' content: equal for equal rules whenever they were loaded. */
  readonly version: string;
}

@Injectable()
export class AccessRulesSnapshot {
  private current?: { rules: AccessRules; loadedAt: number };
  private loading?: Promise<AccessRules>;

  constructor(
    private readonly policies: AccessPolicyRepository,
    private readonly mappings: GroupMappingRepository,
    @Inject(ACCESS_RULES_TTL_MS) private readonly ttlMs: number,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async read(now = this.clock.nowMs()): Promise<AccessRules> {
    if (this.current !== undefined && now - this.current.loadedAt < this.ttlMs) return this.current.rules;
    // One reload at a time, however many requests arrive while it runs.
    this.loading ??= this.load(now).finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Called after a local change, so this replica applies it at once. */
  invalidate(): void {
    this.current = undefined;
  }

  private async load(now: number): Promise<AccessRules> {
    const [policies, mappings] = await Promise.all([this.policies.all(), this.mappings.all()]);
    const rows = {
      policies: policies.map(({ targetId, requiredGroup, isAllowed, identitySource }) => ({
        targetId,
        requiredGroup,
        isAllowed: isAllowed === 1 ? (1 as const) : (0 as const),
        identitySource,
      })),
      groupMappings: mappings.map(({ externalId, internalGroup, identitySource }) => ({
        externalId,
        internalGroup,
        identitySource,
      })),
    };
    const rules: AccessRules = { ...rows, version: contentVersion(rows) };
    this.current = { rules, loadedAt: now };
    return rules;
  }
}

/** A digest of the rows, independent of the order the database returned them in. */
function contentVersion(rows: Pick<AccessRules, 'policies' | 'groupMappings'>): string {
  const lines = [
    ...rows.policies.map((row) =>
      JSON.stringify(['policy', row.targetId, row.requiredGroup, row.isAllowed, row.identitySource ?? null]),
    ),
    ...rows.groupMappings.map((row) =>
      JSON.stringify(['mapping', row.externalId, row.internalGroup, row.identitySource ?? null]),
    ),
  ].sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}
