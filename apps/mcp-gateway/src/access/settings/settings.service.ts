// Reads and changes the quota settings; every change is audited with before and after.
import { Injectable } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { type Actor, auditedActor } from '../actor';
import { accessError, AccessErrorCode } from '../access.errors';
import type { SettingsEntity } from './settings.entity';
import { type KeyQuotas, SettingsRepository } from './settings.repository';

export interface SettingsSnapshot extends KeyQuotas {
  updatedAt: string;
  updatedBy: string;
}

@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async read(): Promise<SettingsSnapshot> {
    return toSnapshot(await this.settings.read());
  }

  async update(change: Partial<KeyQuotas>, actor: Actor): Promise<SettingsSnapshot> {
    if (change.globalMaxKeys === undefined && change.userMaxKeys === undefined) {
      throw accessError(
        AccessErrorCode.SettingsEmptyChange,
        'Name at least one of globalMaxKeys and userMaxKeys.',
      );
    }
    const before = toSnapshot(await this.settings.read());
    const after = toSnapshot(await this.settings.update(change, actor.principal.username));
    await this.audit.record({
      kind: AuditEventKind.SettingsChanged,
      ...auditedActor(actor),
      details: {
        before: { globalMaxKeys: before.globalMaxKeys, userMaxKeys: before.userMaxKeys },
        after: { globalMaxKeys: after.globalMaxKeys, userMaxKeys: after.userMaxKeys },
      },
    });
    return after;
  }
}

function toSnapshot(row: SettingsEntity): SettingsSnapshot {
  return {
    globalMaxKeys: row.globalMaxKeys,
    userMaxKeys: row.userMaxKeys,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}
