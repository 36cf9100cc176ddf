// Administration of group mappings (external identifier → internal group): list, create,
// delete. Changes are audited and applied on this replica at once and on the others when its change
// notice arrives (within a second without one).
import { Inject, Injectable } from '@nestjs/common';
import { foldAsciiCase, trimAsciiWhitespace } from '@platform/scopes';
import { isUniqueViolation } from '@platform/service-kit';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { ChangeFeed } from '../../replicas/change-feed';
import { type Actor, auditedActor } from '../actor';
import { accessError, AccessErrorCode } from '../access.errors';
import { readMappingSubject, USER_MAPPING_PREFIX } from '../authorization';
import { type IdentitySource, SIGN_IN_SOURCES, type SignInSources } from '../identity';
import { AccessRulesSnapshot } from '../policies/access-rules.snapshot';
import type { GroupMappingEntity } from './group-mapping.entity';
import { GroupMappingRepository } from './group-mapping.repository';
import type { GroupMappingDto, GroupMappingView } from './dto/group-mapping.dto';

@Injectable()
export class GroupMappingService {
  constructor(
    private readonly mappings: GroupMappingRepository,
    private readonly snapshot: AccessRulesSnapshot,
    private readonly feed: ChangeFeed,
    private readonly audit: AuditService,
    @Inject(SIGN_IN_SOURCES) private readonly sources: SignInSources,
  ) {}

  async list(): Promise<GroupMappingView[]> {
    const rows = await this.mappings.list();
    return rows.map(toView);
  }

  async create(mapping: GroupMappingDto, actor: Actor): Promise<GroupMappingView> {
    const externalId = storedExternalId(mapping.externalId);
    const row = {
      externalId,
      internalGroup: storedName(mapping.internalGroup),
      identitySource: this.sourceOf(externalId, mapping.identitySource, actor),
    };
    let created: GroupMappingEntity;
    try {
      created = await this.mappings.insert({ ...row, createdBy: actor.principal.username });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw accessError(
          AccessErrorCode.GroupMappingExists,
          `'${row.externalId}'${row.identitySource === null ? '' : ` from ${row.identitySource}`} is already mapped to '${row.internalGroup}'.`,
        );
      }
      throw error;
    }
    await this.changed(actor, 'created', null, created);
    return toView(created);
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const before = await this.mappings.findById(id);
    if (before === null)
      throw accessError(AccessErrorCode.GroupMappingNotFound, `No group mapping with id ${id}.`);
    await this.mappings.delete(id);
    await this.changed(actor, 'deleted', before, null);
  }

  /**
   * A `user:` row always names its user's source (the one requested, else as for a key's owner:
   * SignInSources.ownerSource); other rows are scoped to a sign-in source only when one is
   * requested (null: every source).
   */
  private sourceOf(externalId: string, requested: string | undefined, actor: Actor): IdentitySource | null {
    const source = requested === undefined ? undefined : trimAsciiWhitespace(requested);
    if (readMappingSubject(externalId)?.kind === 'user') {
      return this.sources.ownerSource(source, true, actor.principal);
    }
    return source === undefined ? null : this.sources.scope(source);
  }

  private async changed(
    actor: Actor,
    action: string,
    before: GroupMappingEntity | null,
    after: GroupMappingEntity | null,
  ): Promise<void> {
    this.snapshot.invalidate();
    await this.feed.announce({ kind: 'access-rules' });
    await this.audit.record({
      kind: AuditEventKind.GroupMappingChanged,
      ...auditedActor(actor),
      details: { action, before: before && toView(before), after: after && toView(after) },
    });
  }
}

/**
 * The ExternalId as stored: trimmed of ASCII spaces, and a user mapping spelled `user:<name>`
 * whatever case the prefix was typed in, so the unique index sees one spelling per user.
 */
function storedExternalId(externalId: string): string {
  const text = storedName(externalId);
  if (foldAsciiCase(text.slice(0, USER_MAPPING_PREFIX.length)) !== USER_MAPPING_PREFIX) return text;
  const username = trimAsciiWhitespace(text.slice(USER_MAPPING_PREFIX.length));
  if (username === '') {
    throw accessError(
      AccessErrorCode.GroupMappingInvalid,
      `'${USER_MAPPING_PREFIX}' needs a user name after the colon.`,
    );
  }
  return `${USER_MAPPING_PREFIX}${username}`;
}

/** Surrounding ASCII spaces are not part of a name; other characters are (docs/decisions/019). */
function storedName(name: string): string {
  const text = trimAsciiWhitespace(name);
  if (text === '') throw accessError(AccessErrorCode.GroupMappingInvalid, 'Names must not be blank.');
  return text;
}

function toView(row: GroupMappingEntity): GroupMappingView {
  return {
    id: row.id,
    externalId: row.externalId,
    internalGroup: row.internalGroup,
    identitySource: row.identitySource,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}
