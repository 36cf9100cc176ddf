// Errors of the access feature, with the spec's exact messages where it fixes them (5.1, 7).
import { DomainError } from '@platform/service-kit';

export const AccessMessages = {
  invalidPrefix: 'Invalid App Key prefix.',
  invalidKey: 'Invalid App Key.',
  expired: 'App Key has expired.',
  credentialRequired: 'Authentication required: send an AppKey or access token.',
  machineTokenForbidden: 'AppKey callers cannot use the administration API.',
  administratorRequired: 'This operation needs an administrator.',
} as const;

export function unauthenticated(code: string, message: string): DomainError {
  return new DomainError('unauthenticated', code, message);
}

export function forbidden(code: string, message: string): DomainError {
  return new DomainError('forbidden', code, message);
}

export function invalidInput(
  code: string,
  message: string,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError('invalid-input', code, message, details);
}

export function notFound(code: string, message: string): DomainError {
  return new DomainError('not-found', code, message);
}
