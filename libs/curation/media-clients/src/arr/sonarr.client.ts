// Sonarr v3, read-only: every series with per-season statistics (sizes included, one request),
// and episode files, which Sonarr only lists per series: read with bounded concurrency.
import { mapWithConcurrency } from '../http/concurrency';
import { UNPAGED_LIST_LIMITS } from '../http/media-http';
import { ArrBaseClient } from './arr-base.client';
import type { ArrApi, ArrClientOptions } from './arr-base.client';
import { sonarrEpisodeFilesSchema, sonarrSeriesListSchema } from './arr.schemas';
import type { SonarrEpisodeFile, SonarrSeries } from './arr.schemas';

export interface SonarrApi extends ArrApi {
  getSeries(): Promise<SonarrSeries[]>;
  getEpisodeFiles(seriesId: number): Promise<SonarrEpisodeFile[]>;
  /** The files of many series, at most `concurrency` requests at a time. */
  getEpisodeFilesOfSeries(seriesIds: readonly number[], concurrency?: number): Promise<SonarrEpisodeFile[]>;
}

export const DEFAULT_ARR_CONCURRENCY = 8;

export class SonarrClient extends ArrBaseClient implements SonarrApi {
  constructor(options: ArrClientOptions) {
    super('Sonarr', options);
  }

  getSeries(): Promise<SonarrSeries[]> {
    return this.http.getJson({ path: '/api/v3/series', ...UNPAGED_LIST_LIMITS }, sonarrSeriesListSchema);
  }

  async getEpisodeFiles(seriesId: number): Promise<SonarrEpisodeFile[]> {
    const request = { path: '/api/v3/episodefile', query: { seriesId } };
    const files = await this.http.getJson(request, sonarrEpisodeFilesSchema);
    const foreign = files.find((file) => file.seriesId !== seriesId);
    if (foreign !== undefined) throw this.http.badAnswer(request, `a file of series ${foreign.seriesId}`);
    return files;
  }

  async getEpisodeFilesOfSeries(
    seriesIds: readonly number[],
    concurrency = DEFAULT_ARR_CONCURRENCY,
  ): Promise<SonarrEpisodeFile[]> {
    const perSeries = await mapWithConcurrency(seriesIds, concurrency, (seriesId) =>
      this.getEpisodeFiles(seriesId),
    );
    return perSeries.flat();
  }
}
