// Overseerr/Jellyseerr: a call that needs the key (the connection test; `/status` answers without
// one and would pass a wrong key), every request with its requester, paged by take/skip; one
// request by id, and resetting a media entry (after a prune, so the item can be requested again).
import { MediaClientError } from '../http/media-client.error';
import { MediaHttp } from '../http/media-http';
import type { MediaClientTuning, MediaRequest } from '../http/media-http';
import { overseerrMeSchema, overseerrRequestPageSchema, overseerrRequestSchema } from './overseerr.schemas';
import type { OverseerrMe, OverseerrRequest } from './overseerr.schemas';

export interface OverseerrApi {
  /** The key's own user: `unauthorized` for a wrong key (Overseerr answers 403). */
  getCurrentUser(): Promise<OverseerrMe>;
  /** Every request, any status, oldest first. */
  getRequests(): Promise<OverseerrRequest[]>;
  /** One request, null when Overseerr has none with this id. */
  getRequest(requestId: number): Promise<OverseerrRequest | null>;
  /** Deletes the media entry (`DELETE /media/{id}`): its status and requests; `not-found` when gone. */
  deleteMedia(mediaId: number): Promise<'deleted' | 'not-found'>;
  readonly requestCount: number;
}

export interface OverseerrClientOptions extends MediaClientTuning {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 100;

export class OverseerrClient implements OverseerrApi {
  private readonly http: MediaHttp;
  private readonly pageSize: number;

  constructor(options: OverseerrClientOptions) {
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.http = new MediaHttp({ ...options, source: 'overseerr', headers: { 'X-Api-Key': options.apiKey } });
  }

  get requestCount(): number {
    return this.http.requestCount;
  }

  getCurrentUser(): Promise<OverseerrMe> {
    return this.http.getJson({ path: '/api/v1/auth/me' }, overseerrMeSchema);
  }

  async getRequests(): Promise<OverseerrRequest[]> {
    const requests: OverseerrRequest[] = [];
    for (let skip = 0; ;) {
      const request: MediaRequest = {
        path: '/api/v1/request',
        query: { take: this.pageSize, skip, filter: 'all', sort: 'added' },
      };
      const page = await this.http.getJson(request, overseerrRequestPageSchema);
      requests.push(...page.results);
      skip += page.results.length;
      if (skip >= page.pageInfo.results) return requests;
      if (page.results.length === 0) {
        throw this.http.badAnswer(request, `an empty page at ${skip} of ${page.pageInfo.results} requests`);
      }
    }
  }

  async getRequest(requestId: number): Promise<OverseerrRequest | null> {
    try {
      return await this.http.getJson({ path: `/api/v1/request/${requestId}` }, overseerrRequestSchema);
    } catch (error) {
      if (error instanceof MediaClientError && error.code === 'not-found') return null;
      throw error;
    }
  }

  async deleteMedia(mediaId: number): Promise<'deleted' | 'not-found'> {
    try {
      await this.http.send('DELETE', { path: `/api/v1/media/${mediaId}` }, [200, 204]);
      return 'deleted';
    } catch (error) {
      if (error instanceof MediaClientError && error.code === 'not-found') return 'not-found';
      throw error;
    }
  }
}
