// Failures of the category and catalog requests that name a user, as domain errors with codes.
import { DomainError } from '@platform/service-kit';

export const CategoryErrorCode = {
  InvalidUserId: 'categories.invalid-user-id',
  UnknownUser: 'categories.unknown-user',
} as const;

export type CategoryErrorCode = (typeof CategoryErrorCode)[keyof typeof CategoryErrorCode];

export const CategoryErrors = {
  invalidUserId: (parameter: string) =>
    new DomainError(
      'invalid-input',
      CategoryErrorCode.InvalidUserId,
      `${parameter} must be a user id from GET /api/v1/auth/users (a plex.tv account id: decimal digits).`,
      { parameter },
    ),
  unknownUser: (parameter: string, userId: string) =>
    new DomainError(
      'not-found',
      CategoryErrorCode.UnknownUser,
      `${parameter}: no user ${userId} (see GET /api/v1/auth/users).`,
      { parameter, userId },
    ),
};
