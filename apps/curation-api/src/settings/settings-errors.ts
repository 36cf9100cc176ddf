// Failures of reading and changing the category settings, as domain errors with stable codes.
import { DomainError } from '@platform/service-kit';

export const SettingsErrorCode = {
  InvalidSettings: 'settings.invalid',
} as const;

export type SettingsErrorCode = (typeof SettingsErrorCode)[keyof typeof SettingsErrorCode];

export const SettingsErrors = {
  invalid: (field: string, problem: string) =>
    new DomainError('invalid-input', SettingsErrorCode.InvalidSettings, `${field}: ${problem}`, { field }),
};
