// The copies, files and seasons of one item (docs/decisions/037). A file is keyed by its path and
// counted once per item: the manager that holds it owns it, and a Plex version playing the same
// path adds nothing. Plex versions no manager holds become copies of their own (one per Media of a
// movie; one for all such episode files of a series).
import type {
  PlexEpisode,
  PlexMedia,
  PlexMovie,
  RadarrMovie,
  SonarrEpisodeFile,
  SonarrSeries,
} from '@platform/curation-media-clients';
import type { CatalogCopyRow, CatalogFileRow, CatalogItemRow, CatalogSeasonRow } from './catalog-rows';
import { bucketOfArrResolution, bucketOfPlexResolution, rankOf } from './media-buckets';
import type { ResolutionBucket } from './media-buckets';
import type { ManagerInstance } from './source-snapshot';

/** A copy before its files are counted: what a source says of it. */
export interface CopyDraft {
  readonly id: number;
  readonly connectionId: string | null;
  readonly externalId: number | null;
  readonly is4k: boolean;
  readonly qualityProfile: string | null;
  readonly path: string | null;
  readonly monitored: boolean;
  readonly addedAt: Date | null;
}

export interface ItemCopies {
  readonly copies: CatalogCopyRow[];
  readonly files: CatalogFileRow[];
}

/** Hands out copy ids across the whole sync (the copies table is replaced, so ids need not last). */
export class CopyIds {
  private last = 0;
  next(): number {
    this.last += 1;
    return this.last;
  }
}

export class CopyBuilder {
  private readonly copies: CopyDraft[] = [];
  private readonly files = new Map<string, CatalogFileRow>();
  /** What Plex says of each path it plays: Plex inspects the file, the manager only names a quality. */
  private readonly plexResolution = new Map<string, ResolutionBucket | null>();

  constructor(
    private readonly itemId: string,
    private readonly ids: CopyIds,
  ) {}

  notePlexMedia(media: readonly PlexMedia[]): void {
    for (const version of media) {
      const bucket = bucketOfPlexResolution(version.videoResolution);
      for (const part of version.Part) this.plexResolution.set(part.file, bucket);
    }
  }

  addRadarr(instance: ManagerInstance, movie: RadarrMovie): void {
    const copy = this.addCopy({
      connectionId: instance.connectionId,
      externalId: movie.id,
      is4k: instance.is4k,
      qualityProfile: profileName(instance, movie.qualityProfileId),
      path: movie.path,
      monitored: movie.monitored,
      addedAt: new Date(movie.added),
    });
    const file = movie.movieFile;
    if (file === undefined) return;
    this.addFile(
      copy,
      file.path,
      file.size,
      null,
      this.resolutionOf(file.path, file.quality.quality.resolution),
      file.qualityCutoffNotMet,
    );
  }

  addSonarr(instance: ManagerInstance, series: SonarrSeries, files: readonly SonarrEpisodeFile[]): void {
    const copy = this.addCopy({
      connectionId: instance.connectionId,
      externalId: series.id,
      is4k: instance.is4k,
      qualityProfile: profileName(instance, series.qualityProfileId),
      path: series.path,
      monitored: series.monitored,
      addedAt: new Date(series.added),
    });
    for (const file of files) {
      this.addFile(
        copy,
        file.path,
        file.size,
        file.seasonNumber,
        this.resolutionOf(file.path, file.quality.quality.resolution),
        file.qualityCutoffNotMet,
      );
    }
  }

  /** Each version of a Plex movie whose files no manager holds is a copy of its own. */
  addPlexMovie(movie: PlexMovie): void {
    for (const version of movie.Media) {
      const unheld = version.Part.filter((part) => !this.files.has(part.file));
      if (unheld.length === 0) continue;
      const copy = this.addCopy(plexCopy(unheld[0]?.file ?? null, movie.addedAt));
      const bucket = bucketOfPlexResolution(version.videoResolution);
      for (const part of unheld) this.addFile(copy, part.file, part.size, null, bucket, false);
    }
  }

  /** Episode files of a Plex show no manager holds: one copy for all of them. */
  addPlexEpisodes(episodes: readonly PlexEpisode[], showAddedAt: number): void {
    let copy: number | null = null;
    for (const episode of episodes) {
      for (const version of episode.Media) {
        const bucket = bucketOfPlexResolution(version.videoResolution);
        for (const part of version.Part) {
          if (this.files.has(part.file)) continue;
          copy ??= this.addCopy(plexCopy(part.file, showAddedAt));
          this.addFile(copy, part.file, part.size, episode.parentIndex, bucket, false);
        }
      }
    }
  }

  build(): ItemCopies {
    const files = [...this.files.values()];
    return { copies: summarizeCopies(this.itemId, this.copies, files), files };
  }

  private resolutionOf(path: string, arrLines: number): ResolutionBucket | null {
    return this.plexResolution.get(path) ?? bucketOfArrResolution(arrLines);
  }

  private addCopy(copy: Omit<CopyDraft, 'id'>): number {
    const id = this.ids.next();
    this.copies.push({ id, ...copy });
    return id;
  }

  private addFile(
    copyId: number,
    path: string,
    sizeBytes: number,
    seasonNumber: number | null,
    resolution: ResolutionBucket | null,
    belowCutoff: boolean,
  ): void {
    if (this.files.has(path)) return;
    this.files.set(path, {
      itemId: this.itemId,
      fileKey: path,
      copyId,
      seasonNumber,
      sizeBytes,
      resolution,
      belowCutoff,
    });
  }
}

/**
 * The copies with what their files make of them: size, file count, best resolution, cutoff, and
 * which one pruning duplicates would keep (highest resolution, then largest, then the first in
 * `copies`' order). The sync and a prune's catalog update (pruning/catalog-after-prune.ts) both
 * count with this, so a pruned item reads as a fresh sync would make it.
 */
export function summarizeCopies(
  itemId: string,
  copies: readonly CopyDraft[],
  files: readonly CatalogFileRow[],
): CatalogCopyRow[] {
  const perCopy = new Map<
    number,
    { size: number; count: number; rank: number; bucket: ResolutionBucket | null; cutoff: boolean }
  >();
  for (const file of files) {
    const totals = perCopy.get(file.copyId) ?? { size: 0, count: 0, rank: 0, bucket: null, cutoff: false };
    totals.size += file.sizeBytes;
    totals.count += 1;
    totals.cutoff ||= file.belowCutoff;
    const rank = rankOf(file.resolution) ?? 0;
    if (rank > totals.rank) {
      totals.rank = rank;
      totals.bucket = file.resolution;
    }
    perCopy.set(file.copyId, totals);
  }
  let best: { id: number; rank: number; size: number } | null = null;
  for (const copy of copies) {
    const totals = perCopy.get(copy.id);
    if (totals === undefined) continue;
    if (best === null || totals.rank > best.rank || (totals.rank === best.rank && totals.size > best.size)) {
      best = { id: copy.id, rank: totals.rank, size: totals.size };
    }
  }
  return copies.map((copy): CatalogCopyRow => {
    const totals = perCopy.get(copy.id);
    return {
      ...copy,
      itemId,
      resolution: totals?.bucket ?? null,
      sizeBytes: totals?.size ?? 0,
      fileCount: totals?.count ?? 0,
      cutoffUnmet: totals?.cutoff ?? false,
      isBest: best?.id === copy.id,
    };
  });
}

/** What an item's row says of its copies: size (each file once), the best copy's resolution, cutoff. */
export function itemTotalsOf(
  copies: readonly CatalogCopyRow[],
  files: readonly CatalogFileRow[],
): Pick<CatalogItemRow, 'sizeBytes' | 'resolution' | 'cutoffUnmet'> {
  return {
    sizeBytes: files.reduce((sum, file) => sum + file.sizeBytes, 0),
    resolution: copies.find((copy) => copy.isBest)?.resolution ?? null,
    cutoffUnmet: copies.some((copy) => copy.cutoffUnmet),
  };
}

function plexCopy(path: string | null, addedAt: number): Omit<CopyDraft, 'id'> {
  return {
    connectionId: null,
    externalId: null,
    is4k: false,
    qualityProfile: null,
    path,
    monitored: false,
    addedAt: new Date(addedAt * 1000),
  };
}

function profileName(instance: ManagerInstance, profileId: number): string | null {
  return instance.profiles.find((profile) => profile.id === profileId)?.name ?? null;
}

/**
 * Seasons of a series over every instance and Plex: episodes as the most any source knows,
 * files and size from the item's files (each once), monitored when any instance monitors it.
 */
export function seasonsOf(
  itemId: string,
  files: readonly CatalogFileRow[],
  plexEpisodes: readonly PlexEpisode[],
  sonarrSeries: readonly SonarrSeries[],
): CatalogSeasonRow[] {
  const seasons = new Map<
    number,
    { episodeCount: number; fileCount: number; sizeBytes: number; monitored: boolean }
  >();
  const seasonOf = (number: number) => {
    let season = seasons.get(number);
    if (season === undefined) {
      season = { episodeCount: 0, fileCount: 0, sizeBytes: 0, monitored: false };
      seasons.set(number, season);
    }
    return season;
  };
  const plexCounts = new Map<number, number>();
  for (const episode of plexEpisodes)
    plexCounts.set(episode.parentIndex, (plexCounts.get(episode.parentIndex) ?? 0) + 1);
  for (const [number, count] of plexCounts) seasonOf(number).episodeCount = count;
  for (const series of sonarrSeries) {
    for (const season of series.seasons) {
      const row = seasonOf(season.seasonNumber);
      row.episodeCount = Math.max(row.episodeCount, season.statistics.totalEpisodeCount);
      row.monitored ||= series.monitored && season.monitored;
    }
  }
  for (const file of files) {
    if (file.seasonNumber === null) continue;
    const row = seasonOf(file.seasonNumber);
    row.fileCount += 1;
    row.sizeBytes += file.sizeBytes;
  }
  return [...seasons.entries()]
    .sort(([left], [right]) => left - right)
    .map(([seasonNumber, season]) => ({ itemId, seasonNumber, ...season }));
}
