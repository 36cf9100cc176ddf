// Makes a fresh gateway usable without making it open (docs/decisions/023). RBAC denies what no
// row allows, so on a new database every AppKey would see nothing. The first start therefore
// creates one ordinary, visible policy row, `*` for McpClient: AppKeys (role McpClient) reach what
// their scopes cover, and nothing else, since scopes are checked first. Whether it was seeded is
// recorded on the settings row, so a row an administrator removed stays removed. With
// GATEWAY_SEED_DEFAULT_POLICIES=false the first start records that instead and seeds nothing.
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { withAdvisoryLock } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { EVERY_TARGET_KEY } from '../authorization';
import { MCP_CLIENT_ROLE } from '../principal';
import type { AccessPolicyEntity } from '../policies/access-policy.entity';
import { AccessPolicyRepository } from '../policies/access-policy.repository';
import { AccessRulesSnapshot } from '../policies/access-rules.snapshot';
import { SettingsRepository } from '../settings/settings.repository';

export const SEED_DEFAULT_POLICIES = Symbol('SEED_DEFAULT_POLICIES');

/** The seeded row: every target, for the AppKey role. */
export const DEFAULT_ACCESS_POLICY = {
  targetId: EVERY_TARGET_KEY,
  requiredGroup: MCP_CLIENT_ROLE,
  isAllowed: 1,
} as const;

const SEEDED_BY = 'system';

@Injectable()
export class DefaultPolicyBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DefaultPolicy');

  constructor(
    private readonly dataSource: DataSource,
    private readonly policies: AccessPolicyRepository,
    private readonly settings: SettingsRepository,
    @Inject(SEED_DEFAULT_POLICIES) private readonly seed: boolean,
    private readonly audit: AuditService,
    private readonly snapshot: AccessRulesSnapshot,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Several replicas may start on an empty database at once; only one decides.
    const seeded = await withAdvisoryLock(this.dataSource, 'gatewayDefaultPolicySeeding', async (manager) => {
      const settings = this.settings.within(manager);
      if ((await settings.read()).defaultPolicySeeding !== null) return undefined;
      if (!this.seed) {
        await settings.recordDefaultPolicySeeding('disabled');
        this.logger.log(
          'First start with GATEWAY_SEED_DEFAULT_POLICIES=false: no access policy was seeded, so ' +
            'AppKeys reach nothing until an administrator adds allow rows (POST /api/policies)',
        );
        return undefined;
      }
      const row = await insertUnlessPresent(this.policies.within(manager));
      await settings.recordDefaultPolicySeeding('seeded');
      return row;
    });
    if (seeded === undefined) return;
    this.snapshot.invalidate();
    await this.audit.record({
      kind: AuditEventKind.PolicyChanged,
      username: SEEDED_BY,
      details: { action: 'seeded', before: null, after: { id: seeded.id, ...DEFAULT_ACCESS_POLICY } },
    });
    this.logger.log(
      `First start: seeded the access policy '${DEFAULT_ACCESS_POLICY.targetId}' for ` +
        `${DEFAULT_ACCESS_POLICY.requiredGroup} (id ${seeded.id}), so AppKeys reach what their scopes ` +
        'cover; see GET /api/policies, remove it with DELETE /api/policies/<id> (it is not seeded again)',
    );
  }
}

async function insertUnlessPresent(policies: AccessPolicyRepository): Promise<AccessPolicyEntity> {
  // The pair is unique (case-insensitively); a row an operator inserted before the first start is kept.
  const existing = await policies.findByTargetAndGroup(
    DEFAULT_ACCESS_POLICY.targetId,
    DEFAULT_ACCESS_POLICY.requiredGroup,
  );
  return existing ?? policies.insert({ ...DEFAULT_ACCESS_POLICY, createdBy: SEEDED_BY });
}
