// Tautulli, an optional second watch-history source: `get_history` paged by start/length until
// `recordsFiltered`, and `get_users`. Tautulli takes its key only as a query parameter, which
// error messages redact.
import { MediaHttp } from '../http/media-http';
import type { MediaClientTuning, MediaRequest } from '../http/media-http';
import { tautulliHistorySchema, tautulliUsersSchema } from './tautulli.schemas';
import type { TautulliPlay, TautulliUser } from './tautulli.schemas';

export interface TautulliHistoryFilter {
  /** A plex.tv id (Tautulli names the owner by it too, unlike Plex's local 1). */
  readonly userId?: number;
  readonly sectionId?: string;
}

export interface TautulliApi {
  /** Every play, newest first. */
  getHistory(filter?: TautulliHistoryFilter): Promise<TautulliPlay[]>;
  getUsers(): Promise<TautulliUser[]>;
  readonly requestCount: number;
}

export interface TautulliClientOptions extends MediaClientTuning {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 1000;

export class TautulliClient implements TautulliApi {
  private readonly http: MediaHttp;
  private readonly pageSize: number;

  constructor(options: TautulliClientOptions) {
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.http = new MediaHttp({
      ...options,
      source: 'tautulli',
      headers: {},
      query: { apikey: options.apiKey },
    });
  }

  get requestCount(): number {
    return this.http.requestCount;
  }

  async getHistory(filter: TautulliHistoryFilter = {}): Promise<TautulliPlay[]> {
    const plays: TautulliPlay[] = [];
    for (let start = 0; ;) {
      const request: MediaRequest = {
        path: '/api/v2',
        query: {
          cmd: 'get_history',
          start,
          length: this.pageSize,
          user_id: filter.userId,
          section_id: filter.sectionId,
        },
      };
      const page = (await this.http.getJson(request, tautulliHistorySchema)).response.data;
      plays.push(...page.data);
      start += page.data.length;
      if (start >= page.recordsFiltered) return plays;
      if (page.data.length === 0) {
        throw this.http.badAnswer(request, `an empty page at ${start} of ${page.recordsFiltered} plays`);
      }
    }
  }

  async getUsers(): Promise<TautulliUser[]> {
    const answer = await this.http.getJson(
      { path: '/api/v2', query: { cmd: 'get_users' } },
      tautulliUsersSchema,
    );
    return answer.response.data;
  }
}
