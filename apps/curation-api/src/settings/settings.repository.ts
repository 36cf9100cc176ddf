// All SQL about the settings row: read it, change some of its fields.
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { type CategorySettings, SETTING_NAMES, SETTING_RULES } from './category-settings';
import { PRUNE_SETTING_COLUMNS, PRUNE_SETTING_NAMES, type PruneSettings } from './prune-settings';
import type { SettingsUpdate } from './settings-update.parser';

export interface StoredSettings extends CategorySettings, PruneSettings {
  readonly updatedAt: Date;
  readonly updatedBy: string | null;
}

type SettingsRow = Record<string, string | number | boolean | Date | null>;

const COLUMNS = [
  ...SETTING_NAMES.map((name) => `"${SETTING_RULES[name].column}"`),
  ...PRUNE_SETTING_NAMES.map((name) => `"${PRUNE_SETTING_COLUMNS[name]}"`),
  '"updated_at"',
  '"updated_by"',
].join(', ');

@Injectable()
export class SettingsRepository {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  /** The settings; with `lock`, held against other writers until the transaction ends. */
  async current(
    manager: EntityManager = this.database.manager,
    options: { readonly lock?: boolean } = {},
  ): Promise<StoredSettings> {
    const rows: SettingsRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM "curation"."settings" WHERE "id" = 1${options.lock === true ? ' FOR UPDATE' : ''}`,
    );
    if (rows[0] === undefined)
      throw new Error('the settings row is missing (migration 1796400000000 creates it)');
    return settingsOf(rows[0]);
  }

  /** Changes the given fields only; the column names come from SETTING_RULES, the values are parameters. */
  async update(
    update: SettingsUpdate,
    actor: string,
    manager: EntityManager = this.database.manager,
  ): Promise<StoredSettings> {
    const assignments: string[] = [];
    const values: unknown[] = [actor];
    for (const name of SETTING_NAMES) {
      const value = update[name];
      if (value === undefined) continue;
      values.push(value);
      assignments.push(`"${SETTING_RULES[name].column}" = $${values.length}`);
    }
    for (const name of PRUNE_SETTING_NAMES) {
      const value = update[name];
      if (value === undefined) continue;
      values.push(value);
      assignments.push(`"${PRUNE_SETTING_COLUMNS[name]}" = $${values.length}`);
    }
    // Through a CTE: TypeORM answers a bare UPDATE with [rows, rowCount] instead of the rows.
    const rows: SettingsRow[] = await manager.query(
      `WITH "updated" AS (
         UPDATE "curation"."settings" SET ${[...assignments, '"updated_at" = now()', '"updated_by" = $1'].join(', ')}
          WHERE "id" = 1 RETURNING ${COLUMNS})
       SELECT * FROM "updated"`,
      values,
    );
    if (rows[0] === undefined)
      throw new Error('the settings row is missing (migration 1796400000000 creates it)');
    return settingsOf(rows[0]);
  }
}

function settingsOf(row: SettingsRow): StoredSettings {
  const settings: Record<string, unknown> = {};
  // numeric columns arrive as strings from pg; every setting is a finite number.
  for (const name of SETTING_NAMES) settings[name] = Number(row[SETTING_RULES[name].column]);
  for (const name of PRUNE_SETTING_NAMES) settings[name] = row[PRUNE_SETTING_COLUMNS[name]] === true;
  return {
    ...(settings as unknown as CategorySettings & PruneSettings),
    updatedAt: row['updated_at'] as Date,
    updatedBy: (row['updated_by'] as string | null) ?? null,
  };
}
