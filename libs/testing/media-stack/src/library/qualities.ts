// The *arr quality definitions the generator uses (ids and names as Sonarr and Radarr ship them) and
// the quality profiles of the HD and 4K instances, so "below cutoff" follows from profile order.
import type { QualityProfile, VideoResolution } from './media-library.types';

export interface QualityDefinition {
  readonly id: number;
  readonly name: string;
  /** Radarr's source name; Sonarr names `tv` "television" and `webdl` "web". */
  readonly source: 'tv' | 'dvd' | 'webdl' | 'bluray';
  readonly resolution: number;
}

/** Lowest first: the order both apps rank qualities in their default profiles. */
export const QUALITIES: readonly QualityDefinition[] = [
  { id: 1, name: 'SDTV', source: 'tv', resolution: 480 },
  { id: 2, name: 'DVD', source: 'dvd', resolution: 480 },
  { id: 4, name: 'HDTV-720p', source: 'tv', resolution: 720 },
  { id: 5, name: 'WEBDL-720p', source: 'webdl', resolution: 720 },
  { id: 6, name: 'Bluray-720p', source: 'bluray', resolution: 720 },
  { id: 9, name: 'HDTV-1080p', source: 'tv', resolution: 1080 },
  { id: 3, name: 'WEBDL-1080p', source: 'webdl', resolution: 1080 },
  { id: 7, name: 'Bluray-1080p', source: 'bluray', resolution: 1080 },
  { id: 16, name: 'HDTV-2160p', source: 'tv', resolution: 2160 },
  { id: 18, name: 'WEBDL-2160p', source: 'webdl', resolution: 2160 },
  { id: 19, name: 'Bluray-2160p', source: 'bluray', resolution: 2160 },
];

export function qualityById(id: number): QualityDefinition {
  const quality = QUALITIES.find((candidate) => candidate.id === id);
  if (quality === undefined) throw new Error(`unknown quality id ${id}`);
  return quality;
}

export function qualityRank(id: number): number {
  return QUALITIES.findIndex((candidate) => candidate.id === id);
}

export const HD_PROFILES: readonly QualityProfile[] = [
  { id: 1, name: 'Any', upgradeAllowed: false, qualityIds: [1, 2, 4, 5, 6, 9, 3, 7], cutoffQualityId: 1 },
  { id: 2, name: 'SD', upgradeAllowed: true, qualityIds: [1, 2], cutoffQualityId: 2 },
  { id: 3, name: 'HD-720p', upgradeAllowed: true, qualityIds: [4, 5, 6], cutoffQualityId: 6 },
  { id: 4, name: 'HD-1080p', upgradeAllowed: true, qualityIds: [9, 3, 7], cutoffQualityId: 7 },
  {
    id: 6,
    name: 'HD - 720p/1080p',
    upgradeAllowed: true,
    qualityIds: [4, 5, 6, 9, 3, 7],
    cutoffQualityId: 3,
  },
];

export const UHD_PROFILES: readonly QualityProfile[] = [
  { id: 5, name: 'Ultra-HD', upgradeAllowed: true, qualityIds: [16, 18, 19], cutoffQualityId: 19 },
];

/** True when a file of this quality is below the profile's cutoff (what *arr reports as qualityCutoffNotMet). */
export function isBelowCutoff(profile: QualityProfile, qualityId: number): boolean {
  return qualityRank(qualityId) < qualityRank(profile.cutoffQualityId);
}

/** Frame size Plex reports for a resolution bucket (movies are letterboxed a little). */
export function frameSize(resolution: VideoResolution | null): { width: number; height: number } {
  switch (resolution) {
    case 'sd':
      return { width: 640, height: 360 };
    case '480':
      return { width: 720, height: 480 };
    case '576':
      return { width: 720, height: 576 };
    case '720':
      return { width: 1280, height: 720 };
    case '1080':
      return { width: 1920, height: 1080 };
    case '2k':
      return { width: 2560, height: 1440 };
    case '4k':
      return { width: 3840, height: 2160 };
    case null:
      return { width: 1024, height: 436 };
  }
}
