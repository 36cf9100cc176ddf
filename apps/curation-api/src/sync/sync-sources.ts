// How the sync reaches the systems it reads: a factory of media clients, injected so unit tests
// fake every source and end-to-end tests run the real clients against the simulators.
import type {
  MediaClientTuning,
  OverseerrApi,
  PlexServerApi,
  PlexTvApi,
  RadarrApi,
  SonarrApi,
} from '@platform/curation-media-clients';
import {
  OverseerrClient,
  PlexServerClient,
  PlexTvClient,
  RadarrClient,
  SonarrClient,
} from '@platform/curation-media-clients';

export interface SyncSourceFactory {
  plexServer(baseUrl: string, token: string): PlexServerApi;
  plexTv(): PlexTvApi;
  sonarr(baseUrl: string, apiKey: string): SonarrApi;
  radarr(baseUrl: string, apiKey: string): RadarrApi;
  overseerr(baseUrl: string, apiKey: string): OverseerrApi;
}

/** Nest token of the SyncSourceFactory. */
export const SYNC_SOURCE_FACTORY = Symbol('SYNC_SOURCE_FACTORY');

const PRODUCT = 'Media Curation API';
/** The sync's own identification towards Plex; stable so the server lists one device for it. */
const CLIENT_IDENTIFIER = 'media-curation-api-sync';

/**
 * Per-call bounds for a sync: a minute per page (a 500-item Plex page of a slow server), and the
 * clients' retries with backoff for reads (three more attempts, 250 ms doubling to 4 s).
 */
const SYNC_TUNING: MediaClientTuning = { timeoutMs: 60_000 };

export class MediaClientSourceFactory implements SyncSourceFactory {
  constructor(
    private readonly plexTvUrl: string,
    private readonly tuning: MediaClientTuning = SYNC_TUNING,
  ) {}

  plexServer(baseUrl: string, token: string): PlexServerApi {
    return new PlexServerClient({
      ...this.tuning,
      baseUrl,
      token,
      clientIdentifier: CLIENT_IDENTIFIER,
      product: PRODUCT,
    });
  }

  plexTv(): PlexTvApi {
    return new PlexTvClient({
      ...this.tuning,
      baseUrl: this.plexTvUrl,
      clientIdentifier: CLIENT_IDENTIFIER,
      product: PRODUCT,
    });
  }

  sonarr(baseUrl: string, apiKey: string): SonarrApi {
    return new SonarrClient({ ...this.tuning, baseUrl, apiKey });
  }

  radarr(baseUrl: string, apiKey: string): RadarrApi {
    return new RadarrClient({ ...this.tuning, baseUrl, apiKey });
  }

  overseerr(baseUrl: string, apiKey: string): OverseerrApi {
    return new OverseerrClient({ ...this.tuning, baseUrl, apiKey });
  }
}
