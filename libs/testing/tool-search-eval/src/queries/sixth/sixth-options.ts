// Every query of the sixth tuning set is tuning data whatever its id hashes to, so the split is
// stated on each one instead of being left to the id.
import type { QueryOptions } from '../labeled-query';

export const TUNE = { split: 'tune' } as const;

/** The query text names the product; only that server's tools are answers. */
export const NAMED = { ...TUNE, hint: true } as const;

/** The agent restricted the search with the `server` argument. */
export function within(server: string): QueryOptions {
  return { ...TUNE, server };
}
