// Who is Admin without an Admin's say (docs/decisions/031): the bound server's owner and the
// accounts in CURATION_ADMIN_PLEX_ACCOUNTS; everyone else starts as Guest.
import type { CurationRole } from '../curation-roles';

export interface PlexIdentity {
  /** plex.tv account id as a decimal string. */
  readonly id: string;
  /** plex.tv username; null for managed home users, who have none. */
  readonly username: string | null;
}

/** True when `configured` (trimmed, lower-cased entries) names the account by id or username. */
export function isConfiguredAdmin(account: PlexIdentity, configured: readonly string[]): boolean {
  const username = account.username?.toLowerCase();
  return configured.some((entry) => entry === account.id || (username !== undefined && entry === username));
}

export function defaultRoleOf(isOwner: boolean, isConfigured: boolean): CurationRole {
  return isOwner || isConfigured ? 'Admin' : 'Guest';
}
