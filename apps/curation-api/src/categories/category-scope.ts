// What a category computation depends on besides the catalog: the thresholds, the moment "now",
// and whose watch history and requests count (everyone's, or one user's).
import type { CategorySettings } from '../settings/category-settings';

export interface CategoryScope {
  readonly settings: CategorySettings;
  readonly now: Date;
  /** A plex.tv account id (decision 030), or null for everyone. */
  readonly userId: string | null;
}
