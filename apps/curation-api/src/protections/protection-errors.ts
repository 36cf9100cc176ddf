// Every way a protection or protection-request call fails, as domain errors with stable codes
// (docs/decisions/044). Messages name the item, the request or the ids at fault.
import { DomainError } from '@platform/service-kit';

export const ProtectionErrorCode = {
  ItemNotFound: 'protection.item-not-found',
  ItemsNotFound: 'protection.items-not-found',
  DuplicateIds: 'protection.duplicate-ids',
  ReasonRequired: 'protection.reason-required',
  InvalidText: 'protection.invalid-text',
  AlreadyProtected: 'protection.already-protected',
  RequestPending: 'protection.request-pending',
  RequestNotFound: 'protection.request-not-found',
  RequestDecided: 'protection.request-decided',
  PruneRunning: 'protection.prune-running',
} as const;

export type ProtectionErrorCode = (typeof ProtectionErrorCode)[keyof typeof ProtectionErrorCode];

/** How many ids a message names before it says "and N more". */
const NAMED_IDS = 20;

function idList(ids: readonly string[]): string {
  const named = ids.slice(0, NAMED_IDS).join(', ');
  return ids.length > NAMED_IDS ? `${named} and ${ids.length - NAMED_IDS} more` : named;
}

export const ProtectionErrors = {
  itemNotFound: (id: string) =>
    new DomainError(
      'not-found',
      ProtectionErrorCode.ItemNotFound,
      `No catalog item ${JSON.stringify(id)}: protection applies to items of the catalog (ids such as movie-tmdb-603).`,
      { id },
    ),
  itemsNotFound: (ids: readonly string[]) =>
    new DomainError(
      'not-found',
      ProtectionErrorCode.ItemsNotFound,
      `No catalog item has these ids, so nothing was changed: ${idList(ids)}.`,
      { ids: [...ids] },
    ),
  duplicateIds: (ids: readonly string[]) =>
    new DomainError(
      'invalid-input',
      ProtectionErrorCode.DuplicateIds,
      `ids names these more than once: ${idList(ids)}. Give each id once.`,
      { field: 'ids', ids: [...ids] },
    ),
  reasonRequired: () =>
    new DomainError(
      'invalid-input',
      ProtectionErrorCode.ReasonRequired,
      'reason is required to protect: say why the item must stay (1 to 500 characters).',
      { field: 'reason' },
    ),
  invalidText: (field: string, problem: string) =>
    new DomainError('invalid-input', ProtectionErrorCode.InvalidText, problem, { field }),
  alreadyProtected: (id: string, title: string) =>
    new DomainError(
      'conflict',
      ProtectionErrorCode.AlreadyProtected,
      `${JSON.stringify(title)} (${id}) is protected already: there is nothing to request.`,
      { mediaItemId: id },
    ),
  requestPending: (id: string, title: string, requestId: string) =>
    new DomainError(
      'conflict',
      ProtectionErrorCode.RequestPending,
      `You have a pending protection request for ${JSON.stringify(title)} (${id}) already: request ${requestId}.`,
      { mediaItemId: id, requestId },
    ),
  requestNotFound: (id: string) =>
    new DomainError(
      'not-found',
      ProtectionErrorCode.RequestNotFound,
      `No protection request ${JSON.stringify(id)} is visible to you.`,
      { id },
    ),
  /** A prune of the item is deleting its files: protecting it now would protect what is going. */
  pruneRunning: (running: ReadonlyMap<string, string>) => {
    const ids = [...running.keys()];
    const entries = [...running].map(([itemId, ledgerId]) => ({ mediaItemId: itemId, auditId: ledgerId }));
    const which = entries
      .slice(0, NAMED_IDS)
      .map((entry) => `${entry.mediaItemId} (audit row ${entry.auditId})`)
      .join(', ');
    const more = ids.length > NAMED_IDS ? ` and ${ids.length - NAMED_IDS} more` : '';
    return new DomainError(
      'conflict',
      ProtectionErrorCode.PruneRunning,
      `A prune is running for ${which}${more}: nothing was changed. Try again once it has finished (GET /api/v1/audit?action=prune shows its outcome).`,
      { prunes: entries },
    );
  },
  requestDecided: (id: string, status: string) =>
    new DomainError(
      'conflict',
      ProtectionErrorCode.RequestDecided,
      `Protection request ${id} is ${status} already: only a pending request can be approved, denied or withdrawn.`,
      { requestId: id, status },
    ),
};
