// Reads a PUT /api/v1/settings body: any subset of the settings (decision 039), each checked
// against its range; an unknown field is refused rather than silently ignored.
import { type CategorySettings, SETTING_NAMES, SETTING_RULES, type SettingName } from './category-settings';
import { SettingsErrors } from './settings-errors';

export type SettingsUpdate = Partial<Record<SettingName, number>>;

export function parseSettingsUpdate(body: unknown): SettingsUpdate {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw SettingsErrors.invalid('body', `a JSON object with some of: ${SETTING_NAMES.join(', ')}`);
  }
  const update: SettingsUpdate = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (!isSettingName(field)) {
      throw SettingsErrors.invalid(field, `not a setting; the settings are ${SETTING_NAMES.join(', ')}`);
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

export function applyUpdate(current: CategorySettings, update: SettingsUpdate): CategorySettings {
  return { ...current, ...update };
}
