// Reads and updates the single settings row.
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { type DefaultPolicySeeding, SettingsEntity } from './settings.entity';

export interface KeyQuotas {
  globalMaxKeys: number;
  userMaxKeys: number;
}

@Injectable()
export class SettingsRepository {
  constructor(@InjectRepository(SettingsEntity) private readonly settings: Repository<SettingsEntity>) {}

  /** The same queries on a transaction's manager. */
  within(manager: EntityManager): SettingsRepository {
    return new SettingsRepository(manager.getRepository(SettingsEntity));
  }

  async read(): Promise<SettingsEntity> {
    // The migration inserts the row; its absence means the schema is broken, so fail loudly.
    return this.settings.findOneByOrFail({ id: 1 });
  }

  async update(quotas: Partial<KeyQuotas>, updatedBy: string): Promise<SettingsEntity> {
    await this.settings.update({ id: 1 }, { ...quotas, updatedBy, updatedAt: () => 'now()' });
    return this.read();
  }

  /** Records, once, whether the first start seeded the default access policy (decision 023). */
  async recordDefaultPolicySeeding(seeding: DefaultPolicySeeding): Promise<void> {
    await this.settings.update(
      { id: 1 },
      { defaultPolicySeeding: seeding, defaultPolicyDecidedAt: () => 'now()' },
    );
  }
}
