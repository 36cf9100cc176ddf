// Every way binding the media server or listing the caller's servers fails, as domain errors with
// stable codes (docs/decisions/034). The service kit's problem+json filter maps kinds to statuses.
// Messages name the field or server at fault and never hold a token.
import { DomainError } from '@platform/service-kit';

export const MediaServerErrorCode = {
  PlexAccountRequired: 'mediaserver.plex-account-required',
  PlexTvRefusedToken: 'mediaserver.plex-tv-refused-token',
  PlexTvFailed: 'mediaserver.plex-tv-failed',
  Unreachable: 'mediaserver.unreachable',
  NotPlex: 'mediaserver.not-plex',
  IdentifierMismatch: 'mediaserver.identifier-mismatch',
  TokenRefused: 'mediaserver.token-refused',
  ApiKeyRequired: 'mediaserver.api-key-required',
  CatalogExists: 'mediaserver.catalog-exists',
} as const;

export type MediaServerErrorCode = (typeof MediaServerErrorCode)[keyof typeof MediaServerErrorCode];

export const MediaServerErrors = {
  plexAccountRequired: () =>
    new DomainError(
      'invalid-input',
      MediaServerErrorCode.PlexAccountRequired,
      'Listing your Plex servers needs a Plex sign-in (POST /api/v1/auth/plex): an API key has no plex.tv account.',
    ),
  plexTvRefusedToken: () =>
    new DomainError(
      'unauthenticated',
      MediaServerErrorCode.PlexTvRefusedToken,
      'plex.tv refused the Plex token of your session: sign in with Plex again.',
    ),
  plexTvFailed: (reason: string) =>
    new DomainError(
      'upstream-failed',
      MediaServerErrorCode.PlexTvFailed,
      `plex.tv did not answer: ${reason}`,
    ),
  unreachable: (baseUrl: string, reason: string) =>
    new DomainError(
      'upstream-failed',
      MediaServerErrorCode.Unreachable,
      `The media server at baseUrl ${baseUrl} could not be reached: ${reason}`,
      { baseUrl },
    ),
  notPlex: (baseUrl: string, reason: string) =>
    new DomainError(
      'invalid-input',
      MediaServerErrorCode.NotPlex,
      `baseUrl ${baseUrl} does not answer as a Plex Media Server (/identity): ${reason}`,
      { field: 'baseUrl', baseUrl },
    ),
  identifierMismatch: (expected: string, actual: string) =>
    new DomainError(
      'invalid-input',
      MediaServerErrorCode.IdentifierMismatch,
      `machineIdentifier is ${expected}, but the server at baseUrl answers as ${actual}.`,
      { field: 'machineIdentifier', machineIdentifier: expected, answeredMachineIdentifier: actual },
    ),
  tokenRefused: () =>
    new DomainError(
      'invalid-input',
      MediaServerErrorCode.TokenRefused,
      "The media server refused apiKey: give the server owner's Plex token (reading every account's watch history needs it).",
      { field: 'apiKey' },
    ),
  apiKeyRequired: () =>
    new DomainError(
      'invalid-input',
      MediaServerErrorCode.ApiKeyRequired,
      "apiKey is required: give the server owner's Plex token, or sign in with Plex as the server's owner and leave it out.",
      { field: 'apiKey' },
    ),
  catalogExists: (boundMachineIdentifier: string, requested: string) =>
    new DomainError(
      'conflict',
      MediaServerErrorCode.CatalogExists,
      `A catalog synced from server ${boundMachineIdentifier} exists: binding another server (${requested}) needs "force": true.`,
      { boundMachineIdentifier, machineIdentifier: requested },
    ),
};
