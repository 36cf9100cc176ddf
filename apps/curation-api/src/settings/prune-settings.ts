// The settings of pruning (migration 1796700000000, docs/decisions/043): what a prune does after it
// leaves an item on no instance. Both off by default.

export interface PruneSettings {
  /** Reset the item's Overseerr media entry, so people can request it again. */
  readonly pruneResetsOverseerr: boolean;
  /** Refresh Plex's library sections of the item's kind, so Plex drops what is gone sooner. */
  readonly pruneRefreshesPlex: boolean;
}

export type PruneSettingName = keyof PruneSettings;

export const PRUNE_SETTING_COLUMNS: Readonly<Record<PruneSettingName, string>> = {
  pruneResetsOverseerr: 'prune_resets_overseerr',
  pruneRefreshesPlex: 'prune_refreshes_plex',
};

export const PRUNE_SETTING_NAMES = Object.keys(PRUNE_SETTING_COLUMNS) as PruneSettingName[];

export function isPruneSettingName(field: string): field is PruneSettingName {
  return (PRUNE_SETTING_NAMES as string[]).includes(field);
}
