// Reads a PUT /api/v1/settings body: any subset of the settings (decisions 039 and 043), each
// checked against its range or type; an unknown field is refused rather than silently ignored.
import { SETTING_NAMES, SETTING_RULES, type SettingName } from './category-settings';
import { isPruneSettingName, PRUNE_SETTING_NAMES, type PruneSettings } from './prune-settings';
import { SettingsErrors } from './settings-errors';

export type SettingsUpdate = Partial<Record<SettingName, number>> & {
  -readonly [Name in keyof PruneSettings]?: PruneSettings[Name];
};

const ALL_NAMES = [...SETTING_NAMES, ...PRUNE_SETTING_NAMES].join(', ');

export function parseSettingsUpdate(body: unknown): SettingsUpdate {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw SettingsErrors.invalid('body', `a JSON object with some of: ${ALL_NAMES}`);
  }
  const update: SettingsUpdate = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (isPruneSettingName(field)) {
      if (typeof value !== 'boolean') throw SettingsErrors.invalid(field, 'must be true or false');
      update[field] = value;
      continue;
    }
    if (!isSettingName(field)) {
      throw SettingsErrors.invalid(field, `not a setting; the settings are ${ALL_NAMES}`);
    }
    const rule = SETTING_RULES[field];
    const wanted = rule.kind === 'integer' ? 'an integer' : 'a number';
    const inRange = `${wanted} from ${rule.min} to ${rule.max}`;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw SettingsErrors.invalid(field, `must be ${inRange}`);
    if (rule.kind === 'integer' && !Number.isInteger(value))
      throw SettingsErrors.invalid(field, `must be ${inRange}`);
    if (value < rule.min || value > rule.max)
      throw SettingsErrors.invalid(field, `must be ${inRange}, not ${value}`);
    update[field] = value;
  }
  return update;
}

function isSettingName(field: string): field is SettingName {
  return (SETTING_NAMES as string[]).includes(field);
}
