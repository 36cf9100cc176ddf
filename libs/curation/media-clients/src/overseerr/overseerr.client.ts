// Overseerr/Jellyseerr: a call that needs the key (the connection test; `/status` answers without
// one and would pass a wrong key) and every request with its requester, paged by take/skip.
import { MediaHttp } from '../http/media-http';
import type { MediaClientTuning, MediaRequest } from '../http/media-http';
import { overseerrMeSchema, overseerrRequestPageSchema } from './overseerr.schemas';
import type { OverseerrMe, OverseerrRequest } from './overseerr.schemas';

export interface OverseerrApi {
  /** The key's own user: `unauthorized` for a wrong key (Overseerr answers 403). */
  getCurrentUser(): Promise<OverseerrMe>;
  /** Every request, any status, oldest first. */
  getRequests(): Promise<OverseerrRequest[]>;
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
}
