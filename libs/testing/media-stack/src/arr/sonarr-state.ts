// One Sonarr instance's mutable state, built from the generated library: series with their monitored
// flags, episodes (built when read, kept only for series whose episodes changed, so 100,000-item
// libraries stay light), episode files and import list exclusions. Deletes and monitor changes are
// what later reads show.
import type {
  ArrInstanceIdentity,
  LibrarySeries,
  MediaFile,
  QualityProfile,
  SonarrCopy,
  SonarrEpisodeFile,
} from '../library/media-library.types';

export interface SonarrSeriesState {
  readonly id: number;
  readonly series: LibrarySeries;
  readonly copy: SonarrCopy;
  monitored: boolean;
  qualityProfileId: number;
  readonly seasonMonitored: Map<number, boolean>;
  readonly firstEpisodeId: number;
}

export interface SonarrEpisodeState {
  readonly id: number;
  readonly seriesId: number;
  readonly seasonNumber: number;
  readonly episodeNumber: number;
  readonly airedAt: number;
  monitored: boolean;
  episodeFileId: number;
}

export interface SonarrFileState {
  readonly seriesId: number;
  readonly file: SonarrEpisodeFile;
}

export interface SonarrExclusion {
  readonly id: number;
  readonly tvdbId: number;
  readonly title: string;
}

export class SonarrState {
  readonly series = new Map<number, SonarrSeriesState>();
  readonly episodeFiles = new Map<number, SonarrFileState>();
  readonly exclusions: SonarrExclusion[] = [];
  /** Paths of files removed from disk through the API (deleteFiles or episodefile DELETE). */
  readonly deletedFilePaths: string[] = [];
  /** The instance's quality profiles as they are now (a copy: editing one changes no other stack). */
  readonly qualityProfiles: QualityProfile[];
  private readonly episodes = new Map<number, SonarrEpisodeState[]>();
  private readonly seriesByFirstEpisode: SonarrSeriesState[] = [];
  private nextExclusionId = 1;

  constructor(
    readonly instance: ArrInstanceIdentity,
    allSeries: readonly LibrarySeries[],
  ) {
    this.qualityProfiles = instance.qualityProfiles.map((profile) => ({ ...profile }));
    let nextEpisodeId = 1;
    for (const series of allSeries) {
      const copy = series.sonarr.find((candidate) => candidate.instance === instance.kind);
      if (copy === undefined) continue;
      const seasonMonitored = new Map(
        series.seasons.map((season) => [
          season.seasonNumber,
          !copy.unmonitoredSeasons.includes(season.seasonNumber),
        ]),
      );
      const state: SonarrSeriesState = {
        id: copy.seriesId,
        series,
        copy,
        monitored: copy.monitored,
        qualityProfileId: copy.qualityProfileId,
        seasonMonitored,
        firstEpisodeId: nextEpisodeId,
      };
      nextEpisodeId += series.seasons.reduce((sum, season) => sum + season.episodes.length, 0);
      this.series.set(copy.seriesId, state);
      this.seriesByFirstEpisode.push(state);
      for (const file of copy.files) this.episodeFiles.set(file.fileId, { seriesId: copy.seriesId, file });
    }
  }

  /** The series' episodes as they are now; read-only unless obtained through editableEpisodesOf. */
  episodesOf(seriesId: number): readonly SonarrEpisodeState[] {
    return this.episodes.get(seriesId) ?? this.buildEpisodes(seriesId);
  }

  /**
   * Episodes kept from now on so changes to them stick. Only series a test or client changed are
   * kept: reads of untouched series rebuild them, which keeps a 100,000-item library light.
   */
  editableEpisodesOf(seriesId: number): SonarrEpisodeState[] {
    const cached = this.episodes.get(seriesId);
    if (cached !== undefined) return cached;
    const built = this.buildEpisodes(seriesId);
    if (this.series.has(seriesId)) this.episodes.set(seriesId, built);
    return built;
  }

  private buildEpisodes(seriesId: number): SonarrEpisodeState[] {
    const state = this.series.get(seriesId);
    if (state === undefined) return [];
    const fileByEpisode = new Map<string, number>();
    for (const file of state.copy.files) {
      if (!this.episodeFiles.has(file.fileId)) continue;
      for (const number of file.episodeNumbers)
        fileByEpisode.set(`${file.seasonNumber}:${number}`, file.fileId);
    }
    let id = state.firstEpisodeId;
    return state.series.seasons.flatMap((season) =>
      season.episodes.map((episode) => ({
        id: id++,
        seriesId,
        seasonNumber: season.seasonNumber,
        episodeNumber: episode.episodeNumber,
        airedAt: episode.airedAt,
        monitored: state.seasonMonitored.get(season.seasonNumber) ?? true,
        episodeFileId: fileByEpisode.get(`${season.seasonNumber}:${episode.episodeNumber}`) ?? 0,
      })),
    );
  }

  episodeById(id: number): SonarrEpisodeState | undefined {
    let low = 0;
    let high = this.seriesByFirstEpisode.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = this.seriesByFirstEpisode[middle];
      if (candidate === undefined) break;
      if (candidate.firstEpisodeId <= id) low = middle + 1;
      else high = middle - 1;
    }
    const owner = this.seriesByFirstEpisode[high];
    if (owner === undefined || !this.series.has(owner.id)) return undefined;
    return this.editableEpisodesOf(owner.id).find((episode) => episode.id === id);
  }

  filesOf(seriesId: number): SonarrFileState[] {
    const state = this.series.get(seriesId);
    if (state === undefined) return [];
    return state.copy.files.flatMap((file) => {
      const live = this.episodeFiles.get(file.fileId);
      return live === undefined ? [] : [live];
    });
  }

  /** Replaces an episode file's content in place (an upgrade Sonarr imported over the same path). */
  replaceEpisodeFile(fileId: number, file: MediaFile): void {
    const current = this.episodeFiles.get(fileId);
    if (current === undefined) throw new Error(`no episode file ${fileId}`);
    this.episodeFiles.set(fileId, { seriesId: current.seriesId, file: { ...current.file, file } });
  }

  /** Replaces the quality profile with the same id (a cutoff or allowed qualities edited). */
  updateQualityProfile(profile: QualityProfile): void {
    const at = this.qualityProfiles.findIndex((candidate) => candidate.id === profile.id);
    if (at < 0) throw new Error(`no quality profile ${profile.id}`);
    this.qualityProfiles[at] = profile;
  }

  deleteEpisodeFile(fileId: number): boolean {
    const file = this.episodeFiles.get(fileId);
    if (file === undefined) return false;
    this.episodeFiles.delete(fileId);
    this.deletedFilePaths.push(file.file.file.path);
    for (const episode of this.episodes.get(file.seriesId) ?? []) {
      if (episode.episodeFileId === fileId) episode.episodeFileId = 0;
    }
    return true;
  }

  deleteSeries(seriesId: number, deleteFiles: boolean, addExclusion: boolean): boolean {
    const state = this.series.get(seriesId);
    if (state === undefined) return false;
    if (deleteFiles) for (const file of this.filesOf(seriesId)) this.deleteEpisodeFile(file.file.fileId);
    else for (const file of state.copy.files) this.episodeFiles.delete(file.fileId);
    this.series.delete(seriesId);
    this.episodes.delete(seriesId);
    if (addExclusion && !this.exclusions.some((exclusion) => exclusion.tvdbId === state.series.tvdbId)) {
      this.addExclusion(state.series.tvdbId, state.series.title);
    }
    return true;
  }

  addExclusion(tvdbId: number, title: string): SonarrExclusion {
    const exclusion = { id: this.nextExclusionId++, tvdbId, title };
    this.exclusions.push(exclusion);
    return exclusion;
  }
}
