// Every failure of sign-in and access checks, as domain errors with stable codes. The service
// kit's problem+json filter maps their kinds to HTTP statuses once. Messages never hold secrets.
import { DomainError } from '@platform/service-kit';
import { MediaClientError } from '@platform/curation-media-clients';
import { CURATION_ROLES } from './curation-roles';

export const AccessErrorCode = {
  SignInRequired: 'auth.sign-in-required',
  InvalidApiKey: 'auth.invalid-api-key',
  ApiKeyRequired: 'auth.api-key-required',
  InvalidSession: 'auth.invalid-session',
  RoleRequired: 'auth.role-required',
  PlexTokenInvalid: 'auth.plex-token-invalid',
  NoServerAccess: 'auth.no-server-access',
  NotBoundNotAdmin: 'auth.not-bound-not-admin',
  NotBoundUseBootstrapKey: 'auth.not-bound-use-bootstrap-key',
  SetupClaimedByAnother: 'auth.setup-claimed',
  PinUnknown: 'auth.pin-unknown',
  PinExpired: 'auth.pin-expired',
  PlexTvFailed: 'auth.plex-tv-failed',
  UserNotFound: 'auth.user-not-found',
  OwnerStaysAdmin: 'auth.owner-stays-admin',
  ConfiguredAdminStaysAdmin: 'auth.configured-admin-stays-admin',
  LastAdmin: 'auth.last-admin',
  ApiKeyNotFound: 'auth.api-key-not-found',
  ApiKeyNameTaken: 'auth.api-key-name-taken',
  BindNeedsOwnership: 'auth.bind-needs-ownership',
  PlexSignInRequired: 'auth.plex-sign-in-required',
} as const;

export type AccessErrorCode = (typeof AccessErrorCode)[keyof typeof AccessErrorCode];

export const AccessErrors = {
  signInRequired: () =>
    new DomainError(
      'unauthenticated',
      AccessErrorCode.SignInRequired,
      'Sign in with Plex (POST /api/v1/auth/plex) or send an API key in the X-Api-Key header.',
    ),
  invalidApiKey: (header: 'X-Api-Key' | 'Authorization: Bearer' = 'X-Api-Key') =>
    new DomainError(
      'unauthenticated',
      AccessErrorCode.InvalidApiKey,
      `The API key in ${header} is not valid.`,
    ),
  apiKeyRequired: () =>
    new DomainError(
      'unauthenticated',
      AccessErrorCode.ApiKeyRequired,
      'This endpoint takes a curation API key: send it as X-Api-Key or Authorization: Bearer <key>. Sign-in sessions and cookies are not accepted here.',
    ),
  invalidSession: () =>
    new DomainError(
      'unauthenticated',
      AccessErrorCode.InvalidSession,
      'The session is unknown, expired or signed out: sign in again (POST /api/v1/auth/plex).',
    ),
  roleRequired: (roles: readonly string[]) =>
    new DomainError('forbidden', AccessErrorCode.RoleRequired, `This needs the ${roles.join(' or ')} role.`, {
      requiredRoles: [...roles],
    }),
  plexTokenInvalid: () =>
    new DomainError(
      'unauthenticated',
      AccessErrorCode.PlexTokenInvalid,
      'plex.tv does not accept this account token: sign in to Plex again and send the new token.',
    ),
  noServerAccess: (serverName: string) =>
    new DomainError(
      'forbidden',
      AccessErrorCode.NoServerAccess,
      `This Plex account has no access to the media server "${serverName}" this API is bound to. Ask its owner to share it with you.`,
    ),
  notBoundNotAdmin: () =>
    new DomainError(
      'forbidden',
      AccessErrorCode.NotBoundNotAdmin,
      'No media server is bound yet: until an Admin binds one, only the accounts in CURATION_ADMIN_PLEX_ACCOUNTS may sign in.',
    ),
  notBoundUseBootstrapKey: () =>
    new DomainError(
      'forbidden',
      AccessErrorCode.NotBoundUseBootstrapKey,
      'No media server is bound yet: bind one with the bootstrap API key (CURATION_BOOTSTRAP_API_KEY) first; Plex accounts sign in afterwards.',
    ),
  setupClaimedByAnother: () =>
    new DomainError(
      'forbidden',
      AccessErrorCode.SetupClaimedByAnother,
      'No media server is bound yet, and another Plex account (the first to sign in) is setting this API up. Sign in once it has bound its server.',
    ),
  pinUnknown: () =>
    new DomainError(
      'not-found',
      AccessErrorCode.PinUnknown,
      'There is no PIN sign-in with this id here: start one with POST /api/v1/auth/plex/pin.',
    ),
  pinExpired: () =>
    new DomainError(
      'gone',
      AccessErrorCode.PinExpired,
      'This PIN has expired or was already used: start a new one with POST /api/v1/auth/plex/pin.',
    ),
  plexTvFailed: (error: MediaClientError) =>
    new DomainError(
      error.code === 'timeout' ? 'timeout' : 'upstream-failed',
      AccessErrorCode.PlexTvFailed,
      `plex.tv could not be asked (${error.code}): ${error.message}`,
    ),
  userNotFound: (id: string) =>
    new DomainError('not-found', AccessErrorCode.UserNotFound, `There is no user with id "${id}".`),
  ownerStaysAdmin: () =>
    new DomainError(
      'conflict',
      AccessErrorCode.OwnerStaysAdmin,
      "The media server's owner is always Admin; their role cannot be changed.",
    ),
  configuredAdminStaysAdmin: () =>
    new DomainError(
      'conflict',
      AccessErrorCode.ConfiguredAdminStaysAdmin,
      'This account is Admin through CURATION_ADMIN_PLEX_ACCOUNTS; remove it there to change its role.',
    ),
  lastAdmin: () =>
    new DomainError(
      'conflict',
      AccessErrorCode.LastAdmin,
      'This is the last Admin: make another user Admin first.',
    ),
  apiKeyNotFound: (id: string) =>
    new DomainError('not-found', AccessErrorCode.ApiKeyNotFound, `There is no API key with id "${id}".`),
  apiKeyNameTaken: (name: string) =>
    new DomainError(
      'conflict',
      AccessErrorCode.ApiKeyNameTaken,
      `An API key named "${name}" exists already.`,
    ),
  bindNeedsOwnership: (machineIdentifier: string) =>
    new DomainError(
      'forbidden',
      AccessErrorCode.BindNeedsOwnership,
      `plex.tv does not list server "${machineIdentifier}" as yours: a Plex account may bind only a server it owns, unless it is named in CURATION_ADMIN_PLEX_ACCOUNTS (an API key may bind any server).`,
      { machineIdentifier },
    ),
  plexSignInRequired: () =>
    new DomainError(
      'forbidden',
      AccessErrorCode.PlexSignInRequired,
      'This needs a Plex account: sign in with Plex (POST /api/v1/auth/plex) instead of using an API key.',
    ),
};

/** Valid role names, for messages that refuse another. */
export const ROLE_CHOICES = CURATION_ROLES.join(', ');
