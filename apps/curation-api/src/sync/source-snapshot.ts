// What one sync read from every source, before matching: the input of the catalog builder. Each
// part is complete or the sync stops before building, so an absent part means "no such source".
import type {
  ArrQualityProfile,
  OverseerrRequest,
  PlexEpisode,
  PlexHistoryRow,
  PlexMovie,
  PlexShow,
  RadarrMovie,
  SonarrEpisodeFile,
  SonarrSeries,
} from '@platform/curation-media-clients';

export interface PlexSnapshot {
  readonly movies: readonly PlexMovie[];
  readonly shows: readonly PlexShow[];
  readonly episodes: readonly PlexEpisode[];
  /** Every play of every account. */
  readonly history: readonly PlexHistoryRow[];
  /** plex.tv account id of the server's owner: Plex calls the owner local account 1. */
  readonly ownerAccountId: string;
}

export interface ManagerInstance {
  readonly connectionId: string;
  readonly is4k: boolean;
  readonly profiles: readonly ArrQualityProfile[];
}

export interface RadarrSnapshot extends ManagerInstance {
  readonly movies: readonly RadarrMovie[];
}

export interface SonarrSnapshot extends ManagerInstance {
  readonly series: readonly SonarrSeries[];
  readonly files: readonly SonarrEpisodeFile[];
}

export interface SourceSnapshot {
  readonly plex: PlexSnapshot;
  readonly radarr: readonly RadarrSnapshot[];
  readonly sonarr: readonly SonarrSnapshot[];
  readonly overseerrRequests: readonly OverseerrRequest[];
}

/**
 * What the fetch hands on: the snapshot with the parts taken from the source cache still encoded
 * (docs/decisions/052), decoded by `materialize` only when the catalog has to be built.
 */
export interface FetchedSnapshot {
  readonly plex: {
    readonly library: () => Promise<Pick<PlexSnapshot, 'movies' | 'shows' | 'episodes'>>;
    readonly history: () => Promise<readonly PlexHistoryRow[]>;
    readonly ownerAccountId: string;
  };
  readonly radarr: readonly RadarrSnapshot[];
  readonly sonarr: readonly (Omit<SonarrSnapshot, 'files'> & {
    readonly files: () => Promise<readonly SonarrEpisodeFile[]>;
  })[];
  readonly overseerrRequests: readonly OverseerrRequest[];
}

export async function materialize(fetched: FetchedSnapshot): Promise<SourceSnapshot> {
  const [library, history, sonarr] = await Promise.all([
    fetched.plex.library(),
    fetched.plex.history(),
    Promise.all(fetched.sonarr.map(async (instance) => ({ ...instance, files: await instance.files() }))),
  ]);
  return {
    plex: { ...library, history, ownerAccountId: fetched.plex.ownerAccountId },
    radarr: fetched.radarr,
    sonarr,
    overseerrRequests: fetched.overseerrRequests,
  };
}
