// The thresholds the smart categories read (issue 17, decision 039): their names in the API, their
// columns, defaults and allowed ranges. One table drives validation, storage and the docs' numbers.

export interface CategorySettings {
  readonly neverWatchedDays: number;
  readonly staleDays: number;
  readonly abandonedDays: number;
  readonly requestedNotWatchedDays: number;
  readonly spaceHogMovieGib: number;
  readonly spaceHog4kMovieGib: number;
  readonly spaceHogEpisodeGib: number;
  readonly lowResolutionCutoffYear: number;
  readonly pre2017CutoffYear: number;
}

export type SettingName = keyof CategorySettings;

export interface SettingRule {
  readonly column: string;
  readonly kind: 'integer' | 'number';
  readonly min: number;
  readonly max: number;
  readonly defaultValue: number;
}

/** Ranges keep a typo from emptying or flooding a category; the migration's CHECKs repeat them. */
export const SETTING_RULES: Readonly<Record<SettingName, SettingRule>> = {
  neverWatchedDays: { column: 'never_watched_days', kind: 'integer', min: 1, max: 36500, defaultValue: 90 },
  staleDays: { column: 'stale_days', kind: 'integer', min: 1, max: 36500, defaultValue: 180 },
  abandonedDays: { column: 'abandoned_days', kind: 'integer', min: 1, max: 36500, defaultValue: 90 },
  requestedNotWatchedDays: {
    column: 'requested_not_watched_days',
    kind: 'integer',
    min: 1,
    max: 36500,
    defaultValue: 30,
  },
  spaceHogMovieGib: {
    column: 'space_hog_movie_gib',
    kind: 'number',
    min: 0.001,
    max: 1_000_000,
    defaultValue: 20,
  },
  spaceHog4kMovieGib: {
    column: 'space_hog_movie_4k_gib',
    kind: 'number',
    min: 0.001,
    max: 1_000_000,
    defaultValue: 50,
  },
  spaceHogEpisodeGib: {
    column: 'space_hog_episode_gib',
    kind: 'number',
    min: 0.001,
    max: 1_000_000,
    defaultValue: 2.5,
  },
  lowResolutionCutoffYear: {
    column: 'low_resolution_cutoff_year',
    kind: 'integer',
    min: 1870,
    max: 2200,
    defaultValue: 2000,
  },
  pre2017CutoffYear: {
    column: 'pre2017_cutoff_year',
    kind: 'integer',
    min: 1870,
    max: 2200,
    defaultValue: 2017,
  },
};

export const SETTING_NAMES = Object.keys(SETTING_RULES) as SettingName[];

export const DEFAULT_CATEGORY_SETTINGS: CategorySettings = Object.fromEntries(
  SETTING_NAMES.map((name) => [name, SETTING_RULES[name].defaultValue]),
) as unknown as CategorySettings;

export const GIB = 1024 ** 3;
