// Administration of RBAC rows: list, create, replace, delete. Every change is audited with its
// before and after, and applied on this replica at once and on the others when its change notice
// arrives (within a second without one).
import { Inject, Injectable } from '@nestjs/common';
import { trimAsciiWhitespace } from '@platform/scopes';
import { isUniqueViolation } from '@platform/service-kit';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { ChangeFeed } from '../../replicas/change-feed';
import { type Actor, auditedActor } from '../actor';
import { accessError, AccessErrorCode } from '../access.errors';
import { SIGN_IN_SOURCES, type SignInSources } from '../identity';
import type { AccessPolicyEntity } from './access-policy.entity';
import { AccessPolicyRepository } from './access-policy.repository';
import { AccessRulesSnapshot } from './access-rules.snapshot';
import type { AccessPolicyDto, AccessPolicyView } from './dto/access-policy.dto';

@Injectable()
export class AccessPolicyService {
  constructor(
    private readonly policies: AccessPolicyRepository,
    private readonly snapshot: AccessRulesSnapshot,
    private readonly feed: ChangeFeed,
    private readonly audit: AuditService,
    @Inject(SIGN_IN_SOURCES) private readonly sources: SignInSources,
  ) {}

  async list(): Promise<AccessPolicyView[]> {
    const rows = await this.policies.list();
    return rows.map(toView);
  }

  async create(policy: AccessPolicyDto, actor: Actor): Promise<AccessPolicyView> {
    const row = this.normalized(policy);
    const created = await uniquely(row, () =>
      this.policies.insert({ ...row, createdBy: actor.principal.username }),
    );
    await this.changed(actor, 'created', null, created);
    return toView(created);
  }

  async replace(id: string, policy: AccessPolicyDto, actor: Actor): Promise<AccessPolicyView> {
    const before = await this.require(id);
    const row = this.normalized(policy);
    const after = await uniquely(row, () => this.policies.update({ ...before, ...row }));
    await this.changed(actor, 'replaced', before, after);
    return toView(after);
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const before = await this.require(id);
    await this.policies.delete(id);
    await this.changed(actor, 'deleted', before, null);
  }

  /** As stored: names trimmed of ASCII spaces, the scope one of the gateway's sign-in sources. */
  private normalized(policy: AccessPolicyDto): PolicyRow {
    const source =
      policy.identitySource === undefined ? undefined : trimAsciiWhitespace(policy.identitySource);
    return {
      targetId: trimAsciiWhitespace(policy.targetId),
      requiredGroup: trimAsciiWhitespace(policy.requiredGroup),
      isAllowed: policy.isAllowed,
      identitySource: source === undefined ? null : this.sources.scope(source),
    };
  }

  private async require(id: string): Promise<AccessPolicyEntity> {
    const row = await this.policies.findById(id);
    if (row === null) throw accessError(AccessErrorCode.PolicyNotFound, `No access policy with id ${id}.`);
    return row;
  }

  private async changed(
    actor: Actor,
    action: string,
    before: AccessPolicyEntity | null,
    after: AccessPolicyEntity | null,
  ): Promise<void> {
    this.snapshot.invalidate();
    await this.feed.announce({ kind: 'access-rules' });
    await this.audit.record({
      kind: AuditEventKind.PolicyChanged,
      ...auditedActor(actor),
      details: { action, before: before && toView(before), after: after && toView(after) },
    });
  }
}

type PolicyRow = Pick<AccessPolicyEntity, 'targetId' | 'requiredGroup' | 'isAllowed' | 'identitySource'>;

function toView(row: AccessPolicyEntity): AccessPolicyView {
  return {
    id: row.id,
    targetId: row.targetId,
    requiredGroup: row.requiredGroup,
    isAllowed: row.isAllowed === 1 ? 1 : 0,
    identitySource: row.identitySource,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** Turns the unique index's violation into a 409 naming the pair (and the source it is scoped to). */
async function uniquely<T>(policy: PolicyRow, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const scope = policy.identitySource === null ? '' : ` for ${policy.identitySource}`;
      throw accessError(
        AccessErrorCode.PolicyExists,
        `A policy for target '${policy.targetId}' and group '${policy.requiredGroup}'${scope} already exists.`,
      );
    }
    throw error;
  }
}
