// Places the owners recorded before identity sources existed (migration 1795800019000 marks them
// `legacy`), once, at the first start after the upgrade: a gateway with one way to sign in (the
// SSO proxy, or one OAuth issuer) can only have had that source's people, so their keys and `user:`
// mappings go there, named as before. With several ways or none, a bare name could be anyone's:
// the rows become `unassigned` and match nobody (administrators still list and revoke such keys,
// which keep working as credentials). Either way the decision is final, so a later change of
// configuration never hands old rows to another directory's namesake (docs/decisions/019).
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { withAdvisoryLock } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { AppKeyRepository } from '../app-keys/app-key.repository';
import { GroupMappingRepository } from '../group-mappings/group-mapping.repository';
import { type IdentitySource, SIGN_IN_SOURCES, type SignInSources, UNASSIGNED_SOURCE } from '../identity';
import { AccessRulesSnapshot } from '../policies/access-rules.snapshot';

@Injectable()
export class LegacyOwnerSourcesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('IdentitySources');

  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: AppKeyRepository,
    private readonly mappings: GroupMappingRepository,
    @Inject(SIGN_IN_SOURCES) private readonly sources: SignInSources,
    private readonly audit: AuditService,
    private readonly snapshot: AccessRulesSnapshot,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const target: IdentitySource = this.sources.sole ?? UNASSIGNED_SOURCE;
    // Replicas starting together on an upgraded database: one places, the others find nothing.
    const placed = await withAdvisoryLock(
      this.dataSource,
      'gatewayLegacyOwnerPlacement',
      async (manager) => ({
        keys: await this.keys.within(manager).placeLegacyOwners(target),
        mappings: await this.mappings.within(manager).placeLegacyMappings(target),
      }),
    );
    if (placed.keys === 0 && placed.mappings === 0) return;
    this.snapshot.invalidate();
    this.report(target, placed);
    await this.audit.record({
      kind: AuditEventKind.IdentitySourcesPlaced,
      username: 'system',
      details: { identitySource: target, keys: placed.keys, userMappings: placed.mappings },
    });
  }

  private report(target: IdentitySource, placed: { keys: number; mappings: number }): void {
    const rows = `${placed.keys} key(s) and ${placed.mappings} user mapping(s) from before identity sources`;
    if (target !== UNASSIGNED_SOURCE) {
      this.logger.log(`${rows} belong to the gateway's one sign-in source, ${target}`);
      return;
    }
    this.logger.warn(
      `${rows} could not be placed: ${
        this.sources.all.length === 0
          ? 'nobody signs in here'
          : `people sign in from ${this.sources.all.join(', ')}`
      }, so a bare name could be anyone's. They are "unassigned" and match nobody; administrators ` +
        'see such keys in /api/appkeys (they still authenticate) and can make new ones with identitySource',
    );
  }
}
