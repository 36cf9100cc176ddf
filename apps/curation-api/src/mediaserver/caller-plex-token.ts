// The caller's plex.tv account token, which only a Plex sign-in holds: listing the caller's
// servers and checking that they own the server they bind both ask plex.tv with it. The access
// feature's session store provides it (CALLER_PLEX_TOKEN); this feature only consumes it.
import type { Caller } from '../access/caller';

export interface CallerPlexToken {
  /** The plex.tv token of a caller signed in with Plex; null for API keys and when unknown. */
  plexTokenOf(caller: Caller): Promise<string | null>;
}

export const CALLER_PLEX_TOKEN = Symbol('CALLER_PLEX_TOKEN');
