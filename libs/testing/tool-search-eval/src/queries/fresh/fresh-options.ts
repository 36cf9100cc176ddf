// Label options shared by the fresh tuning queries: every one of them is in the tuning split.
import type { QueryOptions } from '../labeled-query';

export const TUNE = { split: 'tune' } as const;
/** The query names the product. */
export const NAMED = { ...TUNE, hint: true } as const;
/** The agent used the `server` filter of `search_tools`. */
export function within(server: string): QueryOptions {
  return { ...TUNE, server };
}
