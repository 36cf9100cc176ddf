// One Plex Media Server: its identity, library sections, every item and episode of a section, the
// watch history of all accounts, its local accounts, and a section scan on request. Lists are read in pages that advance by
// the rows received (servers answer short pages) until `totalSize`, so requests grow with pages,
// not with items.
import type { z } from 'zod';
import { MediaHttp } from '../http/media-http';
import type { MediaClientTuning, MediaRequest, QueryValue } from '../http/media-http';
import {
  plexAccountsSchema,
  plexHistoryRowSchema,
  plexIdentitySchema,
  plexItemSchema,
  plexPageSchema,
  plexSectionsSchema,
} from './plex-server.schemas';
import type { PlexHistoryRow, PlexItem, PlexLocalAccount, PlexSection } from './plex-server.schemas';

export interface PlexServerIdentityAnswer {
  readonly machineIdentifier: string;
  readonly version: string;
}

export interface PlexHistoryFilter {
  readonly accountId?: number;
  readonly librarySectionId?: string;
  /** Epoch seconds: only plays at or after it (an incremental sync). */
  readonly viewedSince?: number;
}

export interface PlexServerApi {
  getIdentity(): Promise<PlexServerIdentityAnswer>;
  /** Every section; callers keep `movie` and `show`. */
  getSections(): Promise<PlexSection[]>;
  /** Every movie (movie section) or show (show section), with external ids. */
  getSectionItems(sectionKey: string): Promise<PlexItem[]>;
  /** Every episode of a show section. */
  getSectionEpisodes(sectionKey: string): Promise<PlexItem[]>;
  /** One row per play, every account (the owner is local account 1), newest first. */
  getWatchHistory(filter?: PlexHistoryFilter): Promise<PlexHistoryRow[]>;
  /** How many plays the history holds (one empty page's `totalSize`), every account. */
  countWatchHistory(): Promise<number>;
  getAccounts(): Promise<PlexLocalAccount[]>;
  /** Asks Plex to scan a library section (owner token); Plex answers at once and scans later. */
  refreshSection(sectionKey: string): Promise<void>;
  /**
   * An image of this server (`source`: an item's `thumb` path) through Plex's photo transcoder,
   * scaled to fill `size` (JPEG, Plex's default). The content type is reported, not checked.
   */
  getPhoto(source: string, size: PlexPhotoSize, limits: PlexPhotoLimits): Promise<PlexPhoto>;
  readonly requestCount: number;
}

export interface PlexPhotoSize {
  readonly width: number;
  readonly height: number;
}

export interface PlexPhotoLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

export interface PlexPhoto {
  readonly bytes: Buffer;
  readonly contentType: string | null;
}

export interface PlexServerClientOptions extends MediaClientTuning {
  readonly baseUrl: string;
  /** The owner's token: history and accounts are refused to anyone else. */
  readonly token: string;
  readonly clientIdentifier: string;
  readonly product: string;
  /** Rows asked per page; Plex may answer fewer. */
  readonly pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 500;

export class PlexServerClient implements PlexServerApi {
  private readonly http: MediaHttp;
  private readonly pageSize: number;

  constructor(options: PlexServerClientOptions) {
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.http = new MediaHttp({
      ...options,
      source: 'plex',
      // fetchJson sends `Accept: application/json`, without which Plex answers XML.
      headers: {
        'X-Plex-Token': options.token,
        'X-Plex-Client-Identifier': options.clientIdentifier,
        'X-Plex-Product': options.product,
      },
    });
  }

  get requestCount(): number {
    return this.http.requestCount;
  }

  async getIdentity(): Promise<PlexServerIdentityAnswer> {
    const answer = await this.http.getJson({ path: '/identity' }, plexIdentitySchema);
    return answer.MediaContainer;
  }

  async refreshSection(sectionKey: string): Promise<void> {
    await this.http.getText({ path: `/library/sections/${encodeURIComponent(sectionKey)}/refresh` }, '*/*');
  }

  getPhoto(source: string, size: PlexPhotoSize, limits: PlexPhotoLimits): Promise<PlexPhoto> {
    return this.http.getBytes(
      {
        path: '/photo/:/transcode',
        // minSize: cover the box (a grid tile crops the overflow); upscale: small artwork fills it too.
        query: { url: source, width: size.width, height: size.height, minSize: 1, upscale: 1 },
        ...limits,
      },
      'image/jpeg, image/png, image/webp',
    );
  }

  async getSections(): Promise<PlexSection[]> {
    const answer = await this.http.getJson({ path: '/library/sections' }, plexSectionsSchema);
    return answer.MediaContainer.Directory ?? [];
  }

  getSectionItems(sectionKey: string): Promise<PlexItem[]> {
    return this.readAllPages(
      `/library/sections/${encodeURIComponent(sectionKey)}/all`,
      { includeGuids: 1 },
      plexItemSchema,
    );
  }

  /**
   * How many top-level items a section holds (movies, shows, artists), from one empty page's
   * `totalSize`: a status page can show counts without reading the items.
   */
  countSectionItems(sectionKey: string): Promise<number> {
    return this.countRows(`/library/sections/${encodeURIComponent(sectionKey)}/all`, plexItemSchema);
  }

  getSectionEpisodes(sectionKey: string): Promise<PlexItem[]> {
    return this.readAllPages(
      `/library/sections/${encodeURIComponent(sectionKey)}/allLeaves`,
      { includeGuids: 1 },
      plexItemSchema,
    );
  }

  getWatchHistory(filter: PlexHistoryFilter = {}): Promise<PlexHistoryRow[]> {
    return this.readAllPages(
      '/status/sessions/history/all',
      {
        sort: 'viewedAt:desc',
        accountID: filter.accountId,
        librarySectionID: filter.librarySectionId,
        // Plex's `viewedAt>=N` filter: the query key is `viewedAt>`, the value N (inclusive).
        'viewedAt>': filter.viewedSince,
      },
      plexHistoryRowSchema,
    );
  }

  countWatchHistory(): Promise<number> {
    return this.countRows('/status/sessions/history/all', plexHistoryRowSchema);
  }

  async getAccounts(): Promise<PlexLocalAccount[]> {
    const answer = await this.http.getJson({ path: '/accounts' }, plexAccountsSchema);
    return answer.MediaContainer.Account ?? [];
  }

  /** A list's `totalSize`, from a page of no rows. */
  private async countRows<Row>(path: string, rowSchema: z.ZodType<Row>): Promise<number> {
    const request: MediaRequest = {
      path,
      headers: { 'X-Plex-Container-Start': '0', 'X-Plex-Container-Size': '0' },
    };
    const page = (await this.http.getJson(request, plexPageSchema(rowSchema))).MediaContainer;
    return page.totalSize;
  }

  private async readAllPages<Row>(
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    rowSchema: z.ZodType<Row>,
  ): Promise<Row[]> {
    const pageSchema = plexPageSchema(rowSchema);
    const rows: Row[] = [];
    let start = 0;
    for (;;) {
      const request: MediaRequest = {
        path,
        query,
        headers: { 'X-Plex-Container-Start': String(start), 'X-Plex-Container-Size': String(this.pageSize) },
      };
      const page = (await this.http.getJson(request, pageSchema)).MediaContainer;
      const received = page.Metadata ?? [];
      if (page.offset !== start) {
        throw this.http.badAnswer(request, `a page at offset ${page.offset} when asked for ${start}`);
      }
      if (received.length > this.pageSize) {
        throw this.http.badAnswer(request, `${received.length} rows when asked for at most ${this.pageSize}`);
      }
      rows.push(...received);
      start += received.length;
      if (start >= page.totalSize) return rows;
      // An empty page before the end would otherwise ask for the same page forever.
      if (received.length === 0) {
        throw this.http.badAnswer(request, `an empty page at ${start} of ${page.totalSize} rows`);
      }
    }
  }
}
