// Sonarr v3: every series with per-season statistics (sizes included, one request), and episode
// files, which Sonarr only lists per series: read with bounded concurrency. For pruning: one series
// by TVDB id or id (the whole resource kept for PUT), its update, its delete, episode files' bulk
// delete and an import list exclusion on its own.
import { mapWithConcurrency } from '../http/concurrency';
import { UNPAGED_LIST_LIMITS } from '../http/media-http';
import { ArrBaseClient } from './arr-base.client';
import { MediaClientError } from '../http/media-client.error';
import type { ArrApi, ArrClientOptions, ArrDeleteOutcome, ArrExclusionOutcome } from './arr-base.client';
import {
  sonarrEpisodeFilesSchema,
  sonarrSeriesListSchema,
  sonarrSeriesResourceListSchema,
  sonarrSeriesResourceSchema,
} from './arr.schemas';
import type { SonarrEpisodeFile, SonarrSeries, SonarrSeriesResource } from './arr.schemas';

export interface SonarrApi extends ArrApi {
  getSeries(): Promise<SonarrSeries[]>;
  getEpisodeFiles(seriesId: number): Promise<SonarrEpisodeFile[]>;
  /** The files of many series, at most `concurrency` requests at a time. */
  getEpisodeFilesOfSeries(seriesIds: readonly number[], concurrency?: number): Promise<SonarrEpisodeFile[]>;
  /** The series with this TVDB id, whole, null when the instance has none. */
  findSeries(tvdbId: number): Promise<SonarrSeriesResource | null>;
  /** The series with this id, whole, null on a 404. */
  getSeriesById(seriesId: number): Promise<SonarrSeriesResource | null>;
  /** PUTs the whole resource back (Sonarr answers 202 and may apply it later: re-read to confirm). */
  updateSeries(series: SonarrSeriesResource): Promise<void>;
  /** Deletes the series and its files (`deleteFiles=true`), with the import list exclusion when asked. */
  deleteSeries(
    seriesId: number,
    options: { readonly addImportListExclusion: boolean },
  ): Promise<ArrDeleteOutcome>;
  /**
   * Deletes these episode files in one call (`DELETE /episodefile/bulk`); ids must be distinct.
   * `not-found` on a 404: the call did not say what it deleted, so the caller re-lists the files.
   */
  deleteEpisodeFiles(episodeFileIds: readonly number[]): Promise<ArrDeleteOutcome>;
  addImportListExclusion(series: {
    readonly tvdbId: number;
    readonly title: string;
  }): Promise<ArrExclusionOutcome>;
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

  async findSeries(tvdbId: number): Promise<SonarrSeriesResource | null> {
    const request = { path: '/api/v3/series', query: { tvdbId } };
    const series = await this.http.getJson(request, sonarrSeriesResourceListSchema);
    return series.find((candidate) => candidate.tvdbId === tvdbId) ?? null;
  }

  async getSeriesById(seriesId: number): Promise<SonarrSeriesResource | null> {
    try {
      return await this.http.getJson({ path: `/api/v3/series/${seriesId}` }, sonarrSeriesResourceSchema);
    } catch (error) {
      if (error instanceof MediaClientError && error.code === 'not-found') return null;
      throw error;
    }
  }

  async updateSeries(series: SonarrSeriesResource): Promise<void> {
    await this.http.send('PUT', { path: `/api/v3/series/${series.id}`, jsonBody: series }, [200, 202]);
  }

  deleteSeries(
    seriesId: number,
    options: { readonly addImportListExclusion: boolean },
  ): Promise<ArrDeleteOutcome> {
    return this.deleteResource(`/api/v3/series/${seriesId}`, {
      deleteFiles: true,
      addImportListExclusion: options.addImportListExclusion,
    });
  }

  async deleteEpisodeFiles(episodeFileIds: readonly number[]): Promise<ArrDeleteOutcome> {
    if (new Set(episodeFileIds).size !== episodeFileIds.length)
      throw new RangeError('episode file ids must be distinct (a multi-episode file has one id)');
    if (episodeFileIds.length === 0) return 'deleted';
    return this.deleteResource('/api/v3/episodefile/bulk', undefined, { episodeFileIds });
  }

  addImportListExclusion(series: {
    readonly tvdbId: number;
    readonly title: string;
  }): Promise<ArrExclusionOutcome> {
    return this.addExclusionAt('/api/v3/importlistexclusion', { tvdbId: series.tvdbId, title: series.title });
  }
}
