// Makes the Plex Media Server clients this feature uses, identified as this installation (the
// access feature's plex.tv client identifier and product name), with short timeouts and no
// retries: an Admin waiting on a bind, or a status page, should hear about a dead server in
// seconds, not after the sync's timeouts and retries; the catalog's posters likewise. plex.tv
// calls go through the one plex.tv client of the API (PlexTvConnector).
import { Injectable } from '@nestjs/common';
import { PlexServerClient, type PlexTvApi } from '@platform/curation-media-clients';
import { PLEX_PRODUCT, PlexTvConnector } from '../access/plex-tv/plex-tv.connector';

/** What this feature asks of a Plex Media Server. */
export type MediaServerProbe = Pick<
  PlexServerClient,
  'getIdentity' | 'getSections' | 'countSectionItems' | 'getAccounts'
>;

/** What the catalog asks of the bound server: its items' posters. */
export type PlexPhotos = Pick<PlexServerClient, 'getPhoto'>;

const INTERACTIVE_TIMEOUT_MS = 10_000;
const NO_RETRIES = { retries: 0, baseDelayMs: 0, maxDelayMs: 0 };

@Injectable()
export class PlexClients {
  constructor(private readonly connector: PlexTvConnector) {}

  plexTv(): Promise<PlexTvApi> {
    return this.connector.api();
  }

  server(baseUrl: string, token: string, timeoutMs = INTERACTIVE_TIMEOUT_MS): Promise<MediaServerProbe> {
    return this.client(baseUrl, token, timeoutMs);
  }

  /** Timeouts and size bounds are given per call. */
  photos(baseUrl: string, token: string): Promise<PlexPhotos> {
    return this.client(baseUrl, token, INTERACTIVE_TIMEOUT_MS);
  }

  private async client(baseUrl: string, token: string, timeoutMs: number): Promise<PlexServerClient> {
    return new PlexServerClient({
      baseUrl,
      token,
      clientIdentifier: await this.connector.clientIdentifier(),
      product: PLEX_PRODUCT,
      timeoutMs,
      retry: NO_RETRIES,
    });
  }
}
