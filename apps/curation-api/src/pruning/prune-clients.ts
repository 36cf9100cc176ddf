// How a prune reaches Sonarr and Radarr: a factory of media clients with the prune's own bounds,
// injected so unit tests fake the instances and end-to-end tests run the real clients against the
// simulators. Also the one place the prune's ledger deadline is derived from those bounds.
import type {
  MediaClientTuning,
  OverseerrApi,
  PlexServerApi,
  RadarrApi,
  RetryPolicy,
  SonarrApi,
} from '@platform/curation-media-clients';
import {
  OverseerrClient,
  PlexServerClient,
  RadarrClient,
  SonarrClient,
} from '@platform/curation-media-clients';

export interface PruneClientFactory {
  sonarr(baseUrl: string, apiKey: string): SonarrApi;
  radarr(baseUrl: string, apiKey: string): RadarrApi;
  /** For the follow-ups a setting turns on (prune-follow-ups.ts). */
  overseerr(baseUrl: string, apiKey: string): OverseerrApi;
  plexServer(baseUrl: string, token: string): PlexServerApi;
}

/** The prune's own identification towards Plex; stable so the server lists one device for it. */
const PLEX_CLIENT_IDENTIFIER = 'media-curation-api-prune';
const PLEX_PRODUCT = 'Media Curation API';

/** Nest tokens of the PruneClientFactory and the PruneTuning. */
export const PRUNE_CLIENT_FACTORY = Symbol('PRUNE_CLIENT_FACTORY');
export const PRUNE_TUNING = Symbol('PRUNE_TUNING');

export interface PruneTuning {
  /** Bound on every call (reads and changes). */
  readonly callTimeoutMs: number;
  /** Targets worked on at once. */
  readonly concurrency: number;
  /** Reads only: changes are sent once (they may have taken effect when an answer was lost). */
  readonly readRetry: RetryPolicy;
  /**
   * Waits before each re-read that confirms a season is unmonitored after a PUT that failed or
   * timed out: Sonarr may apply a slow PUT after its answer was given up on (Maintainerr#3228).
   */
  readonly confirmWaitsMs: readonly number[];
}

export function pruneTuning(callTimeoutMs: number, concurrency: number): PruneTuning {
  return {
    callTimeoutMs,
    concurrency,
    readRetry: { retries: 2, baseDelayMs: 250, maxDelayMs: 2000 },
    confirmWaitsMs: [250, 1000, 4000].map((wait) => Math.min(wait, callTimeoutMs)),
  };
}

/** Kept back from the deadline for completing the ledger row once the follow-ups are done. */
export const LEDGER_COMPLETION_RESERVE_MS = 10_000;

/**
 * How long a prune of `targets` instances can take at most, by its bounds: per target the most
 * calls one can make (a season: look-up, PUT, confirming re-reads, file list, bulk delete,
 * re-reads after a lost answer, exclusion), each read with its retries; targets in waves of
 * `concurrency`; then the follow-ups' budget and the bookkeeping. Recorded on the prune's ledger
 * row as its deadline. Whether the prune is alive is told by its liveness lock (docs/decisions/051);
 * the deadline judges only rows written without one (before migration 1796910000000). The
 * follow-ups make a number of calls no bound fixes (one per Overseerr request, per Plex section),
 * so they are cut off at the deadline less LEDGER_COMPLETION_RESERVE_MS (PruneFollowUps): a prune
 * always ends within the bound its row states.
 */
export function pruneDeadlineMs(tuning: PruneTuning, targets: number): number {
  const { retries, baseDelayMs, maxDelayMs } = tuning.readRetry;
  let backoff = 0;
  for (let attempt = 0; attempt < retries; attempt += 1)
    backoff += Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  const read = (retries + 1) * tuning.callTimeoutMs + backoff;
  const change = tuning.callTimeoutMs;
  const confirmReads = tuning.confirmWaitsMs.length + 1;
  const waits = tuning.confirmWaitsMs.reduce((sum, wait) => sum + wait, 0);
  // A lost delete's answer is settled by as many re-reads as a PUT's.
  const perTarget = (2 + 2 * confirmReads) * read + 3 * change + 2 * waits;
  const waves = Math.ceil(targets / tuning.concurrency);
  /** Overseerr (a request read, a media reset) and Plex (sections, a refresh) side by side. */
  const followUps = 2 * read + 2 * change;
  /** Updating the catalog and writing the outcome. */
  const bookkeeping = 60_000;
  return waves * perTarget + followUps + bookkeeping;
}

export class MediaClientPruneFactory implements PruneClientFactory {
  private readonly clientTuning: MediaClientTuning;

  constructor(tuning: PruneTuning) {
    this.clientTuning = { timeoutMs: tuning.callTimeoutMs, retry: tuning.readRetry };
  }

  sonarr(baseUrl: string, apiKey: string): SonarrApi {
    return new SonarrClient({ ...this.clientTuning, baseUrl, apiKey });
  }

  radarr(baseUrl: string, apiKey: string): RadarrApi {
    return new RadarrClient({ ...this.clientTuning, baseUrl, apiKey });
  }

  overseerr(baseUrl: string, apiKey: string): OverseerrApi {
    return new OverseerrClient({ ...this.clientTuning, baseUrl, apiKey });
  }

  plexServer(baseUrl: string, token: string): PlexServerApi {
    return new PlexServerClient({
      ...this.clientTuning,
      baseUrl,
      token,
      clientIdentifier: PLEX_CLIENT_IDENTIFIER,
      product: PLEX_PRODUCT,
    });
  }
}
