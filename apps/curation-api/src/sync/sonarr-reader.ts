// Reads one Sonarr instance for a sync (docs/decisions/052). Series and quality profiles are read
// every time (Sonarr has no change feed); episode files, which Sonarr lists per series only, are
// read again only for series whose fingerprint changed: their statistics (file counts and sizes,
// per season too), path, quality profile id and that profile's definition, on which each file's
// `qualityCutoffNotMet` depends. Everything else comes from the source cache.
import { createHash } from 'node:crypto';
import type {
  ArrQualityProfile,
  SonarrApi,
  SonarrEpisodeFile,
  SonarrSeries,
} from '@platform/curation-media-clients';
import { decodeLists } from './source-cache';
import type { SourceCache } from './source-cache';

/** Series whose episode files one Sonarr instance is asked for at once. */
const EPISODE_FILE_CONCURRENCY = 8;

interface CachedSeriesFiles {
  readonly id: number;
  readonly fingerprint: string;
  readonly files: SonarrEpisodeFile[];
}

export interface SonarrRead {
  readonly profiles: ArrQualityProfile[];
  readonly series: SonarrSeries[];
  /** The files of every series, in series order; decoded from the cache when first asked for. */
  readonly files: () => Promise<SonarrEpisodeFile[]>;
  /** Series whose files came from the cache. */
  readonly seriesReused: number;
}

/**
 * The instance's cache version is a digest of every series' fingerprint: equal, and no file needs
 * reading, nor the cached files decoding now. Otherwise the cached files are decoded and only the
 * series whose fingerprint changed are read.
 */
export async function readSonarr(
  sonarr: SonarrApi,
  cache: SourceCache,
  key: string,
  scope: string,
): Promise<SonarrRead> {
  const [profiles, series] = await Promise.all([sonarr.getQualityProfiles(), sonarr.getSeries()]);
  const profileDigests = new Map(profiles.map((profile) => [profile.id, digestOf(profile)]));
  // Sonarr v3 lists episode files per series only; series without files need no request.
  const withFiles = series
    .filter((entry) => entry.statistics.episodeFileCount > 0)
    .map((entry) => ({ id: entry.id, fingerprint: fingerprintOf(entry, profileDigests) }));
  const version = digestOf(withFiles);
  const stored = cache.usable(key, scope);
  if (stored !== undefined && stored.version === version) {
    cache.keep(key);
    const lists = cache.lazyLists<CachedSeriesFiles>(key, stored, 1);
    const files = async () => ((await lists())[0] ?? []).flatMap((entry) => entry.files);
    return { profiles, series, files, seriesReused: withFiles.length };
  }
  const decoded =
    stored === undefined ? null : ((await decodeLists(stored.payload, 1)) as CachedSeriesFiles[][] | null);
  const cached = new Map((decoded?.[0] ?? []).map((entry) => [entry.id, entry]));
  const changed = withFiles.filter((entry) => cached.get(entry.id)?.fingerprint !== entry.fingerprint);
  const read = await sonarr.getEpisodeFilesOfSeries(
    changed.map((entry) => entry.id),
    EPISODE_FILE_CONCURRENCY,
  );
  const readBySeries = new Map<number, SonarrEpisodeFile[]>(changed.map((entry) => [entry.id, []]));
  for (const file of read) readBySeries.get(file.seriesId)?.push(file);
  const entries: CachedSeriesFiles[] = withFiles.map((entry) => ({
    ...entry,
    files: readBySeries.get(entry.id) ?? cached.get(entry.id)?.files ?? [],
  }));
  cache.update(key, scope, version, [entries], changed.length === withFiles.length);
  const files = entries.flatMap((entry) => entry.files);
  return {
    profiles,
    series,
    files: () => Promise.resolve(files),
    seriesReused: withFiles.length - changed.length,
  };
}

/** What a series' episode files depend on, as Sonarr shows it in the series list. */
function fingerprintOf(series: SonarrSeries, profileDigests: ReadonlyMap<number, string>): string {
  return JSON.stringify([
    series.qualityProfileId,
    profileDigests.get(series.qualityProfileId) ?? null,
    series.path,
    series.statistics,
    series.seasons.map((season) => [season.seasonNumber, season.statistics]),
  ]);
}

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}
