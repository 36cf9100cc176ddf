// Changing the category thresholds and the prune settings: the change and its ledger row (each field that changed, old →
// new) land in one transaction, with the settings row locked so concurrent PUTs record true "old"
// values. A PUT that changes nothing writes no ledger row.
import { Injectable } from '@nestjs/common';
import { actorName, type Caller } from '../access/caller';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger } from '../audit/audit-ledger';
import { SETTING_NAMES } from './category-settings';
import { PRUNE_SETTING_NAMES } from './prune-settings';
import { SettingsRepository, type StoredSettings } from './settings.repository';
import type { SettingsUpdate } from './settings-update.parser';

@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly ledger: AuditLedger,
  ) {}

  current(): Promise<StoredSettings> {
    return this.settings.current();
  }

  async update(caller: Caller, update: SettingsUpdate): Promise<StoredSettings> {
    return this.settings.transaction(async (manager) => {
      const before = await this.settings.current(manager, { lock: true });
      const after = await this.settings.update(update, actorName(caller), manager);
      const changes: Record<string, { from: number | boolean; to: number | boolean }> = {};
      for (const name of [...SETTING_NAMES, ...PRUNE_SETTING_NAMES]) {
        if (before[name] !== after[name]) changes[name] = { from: before[name], to: after[name] };
      }
      const changed = Object.keys(changes);
      if (changed.length > 0) {
        const title = changed.every((name) => (PRUNE_SETTING_NAMES as string[]).includes(name))
          ? 'Prune settings'
          : 'Category settings';
        await this.ledger.record(
          caller,
          { action: AuditAction.SettingsUpdated, title, details: { changes } },
          manager,
        );
      }
      return after;
    });
  }
}
