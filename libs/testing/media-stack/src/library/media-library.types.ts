// The generated world every simulator starts from: one Plex server, its plex.tv accounts, HD and 4K
// Sonarr/Radarr instances, Overseerr requests and the watch history, all cross-referenced by the
// ids the real systems share (TMDB, TVDB, IMDB, Plex ratingKey, *arr ids). Times are epoch seconds.

/** Plex `videoResolution` values as Plex Media Server writes them. */
export type VideoResolution = 'sd' | '480' | '576' | '720' | '1080' | '2k' | '4k';

export type ArrInstanceKind = 'hd' | '4k';

export type UserKind = 'owner' | 'shared' | 'home';

export interface LibraryUser {
  /** plex.tv account id. */
  readonly plexId: number;
  /** The id Plex Media Server uses in `/accounts` and history `accountID`: 1 for the owner. */
  readonly localAccountId: number;
  readonly kind: UserKind;
  readonly uuid: string;
  /** Managed home users have no plex.tv username nor e-mail. */
  readonly username: string | null;
  readonly title: string;
  readonly email: string | null;
  /** The plex.tv account token. */
  readonly authToken: string;
  /** The token this user presents to the Plex server (the owner's is the account token). */
  readonly serverToken: string;
  readonly restricted: boolean;
  /** False for friends who share another server only: plex.tv lists them, our server refuses them. */
  readonly hasServerAccess: boolean;
  readonly joinedAt: number;
  /** Overseerr user id when the user was imported into Overseerr. */
  readonly overseerrUserId: number | null;
}

/** One file on disk, shared by the *arr instance that manages it and the Plex version that plays it. */
export interface MediaFile {
  readonly path: string;
  readonly size: number;
  /** Plex's `videoResolution`; null when Plex could not tell (the Plex version then omits it). */
  readonly resolution: VideoResolution | null;
  readonly videoCodec: string;
  readonly container: string;
  readonly durationMs: number;
  /** The *arr quality id (see QUALITIES). */
  readonly qualityId: number;
  readonly addedAt: number;
}

export interface PlexVersion {
  readonly mediaId: number;
  readonly partId: number;
  readonly file: MediaFile;
}

/** A Plex item's own fields; its `plex://` guid is derived from the ratingKey (see plexGuid). */
export interface PlexPresence {
  readonly ratingKey: number;
  readonly addedAt: number;
  readonly updatedAt: number;
}

export interface QualityProfile {
  readonly id: number;
  readonly name: string;
  readonly upgradeAllowed: boolean;
  /** Allowed qualities, lowest first. */
  readonly qualityIds: readonly number[];
  readonly cutoffQualityId: number;
}

export interface RadarrCopy {
  readonly instance: ArrInstanceKind;
  readonly movieId: number;
  readonly monitored: boolean;
  readonly qualityProfileId: number;
  readonly addedAt: number;
  readonly file: { readonly fileId: number; readonly file: MediaFile } | null;
}

export interface LibraryMovie {
  readonly title: string;
  readonly year: number;
  readonly tmdbId: number;
  readonly imdbId: string | null;
  readonly originallyAvailableAt: string;
  readonly studio: string;
  /** Null when Plex does not have the movie (a manager holds it without a file, or Plex has not scanned it). */
  readonly plex: (PlexPresence & { readonly versions: readonly PlexVersion[] }) | null;
  readonly radarr: readonly RadarrCopy[];
}

export interface LibraryEpisode {
  readonly seasonNumber: number;
  readonly episodeNumber: number;
  readonly airedAt: number;
  readonly plex: (PlexPresence & { readonly versions: readonly PlexVersion[] }) | null;
}

export interface LibrarySeason {
  readonly seasonNumber: number;
  readonly plex: PlexPresence | null;
  readonly episodes: readonly LibraryEpisode[];
}

/** A Sonarr episode file: multi-episode files cover several episode numbers under one id. */
export interface SonarrEpisodeFile {
  readonly fileId: number;
  readonly seasonNumber: number;
  readonly episodeNumbers: readonly number[];
  readonly file: MediaFile;
}

export interface SonarrCopy {
  readonly instance: ArrInstanceKind;
  readonly seriesId: number;
  readonly monitored: boolean;
  readonly qualityProfileId: number;
  readonly addedAt: number;
  readonly unmonitoredSeasons: readonly number[];
  readonly files: readonly SonarrEpisodeFile[];
}

export interface LibrarySeries {
  readonly title: string;
  readonly year: number;
  readonly tvdbId: number;
  readonly tmdbId: number;
  readonly imdbId: string | null;
  readonly status: 'continuing' | 'ended';
  readonly network: string;
  readonly plex: PlexPresence | null;
  readonly seasons: readonly LibrarySeason[];
  readonly sonarr: readonly SonarrCopy[];
}

/** One Plex history row: one play by one account. */
export interface PlayRecord {
  readonly historyId: number;
  readonly localAccountId: number;
  readonly ratingKey: number;
  readonly viewedAt: number;
  readonly deviceId: number;
}

export type RequestTarget =
  | { readonly kind: 'movie'; readonly movieIndex: number }
  | { readonly kind: 'series'; readonly seriesIndex: number; readonly seasons: readonly number[] };

export interface LibraryRequest {
  readonly requestId: number;
  /** Overseerr media id (one per requested title). */
  readonly mediaId: number;
  readonly requesterPlexId: number;
  readonly target: RequestTarget;
  readonly is4k: boolean;
  /** Overseerr MediaRequestStatus: 1 pending, 2 approved, 3 declined. */
  readonly status: 1 | 2 | 3;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface PlexServerIdentity {
  readonly machineIdentifier: string;
  readonly name: string;
  readonly version: string;
}

export interface ArrInstanceIdentity {
  readonly kind: ArrInstanceKind;
  readonly name: string;
  readonly apiKey: string;
  readonly qualityProfiles: readonly QualityProfile[];
}

export interface MediaLibrary {
  readonly seed: number | string;
  /** The reference time the library was generated for (epoch seconds). */
  readonly now: number;
  readonly server: PlexServerIdentity;
  /** Another server on plex.tv that some friends share instead of ours. */
  readonly otherServer: PlexServerIdentity;
  readonly users: readonly LibraryUser[];
  readonly movies: readonly LibraryMovie[];
  readonly series: readonly LibrarySeries[];
  readonly history: readonly PlayRecord[];
  readonly requests: readonly LibraryRequest[];
  readonly radarrInstances: readonly ArrInstanceIdentity[];
  readonly sonarrInstances: readonly ArrInstanceIdentity[];
  readonly overseerrApiKey: string;
  readonly tautulliApiKey: string;
}
