// Every failure of sign-in and access checks, as domain errors with stable codes. The service
// kit's problem+json filter maps their kinds to HTTP statuses once. Messages never hold secrets.
import { DomainError } from '@platform/service-kit';

export const AccessErrorCode = {
  SignInRequired: 'auth.sign-in-required',
  InvalidApiKey: 'auth.invalid-api-key',
  RoleRequired: 'auth.role-required',
} as const;

export type AccessErrorCode = (typeof AccessErrorCode)[keyof typeof AccessErrorCode];

export const AccessErrors = {
  signInRequired: () =>
    new DomainError(
      'unauthenticated',
      AccessErrorCode.SignInRequired,
      'Sign in with Plex (POST /api/v1/auth/plex) or send an API key in the X-Api-Key header.',
    ),
  invalidApiKey: () =>
    new DomainError(
      'unauthenticated',
      AccessErrorCode.InvalidApiKey,
      'The API key in X-Api-Key is not valid.',
    ),
  roleRequired: (roles: readonly string[]) =>
    new DomainError('forbidden', AccessErrorCode.RoleRequired, `This needs the ${roles.join(' or ')} role.`, {
      requiredRoles: [...roles],
    }),
};
