// What Sonarr and Radarr share: API key auth (header or `apikey` query, 401 otherwise), their
// error bodies, system status, quality profiles, paging of `/paged` and `wanted` endpoints.
import { headerValue, queryValue } from '../http/simulator-server';
import type { SimulatorRequest, SimulatorResponse } from '../http/simulator-server';
import type { MediaFile, QualityProfile } from '../library/media-library.types';
import { QUALITIES, qualityById } from '../library/qualities';
import { frameSize } from '../library/qualities';

export type ArrApp = 'Sonarr' | 'Radarr';

export function arrAuthorize(apiKey: string) {
  return (request: SimulatorRequest): SimulatorResponse | undefined => {
    const presented = headerValue(request, 'X-Api-Key') ?? queryValue(request, 'apikey');
    return presented === apiKey ? undefined : { status: 401, text: '' };
  };
}

export function arrNotFound(): SimulatorResponse {
  return { status: 404, json: { message: 'NotFound', description: '' } };
}

export function arrError(status: number): SimulatorResponse {
  return { status, json: { message: `Injected failure ${status}`, description: '' } };
}

/** A FluentValidation failure as *arr sends it: an array of property errors with status 400. */
export function arrValidationError(
  propertyName: string,
  errorMessage: string,
  attemptedValue: unknown,
): SimulatorResponse {
  return {
    status: 400,
    json: [
      { propertyName, errorMessage, attemptedValue, severity: 'error', errorCode: 'PredicateValidator' },
    ],
  };
}

export function systemStatus(app: ArrApp, instanceName: string, now: number): Record<string, unknown> {
  return {
    appName: app,
    instanceName,
    version: app === 'Sonarr' ? '4.0.19.2754' : '5.27.5.10198',
    buildTime: '2025-09-01T00:00:00Z',
    isDebug: false,
    isProduction: true,
    isAdmin: false,
    isUserInteractive: false,
    startupPath: `/app/${app.toLowerCase()}/bin`,
    appData: '/config',
    osName: 'ubuntu',
    osVersion: '24.04',
    isNetCore: true,
    isLinux: true,
    isOsx: false,
    isWindows: false,
    isDocker: true,
    mode: 'console',
    branch: app === 'Sonarr' ? 'main' : 'master',
    authentication: 'forms',
    migrationVersion: 215,
    urlBase: '',
    runtimeVersion: '8.0.12',
    runtimeName: '.NET',
    startTime: new Date(now * 1000).toISOString(),
    packageVersion: '',
    packageAuthor: '',
    packageUpdateMechanism: 'docker',
    databaseVersion: '3.45.1',
    databaseType: 'sqLite',
  };
}

export function qualityResource(app: ArrApp, qualityId: number): Record<string, unknown> {
  const quality = qualityById(qualityId);
  const sonarrSource = { tv: 'television', dvd: 'dvd', webdl: 'web', bluray: 'bluray' } as const;
  const base = {
    id: quality.id,
    name: quality.name,
    source: app === 'Sonarr' ? sonarrSource[quality.source] : quality.source,
    resolution: quality.resolution,
  };
  return app === 'Radarr' ? { ...base, modifier: 'none' } : base;
}

export function qualityModel(app: ArrApp, qualityId: number): Record<string, unknown> {
  return { quality: qualityResource(app, qualityId), revision: { version: 1, real: 0, isRepack: false } };
}

export function qualityProfileResource(app: ArrApp, profile: QualityProfile): Record<string, unknown> {
  const items = QUALITIES.map((quality) => ({
    quality: qualityResource(app, quality.id),
    items: [],
    allowed: profile.qualityIds.includes(quality.id),
  }));
  return {
    id: profile.id,
    name: profile.name,
    upgradeAllowed: profile.upgradeAllowed,
    cutoff: profile.cutoffQualityId,
    items,
    minFormatScore: 0,
    cutoffFormatScore: 0,
    minUpgradeFormatScore: 1,
    formatItems: [],
    ...(app === 'Radarr' ? { language: { id: 1, name: 'English' } } : {}),
  };
}

export function mediaInfoResource(file: MediaFile): Record<string, unknown> {
  const frame = frameSize(file.resolution);
  const minutes = Math.round(file.durationMs / 60_000);
  return {
    audioBitrate: 640_000,
    audioChannels: 5.1,
    audioCodec: 'EAC3',
    audioLanguages: 'eng',
    audioStreamCount: 1,
    videoBitDepth: file.videoCodec === 'hevc' ? 10 : 8,
    videoBitrate: Math.round((file.size * 8) / (file.durationMs / 1000)),
    videoCodec: file.videoCodec === 'hevc' ? 'x265' : 'x264',
    videoFps: 23.976,
    videoDynamicRange: file.resolution === '4k' ? 'HDR' : '',
    videoDynamicRangeType: file.resolution === '4k' ? 'HDR10' : '',
    resolution: `${frame.width}x${frame.height}`,
    runTime: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:00`,
    scanType: 'Progressive',
    subtitles: 'eng',
  };
}

export interface PagingRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly sortKey: string | undefined;
  readonly sortDirection: 'default' | 'ascending' | 'descending';
}

export function readPaging(request: SimulatorRequest): PagingRequest | SimulatorResponse {
  const page = Number(queryValue(request, 'page') ?? '1');
  const pageSize = Number(queryValue(request, 'pageSize') ?? '10');
  if (!Number.isInteger(page) || page < 1)
    return arrValidationError('page', "'page' must be greater than '0'.", page);
  if (!Number.isInteger(pageSize) || pageSize < 1)
    return arrValidationError('pageSize', "'pageSize' must be greater than '0'.", pageSize);
  const direction = queryValue(request, 'sortDirection');
  return {
    page,
    pageSize,
    sortKey: queryValue(request, 'sortKey'),
    sortDirection: direction === 'ascending' || direction === 'descending' ? direction : 'default',
  };
}

export function pagedResource<T>(
  paging: PagingRequest,
  rows: readonly T[],
  render: (row: T) => unknown,
): Record<string, unknown> {
  const start = (paging.page - 1) * paging.pageSize;
  return {
    page: paging.page,
    pageSize: paging.pageSize,
    ...(paging.sortKey === undefined ? {} : { sortKey: paging.sortKey }),
    sortDirection: paging.sortDirection,
    totalRecords: rows.length,
    records: rows.slice(start, start + paging.pageSize).map(render),
  };
}

export function isResponse(value: unknown): value is SimulatorResponse {
  return typeof value === 'object' && value !== null && 'status' in value && !('page' in value);
}

export function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/** *arr reads boolean query flags case-insensitively; absent means false. */
export function flag(request: SimulatorRequest, name: string): boolean {
  return (queryValue(request, name) ?? '').toLowerCase() === 'true';
}
