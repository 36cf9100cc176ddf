// What Sonarr and Radarr share: the `X-Api-Key` header, `/api/v3/system/status` as the
// connection test (the answering application must be the expected one) and quality profiles.
import { MediaClientError } from '../http/media-client.error';
import { MediaHttp } from '../http/media-http';
import type { MediaClientTuning } from '../http/media-http';
import { arrQualityProfilesSchema, arrSystemStatusSchema } from './arr.schemas';
import type { ArrQualityProfile, ArrSystemStatus } from './arr.schemas';

export type ArrAppName = 'Sonarr' | 'Radarr';

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
}
