// The ten smart categories (issue 17): ids in their fixed order, names, and each rule in words
// built from the current settings, so the API's descriptions say the same numbers the SQL uses.
import type { CategorySettings } from '../settings/category-settings';

export const CATEGORY_IDS = [
  'never_watched',
  'stale',
  'abandoned',
  'requested_not_watched',
  'space_hogs',
  'duplicates',
  'low_resolution',
  'cutoff_unmet',
  'missing',
  'protected',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CATEGORY_NAMES: Readonly<Record<CategoryId, string>> = {
  never_watched: 'Never watched',
  stale: 'Stale',
  abandoned: 'Abandoned series',
  requested_not_watched: 'Requested, not watched',
  space_hogs: 'Space hogs',
  duplicates: 'Duplicates',
  low_resolution: 'Low resolution',
  cutoff_unmet: 'Cutoff unmet',
  missing: 'Missing',
  protected: 'Protected',
};

export function describeCategory(id: CategoryId, settings: CategorySettings, forOneUser: boolean): string {
  const anyone = forOneUser ? 'this user' : 'anyone';
  switch (id) {
    case 'never_watched':
      return `Added at least ${settings.neverWatchedDays} days ago and never played by ${anyone}.`;
    case 'stale':
      return `Played by ${anyone} before, last played more than ${settings.staleDays} days ago.`;
    case 'abandoned':
      return `A series played by ${anyone}, not in the last ${settings.abandonedDays} days, with episodes ${forOneUser ? 'this user has not' : 'nobody has'} played.`;
    case 'requested_not_watched':
      return `Requested ${forOneUser ? 'by this user ' : ''}more than ${settings.requestedNotWatchedDays} days ago and never played by the requester.`;
    case 'space_hogs':
      return `A movie copy over ${settings.spaceHogMovieGib} GiB (over ${settings.spaceHog4kMovieGib} GiB for a 4K copy), or a series copy averaging over ${settings.spaceHogEpisodeGib} GiB per episode file in its instance.`;
    case 'duplicates':
      return 'Files held by more than one media-manager instance, or more than one Plex version. Reclaimable: every copy except the best (highest resolution, then largest).';
    case 'low_resolution':
      return `Best copy below 720p, released in ${settings.lowResolutionCutoffYear} or later.`;
    case 'cutoff_unmet':
      return "A copy below its quality profile's cutoff. Reclaimable: the copies below cutoff.";
    case 'missing':
      return 'A media-manager instance monitors it and holds no file for it.';
    case 'protected':
      return 'Protected items. Reclaimable: nothing.';
  }
}
