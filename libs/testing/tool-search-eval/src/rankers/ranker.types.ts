// What the evaluation compares: anything that ranks a catalog's tools for a query.
import type { EvalCatalog } from '../catalog/eval-catalog.types';

export interface RankRequest {
  readonly query: string;
  readonly limit: number;
  /** `search_tools`'s server filter: a server id or category. */
  readonly server?: string;
}

export interface Ranker {
  /** Namespaced tool names, best first, at most `limit`. */
  rank(request: RankRequest): readonly string[];
}

export interface RankerFactory {
  readonly name: string;
  build(catalog: EvalCatalog): Ranker;
}

/** The servers a `server` filter selects (id or category, case-insensitive), as `search_tools` does. */
export function serversMatching(catalog: EvalCatalog, server: string | undefined): EvalCatalog['servers'] {
  if (server === undefined) return catalog.servers;
  const wanted = server.trim().toLowerCase();
  return catalog.servers.filter(
    (candidate) =>
      candidate.id === wanted || candidate.categories.some((category) => category.toLowerCase() === wanted),
  );
}
