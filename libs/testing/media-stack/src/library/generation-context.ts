// Shared state of one generator run: the PRNG, the reference time and the id counters, so ids are
// unique per system and instance exactly as the real systems number them.
import type { ArrInstanceKind, MediaFile, VideoResolution } from './media-library.types';
import { qualityById } from './qualities';
import type { SeededRandom } from './seeded-random';

export const DAY = 86_400;
export const YEAR = 365 * DAY;

export class GenerationContext {
  private ratingKey = 1000;
  private plexMediaId = 1;
  private plexPartId = 1;
  private readonly radarrMovieIds = { hd: 0, '4k': 0 };
  private readonly radarrFileIds = { hd: 0, '4k': 0 };
  private readonly sonarrSeriesIds = { hd: 0, '4k': 0 };
  private readonly sonarrFileIds = { hd: 0, '4k': 0 };

  constructor(
    readonly random: SeededRandom,
    readonly now: number,
  ) {}

  nextRatingKey(): number {
    return (this.ratingKey += 1);
  }

  nextPlexVersionIds(): { mediaId: number; partId: number } {
    return { mediaId: this.plexMediaId++, partId: this.plexPartId++ };
  }

  nextRadarrMovieId(instance: ArrInstanceKind): number {
    return (this.radarrMovieIds[instance] += 1);
  }

  nextRadarrFileId(instance: ArrInstanceKind): number {
    return (this.radarrFileIds[instance] += 1);
  }

  nextSonarrSeriesId(instance: ArrInstanceKind): number {
    return (this.sonarrSeriesIds[instance] += 1);
  }

  nextSonarrFileId(instance: ArrInstanceKind): number {
    return (this.sonarrFileIds[instance] += 1);
  }

  /** A time between `from` and `to` (epoch seconds), never after now. */
  timeBetween(from: number, to: number = this.now): number {
    const end = Math.min(to, this.now);
    return end <= from ? end : this.random.int(from, end);
  }
}

const GIB = 1024 ** 3;

/** Typical sizes per resolution in GiB: [min, max] for a movie; episodes are a tenth. */
const MOVIE_SIZE_GIB: Record<VideoResolution, readonly [number, number]> = {
  sd: [0.6, 1.8],
  '480': [0.7, 2.2],
  '576': [0.9, 2.8],
  '720': [2, 7],
  '1080': [4, 26],
  '2k': [10, 30],
  '4k': [18, 85],
};

export function makeMediaFile(
  context: GenerationContext,
  options: {
    path: string;
    resolution: VideoResolution | null;
    qualityId: number;
    addedAt: number;
    episode: boolean;
  },
): MediaFile {
  const { random } = context;
  const [low, high] = MOVIE_SIZE_GIB[options.resolution ?? '1080'];
  const scale = options.episode ? 0.1 : 1;
  const size = Math.round((low + random.next() * (high - low)) * scale * GIB);
  const quality = qualityById(options.qualityId);
  return {
    path: flatten(options.path),
    size,
    resolution: options.resolution,
    videoCodec: quality.resolution >= 2160 ? 'hevc' : random.pick(['h264', 'h264', 'hevc']),
    container: random.pick(['mkv', 'mkv', 'mp4']),
    durationMs: (options.episode ? random.int(22, 62) : random.int(80, 170)) * 60_000,
    qualityId: options.qualityId,
    addedAt: options.addedAt,
  };
}

/** Plex's resolution label for a file of this quality (SD sources vary between sd, 480 and 576). */
export function resolutionForQuality(context: GenerationContext, qualityId: number): VideoResolution {
  const quality = qualityById(qualityId);
  if (quality.resolution >= 2160) return '4k';
  if (quality.resolution >= 1080) return '1080';
  if (quality.resolution >= 720) return '720';
  return context.random.pick(['sd', '480', '576'] as const);
}

/** Picks a quality from a profile's allowed list, favouring the better ones as downloads usually do. */
export function pickQuality(context: GenerationContext, qualityIds: readonly number[]): number {
  const weighted = qualityIds.map((id, index) => [id, index + 1] as const);
  return context.random.weighted(weighted);
}

/**
 * Template literals build V8 rope strings that keep every piece alive; reading a character flattens
 * the rope into one sequential string, which saves about a fifth of the heap of a 100,000-item library.
 */
function flatten(text: string): string {
  text.charCodeAt(0);
  return text;
}
