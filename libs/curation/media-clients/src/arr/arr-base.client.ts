// What Sonarr and Radarr share: the `X-Api-Key` header, `/api/v3/system/status` as the
// connection test (the answering application must be the expected one) and quality profiles.
import { MediaClientError } from '../http/media-client.error';
import { MediaHttp } from '../http/media-http';
import type { MediaClientTuning } from '../http/media-http';
import type { QueryValue } from '../http/media-http';
import { arrQualityProfilesSchema, arrSystemStatusSchema, arrValidationFailureSchema } from './arr.schemas';
import type { ArrQualityProfile, ArrSystemStatus } from './arr.schemas';

export type ArrAppName = 'Sonarr' | 'Radarr';

/** What a delete did: `not-found` when the resource was gone already (404), which is no failure. */
export type ArrDeleteOutcome = 'deleted' | 'not-found';

/** What adding an import exclusion did: `already-present` is the vendor's 400 "already been added". */
export type ArrExclusionOutcome = 'added' | 'already-present';

export interface ArrClientOptions extends MediaClientTuning {
  readonly baseUrl: string;
  readonly apiKey: string;
}

export interface ArrApi {
  /** The connection test: `wrong-app` when another application answers. */
  getSystemStatus(): Promise<ArrSystemStatus>;
  getQualityProfiles(): Promise<ArrQualityProfile[]>;
  readonly requestCount: number;
}

export abstract class ArrBaseClient implements ArrApi {
  protected readonly http: MediaHttp;

  protected constructor(
    private readonly appName: ArrAppName,
    options: ArrClientOptions,
  ) {
    this.http = new MediaHttp({
      ...options,
      source: appName.toLowerCase(),
      headers: { 'X-Api-Key': options.apiKey },
    });
  }

  get requestCount(): number {
    return this.http.requestCount;
  }

  async getSystemStatus(): Promise<ArrSystemStatus> {
    const status = await this.http.getJson({ path: '/api/v3/system/status' }, arrSystemStatusSchema);
    if (status.appName !== this.appName) {
      throw new MediaClientError(
        'wrong-app',
        this.http.source,
        `the URL answers as ${JSON.stringify(status.appName.slice(0, 40))}, not ${this.appName}`,
      );
    }
    return status;
  }

  getQualityProfiles(): Promise<ArrQualityProfile[]> {
    return this.http.getJson({ path: '/api/v3/qualityprofile' }, arrQualityProfilesSchema);
  }

  /** A DELETE, sent once; a 404 answers `not-found` (deleting is idempotent), other failures throw. */
  protected async deleteResource(
    path: string,
    query?: Readonly<Record<string, QueryValue>>,
    jsonBody?: unknown,
  ): Promise<ArrDeleteOutcome> {
    try {
      await this.http.send('DELETE', { path, query, jsonBody }, [200, 202, 204]);
      return 'deleted';
    } catch (error) {
      if (error instanceof MediaClientError && error.code === 'not-found') return 'not-found';
      throw error;
    }
  }

  /**
   * POSTs an import exclusion, sent once. Both applications refuse a duplicate with a 400 whose
   * message says it "has already been added": the exclusion is there, which is what was asked.
   */
  protected async addExclusionAt(path: string, exclusion: object): Promise<ArrExclusionOutcome> {
    const request = { path, jsonBody: exclusion };
    const answer = await this.http.send('POST', request, [200, 201, 400]);
    if (answer.status !== 400) return 'added';
    const failures = this.http.parse(request, arrValidationFailureSchema, answer.body, 'POST');
    if (failures.some((failure) => /already been added/i.test(failure.errorMessage)))
      return 'already-present';
    const reasons = failures.map((failure) => failure.errorMessage).join('; ');
    throw new MediaClientError(
      'bad-status',
      this.http.source,
      `POST ${path} refused the exclusion: ${reasons.slice(0, 300)}`,
      400,
    );
  }
}
