// Every independent query states its split, so none of them can drift into the tuning half through
// the id hash.
import type { QueryOptions } from '../labeled-query';

/** No server named in the text and no `server` argument. */
export const HELDOUT = { split: 'heldout' } as const satisfies QueryOptions;

/** The query text names the product ("…on GitLab", "in Jira"). */
export const NAMED = { ...HELDOUT, hint: true } as const satisfies QueryOptions;

/** The agent passed `server` to `search_tools`; the text does not name it. */
export function within(server: string): QueryOptions {
  return { ...HELDOUT, server };
}
