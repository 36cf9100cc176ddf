// The catalog's resolution buckets and folded titles (docs/decisions/037): Plex `videoResolution`
// and *arr quality resolutions both land in SD, 720p, 1080p or 4K; titles fold to lower case
// without accents, so search and sort ignore both.

export const RESOLUTION_BUCKETS = ['SD', '720p', '1080p', '4K'] as const;
export type ResolutionBucket = (typeof RESOLUTION_BUCKETS)[number];

/** 1 SD … 4 4K, as stored in `resolution_rank`. */
export function rankOf(bucket: ResolutionBucket | null): number | null {
  return bucket === null ? null : RESOLUTION_BUCKETS.indexOf(bucket) + 1;
}

/**
 * Plex's `videoResolution`: `sd`, `480`, `576`, `720`, `1080`, `2k`, `4k`. `2k` (1440p) is not
 * 4K and is better than 1080p, so it counts as 1080p: its files are neither "low resolution" nor
 * kept over a real 4K copy. Absent or unknown values have no bucket.
 */
export function bucketOfPlexResolution(value: string | undefined): ResolutionBucket | null {
  switch (value?.toLowerCase() ?? '') {
    case 'sd':
    case '480':
    case '576':
      return 'SD';
    case '720':
      return '720p';
    case '1080':
    case '2k':
      return '1080p';
    case '4k':
      return '4K';
    default:
      return null;
  }
}

/** An *arr quality's vertical resolution (480, 720, 1080, 2160; 0 for an unknown quality). */
export function bucketOfArrResolution(lines: number): ResolutionBucket | null {
  if (lines <= 0) return null;
  if (lines >= 2160) return '4K';
  if (lines >= 1080) return '1080p';
  if (lines >= 720) return '720p';
  return 'SD';
}
