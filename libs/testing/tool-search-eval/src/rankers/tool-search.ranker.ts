// Our ranking: `ToolSearchIndex` from @platform/tool-search, fed server by server as the gateway does.
import { type RankingOverrides, ToolSearchIndex } from '@platform/tool-search';
import type { EvalCatalog } from '../catalog/eval-catalog.types';
import type { Ranker, RankerFactory } from './ranker.types';

export function toolSearchRanker(
  name = 'BM25F (@platform/tool-search)',
  ranking?: RankingOverrides,
): RankerFactory {
  return {
    name,
    build(catalog: EvalCatalog): Ranker & { readonly index: ToolSearchIndex } {
      const index = new ToolSearchIndex(ranking);
      for (const server of catalog.servers) {
        index.upsertServer(
          { id: server.id, displayName: server.displayName, categories: server.categories },
          server.tools,
        );
      }
      return {
        index,
        rank: ({ query, limit, server }) =>
          index
            .search(query, { limit, isVisible: () => true, ...(server === undefined ? {} : { server }) })
            .results.map((hit) => hit.name),
      };
    },
  };
}
