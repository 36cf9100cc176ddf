// plex.tv: PIN sign-in, the account behind a token, its servers, the friends sharing the owner's
// servers and the Plex Home. v2 endpoints need the client's identification headers; `/api/users`
// answers XML only and is read with the strict attribute-XML reader.
import { MediaHttp } from '../http/media-http';
import type { MediaClientTuning, MediaRequest } from '../http/media-http';
import { readAttributeXml } from '../xml/attribute-xml.reader';
import { xmlElementToRecord } from '../xml/xml-element.converter';
import {
  plexAccountSchema,
  plexHomeSchema,
  plexPinSchema,
  plexResourcesSchema,
  plexSharedUsersSchema,
} from './plex-tv.schemas';
import type {
  PlexAccount,
  PlexHomeUser,
  PlexPin,
  PlexServerResource,
  PlexSharedUser,
} from './plex-tv.schemas';

export interface PlexTvApi {
  /** Starts a PIN sign-in; the user approves `code` at plex.tv/link. */
  createPin(): Promise<PlexPin>;
  /** The PIN's state: `authToken` is null until approved; `not-found` once expired. */
  checkPin(pinId: number): Promise<PlexPin>;
  /** The account a token belongs to; `unauthorized` for an invalid token. */
  getAccount(accountToken: string): Promise<PlexAccount>;
  /** The Plex Media Servers the account can reach (`provides` includes `server`), with connections. */
  getServers(accountToken: string): Promise<PlexServerResource[]>;
  /** Friends and home members of the token's account, each with the servers they share. */
  getSharedUsers(accountToken: string): Promise<PlexSharedUser[]>;
  getHomeUsers(accountToken: string): Promise<PlexHomeUser[]>;
  readonly requestCount: number;
}

export interface PlexTvClientOptions extends MediaClientTuning {
  /** `CURATION_PLEX_TV_URL`: https://plex.tv in production. */
  readonly baseUrl: string;
  /** Stable per installation: plex.tv ties PINs to it. */
  readonly clientIdentifier: string;
  readonly product: string;
  readonly version?: string;
}

export class PlexTvClient implements PlexTvApi {
  private readonly http: MediaHttp;

  constructor(options: PlexTvClientOptions) {
    this.http = new MediaHttp({
      ...options,
      source: 'plex.tv',
      headers: {
        'X-Plex-Client-Identifier': options.clientIdentifier,
        'X-Plex-Product': options.product,
        ...(options.version === undefined ? {} : { 'X-Plex-Version': options.version }),
      },
    });
  }

  get requestCount(): number {
    return this.http.requestCount;
  }

  createPin(): Promise<PlexPin> {
    return this.http.postJson({ path: '/api/v2/pins', query: { strong: 'true' } }, plexPinSchema, [200, 201]);
  }

  checkPin(pinId: number): Promise<PlexPin> {
    return this.http.getJson({ path: `/api/v2/pins/${encodeURIComponent(String(pinId))}` }, plexPinSchema);
  }

  getAccount(accountToken: string): Promise<PlexAccount> {
    return this.http.getJson({ path: '/api/v2/user', headers: tokenHeader(accountToken) }, plexAccountSchema);
  }

  async getServers(accountToken: string): Promise<PlexServerResource[]> {
    const resources = await this.http.getJson(
      { path: '/api/v2/resources', query: { includeHttps: 1 }, headers: tokenHeader(accountToken) },
      plexResourcesSchema,
    );
    return resources.filter((resource) => resource.provides.split(',').includes('server'));
  }

  async getSharedUsers(accountToken: string): Promise<PlexSharedUser[]> {
    const request: MediaRequest = { path: '/api/users', headers: tokenHeader(accountToken) };
    const text = await this.http.getText(request, 'application/xml');
    let record: unknown;
    try {
      record = xmlElementToRecord(readAttributeXml(text));
    } catch (error) {
      throw this.http.badAnswer(
        request,
        `XML it cannot read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return this.http.parse(request, plexSharedUsersSchema, record).User;
  }

  async getHomeUsers(accountToken: string): Promise<PlexHomeUser[]> {
    const home = await this.http.getJson(
      { path: '/api/v2/home/users', headers: tokenHeader(accountToken) },
      plexHomeSchema,
    );
    return home.users;
  }
}

function tokenHeader(token: string): Record<string, string> {
  return { 'X-Plex-Token': token };
}
