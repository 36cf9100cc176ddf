// Test support for the media curation API: faithful HTTP simulators of Plex Media Server, plex.tv,
// Sonarr v3, Radarr v3, Overseerr/Jellyseerr and Tautulli over a seeded, generated media library.
export { startMediaStack } from './media-stack';
export type { MediaStack, MediaStackOptions } from './media-stack';
export { generateMediaLibrary, MAX_ITEMS, MIN_ITEMS } from './library/generate-media-library';
export type { GenerateMediaLibraryOptions } from './library/generate-media-library';
export type * from './library/media-library.types';
export { QUALITIES, isBelowCutoff, qualityById } from './library/qualities';
export type { QualityDefinition } from './library/qualities';
export { SeededRandom } from './library/seeded-random';
export { startPlexMediaServer } from './plex/plex-media-server.simulator';
export type {
  PlexMediaServerOptions,
  PlexMediaServerSimulator,
  PlexMediaServerState,
} from './plex/plex-media-server.simulator';
export type { PlexPagingOptions } from './plex/plex-container';
export { plexGuid } from './plex/plex-library-index';
export { startPlexTv } from './plex-tv/plex-tv.simulator';
export type { PlexPin, PlexTvOptions, PlexTvSimulator, PlexTvState } from './plex-tv/plex-tv.simulator';
export { startSonarr } from './arr/sonarr.simulator';
export type { SonarrOptions, SonarrSimulator } from './arr/sonarr.simulator';
export type { SonarrState } from './arr/sonarr-state';
export { startRadarr } from './arr/radarr.simulator';
export type { RadarrOptions, RadarrSimulator } from './arr/radarr.simulator';
export type { RadarrState } from './arr/radarr-state';
export { startOverseerr } from './overseerr/overseerr.simulator';
export type { OverseerrOptions, OverseerrSimulator } from './overseerr/overseerr.simulator';
export type { OverseerrState } from './overseerr/overseerr-state';
export { startTautulli } from './tautulli/tautulli.simulator';
export type { TautulliOptions, TautulliSimulator } from './tautulli/tautulli.simulator';
export type { FaultController, FaultRule } from './http/fault-rules';
export type { RecordedRequest } from './http/simulator-server';
