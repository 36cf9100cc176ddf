// Every way a connection request fails, as domain errors with stable codes (docs/decisions/035).
// Messages name the field, the connection or the reason, and never hold an API key.
import { DomainError } from '@platform/service-kit';
import type { ConnectionType } from './connection.repository';

export const ConnectionErrorCode = {
  NotFound: 'connections.not-found',
  NameTaken: 'connections.name-taken',
  HelperExists: 'connections.helper-exists',
  TestFailed: 'connections.test-failed',
  TypeUnchangeable: 'connections.type-unchangeable',
  ApiKeyRequired: 'connections.api-key-required',
  Is4kNotApplicable: 'connections.is4k-not-applicable',
} as const;

export type ConnectionErrorCode = (typeof ConnectionErrorCode)[keyof typeof ConnectionErrorCode];

export const ConnectionErrors = {
  notFound: (id: string) =>
    new DomainError('not-found', ConnectionErrorCode.NotFound, `No connection has id ${JSON.stringify(id)}.`),
  nameTaken: (name: string, existingId: string) =>
    new DomainError(
      'conflict',
      ConnectionErrorCode.NameTaken,
      `A connection named ${JSON.stringify(name)} exists already (names ignore case).`,
      { field: 'name', existingId },
    ),
  helperExists: (type: ConnectionType, existingName: string, existingId: string) =>
    new DomainError(
      'conflict',
      ConnectionErrorCode.HelperExists,
      `There is already a ${type} connection (${JSON.stringify(existingName)}): at most one ${type} connection; change or delete it instead.`,
      { field: 'type', existingId, existingName },
    ),
  testFailed: (reason: string, message: string) =>
    new DomainError(
      'invalid-input',
      ConnectionErrorCode.TestFailed,
      `The connection test failed: ${message}`,
      {
        reason,
      },
    ),
  typeUnchangeable: (stored: ConnectionType, requested: ConnectionType) =>
    new DomainError(
      'invalid-input',
      ConnectionErrorCode.TypeUnchangeable,
      `type is ${stored} and cannot become ${requested}: create a ${requested} connection instead.`,
      { field: 'type' },
    ),
  apiKeyRequired: () =>
    new DomainError(
      'invalid-input',
      ConnectionErrorCode.ApiKeyRequired,
      'apiKey is required when baseUrl changes: the stored key is only ever sent to the URL it was given for.',
      { field: 'apiKey' },
    ),
  is4kNotApplicable: (type: ConnectionType) =>
    new DomainError(
      'invalid-input',
      ConnectionErrorCode.Is4kNotApplicable,
      `is4k applies to sonarr and radarr connections only, not ${type}.`,
      { field: 'is4k' },
    ),
};
