// Every way a prune is refused before anything is called on any instance, as domain errors with
// stable codes (docs/api-errors.md, docs/decisions/043). Failures on an instance are no refusal:
// they come back as a target's `failed` result in a 200 answer.
import { DomainError } from '@platform/service-kit';

export const PruneErrorCode = {
  ItemNotFound: 'prune.item-not-found',
  ItemProtected: 'prune.item-protected',
  ProtectionRequestPending: 'prune.protection-request-pending',
  PruneInProgress: 'prune.in-progress',
  ConnectionNotFound: 'prune.connection-not-found',
  ConnectionLacksItem: 'prune.connection-lacks-item',
  ConnectionNamedTwice: 'prune.connection-named-twice',
  SeasonOfMovie: 'prune.season-of-movie',
  SeasonNotFound: 'prune.season-not-found',
} as const;

export type PruneErrorCode = (typeof PruneErrorCode)[keyof typeof PruneErrorCode];

export const PruneErrors = {
  itemNotFound: (id: string) =>
    new DomainError('not-found', PruneErrorCode.ItemNotFound, `No catalog item ${id}.`, {
      field: 'mediaItemId',
      id,
    }),
  itemProtected: (title: string, reason: string, protectedBy: string) =>
    new DomainError(
      'conflict',
      PruneErrorCode.ItemProtected,
      `${title} is protected (by ${protectedBy}: ${JSON.stringify(reason)}); unprotect it before pruning.`,
      { reason, protectedBy },
    ),
  protectionRequestPending: (title: string, pending: number, reason: string) =>
    new DomainError(
      'conflict',
      PruneErrorCode.ProtectionRequestPending,
      `${title} has ${pending === 1 ? 'a pending protection request' : `${pending} pending protection requests`} ` +
        `(${JSON.stringify(reason)}); approve or deny it before pruning.`,
      { pendingRequests: pending },
    ),
  pruneInProgress: (title: string, auditId: string) =>
    new DomainError(
      'conflict',
      PruneErrorCode.PruneInProgress,
      `A prune of ${title} is still running (audit record ${auditId}); wait for it to finish.`,
      { auditId },
    ),
  connectionNotFound: (id: string) =>
    new DomainError(
      'invalid-input',
      PruneErrorCode.ConnectionNotFound,
      `targetConnectionIds names ${id}, which is no connection.`,
      { field: 'targetConnectionIds', connectionId: id },
    ),
  connectionLacksItem: (connectionName: string, connectionId: string, title: string) =>
    new DomainError(
      'invalid-input',
      PruneErrorCode.ConnectionLacksItem,
      `The connection ${JSON.stringify(connectionName)} does not hold ${title} (as of the last sync).`,
      { field: 'targetConnectionIds', connectionId },
    ),
  connectionNamedTwice: (connectionName: string, connectionId: string) =>
    new DomainError(
      'invalid-input',
      PruneErrorCode.ConnectionNamedTwice,
      `targetConnectionIds names the connection ${JSON.stringify(connectionName)} (${connectionId}) twice.`,
      { field: 'targetConnectionIds', connectionId },
    ),
  seasonOfMovie: (title: string) =>
    new DomainError(
      'invalid-input',
      PruneErrorCode.SeasonOfMovie,
      `${title} is a movie: seasonNumber must be null.`,
      { field: 'seasonNumber' },
    ),
  seasonNotFound: (title: string, seasonNumber: number, seasons: readonly number[]) =>
    new DomainError(
      'invalid-input',
      PruneErrorCode.SeasonNotFound,
      `${title} has no season ${seasonNumber} (it has ${seasons.length === 0 ? 'none' : seasons.join(', ')}).`,
      { field: 'seasonNumber', seasons },
    ),
};
