// Makes the plex.tv and Plex Media Server clients this feature uses, with the API's identification
// headers and short timeouts: an Admin waiting on a bind, or a status page, should hear about a
// dead server in seconds, not after the sync's 30 s timeout and retries.
import { Inject, Injectable } from '@nestjs/common';
import { PlexServerClient, PlexTvClient } from '@platform/curation-media-clients';
import type { PlexTvApi } from '@platform/curation-media-clients';

export interface PlexClientSettings {
  /** CURATION_PLEX_TV_URL. */
  readonly plexTvUrl: string;
  readonly clientIdentifier: string;
  readonly product: string;
}

/** How this API names itself to Plex (X-Plex-Product), as Plex's own dashboards show it. */
export const PLEX_PRODUCT = 'Media Curation API';
/**
 * X-Plex-Client-Identifier of server and resource calls. PIN sign-in ties a PIN to the identifier
 * it was made with, so the access feature's PIN flow must use the same one when it makes clients.
 */
export const PLEX_CLIENT_IDENTIFIER = 'media-curation-api';

export const PLEX_CLIENT_SETTINGS = Symbol('PLEX_CLIENT_SETTINGS');

/** What this feature asks of a Plex Media Server. */
export type MediaServerProbe = Pick<
  PlexServerClient,
  'getIdentity' | 'getSections' | 'countSectionItems' | 'getAccounts'
>;

const INTERACTIVE_TIMEOUT_MS = 10_000;
const NO_RETRIES = { retries: 0, baseDelayMs: 0, maxDelayMs: 0 };

@Injectable()
export class PlexClients {
  constructor(@Inject(PLEX_CLIENT_SETTINGS) private readonly settings: PlexClientSettings) {}

  plexTv(): PlexTvApi {
    return new PlexTvClient({
      baseUrl: this.settings.plexTvUrl,
      clientIdentifier: this.settings.clientIdentifier,
      product: this.settings.product,
      timeoutMs: INTERACTIVE_TIMEOUT_MS,
      retry: NO_RETRIES,
    });
  }

  server(baseUrl: string, token: string, timeoutMs = INTERACTIVE_TIMEOUT_MS): MediaServerProbe {
    return new PlexServerClient({
      baseUrl,
      token,
      clientIdentifier: this.settings.clientIdentifier,
      product: this.settings.product,
      timeoutMs,
      retry: NO_RETRIES,
    });
  }
}
