// HTTP clients for the systems the curation API reads: plex.tv, a Plex Media Server, Sonarr,
// Radarr, Overseerr/Jellyseerr and Tautulli, each behind a small interface unit tests can fake.
export { MediaClientError } from './http/media-client.error';
export type { MediaClientErrorCode } from './http/media-client.error';
export { DEFAULT_MAX_BYTES, DEFAULT_RETRY_POLICY, DEFAULT_TIMEOUT_MS } from './http/media-http';
export type { MediaClientTuning, RetryPolicy } from './http/media-http';
export { mapWithConcurrency } from './http/concurrency';
export { readAttributeXml, XmlReadError } from './xml/attribute-xml.reader';
export type { XmlElement } from './xml/attribute-xml.reader';
export { PlexTvClient } from './plex-tv/plex-tv.client';
export type { PlexTvApi, PlexTvClientOptions } from './plex-tv/plex-tv.client';
export type {
  PlexAccount,
  PlexConnection,
  PlexHomeUser,
  PlexPin,
  PlexServerResource,
  PlexSharedServer,
  PlexSharedUser,
} from './plex-tv/plex-tv.schemas';
export { PlexServerClient } from './plex-server/plex-server.client';
export type {
  PlexHistoryFilter,
  PlexPhoto,
  PlexPhotoLimits,
  PlexPhotoSize,
  PlexServerApi,
  PlexServerClientOptions,
  PlexServerIdentityAnswer,
} from './plex-server/plex-server.client';
export type {
  PlexEpisode,
  PlexHistoryRow,
  PlexItem,
  PlexLocalAccount,
  PlexMedia,
  PlexMovie,
  PlexSection,
  PlexShow,
} from './plex-server/plex-server.schemas';
export type {
  ArrApi,
  ArrAppName,
  ArrClientOptions,
  ArrDeleteOutcome,
  ArrExclusionOutcome,
} from './arr/arr-base.client';
export { SonarrClient } from './arr/sonarr.client';
export type { SonarrApi } from './arr/sonarr.client';
export { RadarrClient } from './arr/radarr.client';
export type { RadarrApi } from './arr/radarr.client';
export type {
  ArrQualityProfile,
  ArrSystemStatus,
  RadarrMovie,
  RadarrMovieFile,
  SonarrEpisodeFile,
  SonarrSeries,
  SonarrSeriesResource,
} from './arr/arr.schemas';
export { OverseerrClient } from './overseerr/overseerr.client';
export type { OverseerrApi, OverseerrClientOptions } from './overseerr/overseerr.client';
export type { OverseerrMe, OverseerrRequest, OverseerrUser } from './overseerr/overseerr.schemas';
export { TautulliClient } from './tautulli/tautulli.client';
export type { TautulliApi, TautulliClientOptions, TautulliHistoryFilter } from './tautulli/tautulli.client';
export type { TautulliPlay, TautulliUser } from './tautulli/tautulli.schemas';
