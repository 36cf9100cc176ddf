// Administration of group mappings (external identifier → internal group): list, create,
// delete. Changes are audited and applied on this replica at once (others within a second).
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { foldAsciiCase, trimAsciiWhitespace } from '@platform/scopes';
import { DomainError, isUniqueViolation } from '@platform/service-kit';
import { Repository } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import type { Actor } from '../actor';
import { invalidInput, notFound } from '../access.errors';
import { USER_MAPPING_PREFIX } from '../authorization';
import { AccessRulesSnapshot } from '../policies/access-rules.snapshot';
import { GroupMappingEntity } from './group-mapping.entity';
import type { GroupMappingDto, GroupMappingView } from './dto/group-mapping.dto';

@Injectable()
export class GroupMappingService {
  constructor(
    @InjectRepository(GroupMappingEntity) private readonly mappings: Repository<GroupMappingEntity>,
    private readonly snapshot: AccessRulesSnapshot,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<GroupMappingView[]> {
    const rows = await this.mappings.find({ order: { externalId: 'ASC', internalGroup: 'ASC' } });
    return rows.map(toView);
  }

  async create(mapping: GroupMappingDto, actor: Actor): Promise<GroupMappingView> {
    const row = {
      externalId: storedExternalId(mapping.externalId),
      internalGroup: storedName(mapping.internalGroup),
    };
    let created: GroupMappingEntity;
    try {
      created = await this.mappings.save(
        this.mappings.create({ ...row, createdBy: actor.principal.username }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError(
          'conflict',
          'group-mapping.exists',
          `'${row.externalId}' is already mapped to '${row.internalGroup}'.`,
        );
      }
      throw error;
    }
    await this.changed(actor, 'created', null, created);
    return toView(created);
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const before = await this.mappings.findOneBy({ id });
    if (before === null) throw notFound('group-mapping.not-found', `No group mapping with id ${id}.`);
    await this.mappings.delete({ id });
    await this.changed(actor, 'deleted', before, null);
  }

  private async changed(
    actor: Actor,
    action: string,
    before: GroupMappingEntity | null,
    after: GroupMappingEntity | null,
  ): Promise<void> {
    this.snapshot.invalidate();
    await this.audit.record({
      kind: AuditEventKind.GroupMappingChanged,
      username: actor.principal.username,
      sourceAddress: actor.sourceAddress,
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
    throw invalidInput(
      'group-mapping.invalid',
      `'${USER_MAPPING_PREFIX}' needs a user name after the colon.`,
    );
  }
  return `${USER_MAPPING_PREFIX}${username}`;
}

/** Surrounding ASCII spaces are not part of a name; other characters are (docs/decisions/019). */
function storedName(name: string): string {
  const text = trimAsciiWhitespace(name);
  if (text === '') throw invalidInput('group-mapping.invalid', 'Names must not be blank.');
  return text;
}

function toView(row: GroupMappingEntity): GroupMappingView {
  return {
    id: row.id,
    externalId: row.externalId,
    internalGroup: row.internalGroup,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}
