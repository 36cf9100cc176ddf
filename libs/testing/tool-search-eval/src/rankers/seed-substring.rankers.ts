// The baselines: the seed gateway's two lexical scorers, rebuilt from the reference notes
// (../shared/reference/seed-systems.md §1.4; the seed's code is not in this repository, so details
// the notes leave open are marked ASSUMPTION). Both score by substring containment with fixed weights.
import type { EvalCatalog, EvalServer } from '../catalog/eval-catalog.types';
import { type Ranker, type RankerFactory, serversMatching } from './ranker.types';

interface FlatTool {
  readonly name: string;
  readonly description: string;
  readonly categories: readonly string[];
  readonly parameterNames: readonly string[];
  readonly parameterDescriptions: readonly string[];
}

/**
 * What the seed's MCP `search_tools` runs without embeddings (legacy keyword fallback): full text
 * `"{name}: {description}"` contains the query +10, name contains it +5; per word (ASSUMPTION: longer
 * than 2 characters, as in the legacy keyword boost) name contains it +3, else description +1; more
 * than one word matched +2 × matches; top 15; when nothing matches, the first 10 tools.
 */
export const SEED_KEYWORD_RANKER: RankerFactory = {
  name: 'seed keyword scorer (substring weights, first-10 fallback)',
  build: (catalog) =>
    substringRanker(catalog, 15, (tool, query, words) => {
      const name = tool.name.toLowerCase();
      const description = tool.description.toLowerCase();
      let score = 0;
      if (`${name}: ${description}`.includes(query)) score += 10;
      if (name.includes(query)) score += 5;
      let matches = 0;
      for (const word of words.filter((candidate) => candidate.length > 2)) {
        if (name.includes(word)) score += 3;
        else if (description.includes(word)) score += 1;
        else continue;
        matches += 1;
      }
      if (matches > 1) score += 2 * matches;
      return score;
    }),
};

/**
 * The seed's newer lexical scorer (test bench, `SearchToolsDetailedAsync`, lexical part only): name
 * equals the query +20, else contains it +10; description contains it +5; per token (split on space
 * , . ; : - _ / \, at least 2 characters) name +4, any tag +3, description +2, each parameter name +2,
 * each parameter description +1; more than one token matched +2 × matches. Min-max normalization does
 * not change the order, so it is left out. No fallback.
 */
export const SEED_LEXICAL_RANKER: RankerFactory = {
  name: 'seed lexical scorer (substring weights incl. parameters)',
  build: (catalog) =>
    substringRanker(
      catalog,
      15,
      (tool, query) => {
        const name = tool.name.toLowerCase();
        const description = tool.description.toLowerCase();
        let score = name === query ? 20 : name.includes(query) ? 10 : 0;
        if (description.includes(query)) score += 5;
        const tokens = query.split(/[\s,.;:\-_/\\]+/).filter((token) => token.length >= 2);
        let matches = 0;
        for (const token of tokens) {
          let tokenScore = 0;
          if (name.includes(token)) tokenScore += 4;
          if (tool.categories.some((category) => category.includes(token))) tokenScore += 3;
          if (description.includes(token)) tokenScore += 2;
          tokenScore += 2 * tool.parameterNames.filter((parameter) => parameter.includes(token)).length;
          tokenScore += tool.parameterDescriptions.filter((text) => text.includes(token)).length;
          if (tokenScore > 0) matches += 1;
          score += tokenScore;
        }
        if (matches > 1) score += 2 * matches;
        return score;
      },
      false,
    ),
};

type Scorer = (tool: FlatTool, query: string, words: readonly string[]) => number;

function substringRanker(catalog: EvalCatalog, maxResults: number, score: Scorer, fallback = true): Ranker {
  const flatten = (servers: readonly EvalServer[]) => servers.flatMap(flatTools);
  const everything = flatten(catalog.servers);
  return {
    rank: ({ query, limit, server }) => {
      const tools = server === undefined ? everything : flatten(serversMatching(catalog, server));
      const normalized = query.trim().toLowerCase();
      const words = normalized.split(/\s+/);
      const scored = tools
        .map((tool, order) => ({ tool, order, score: score(tool, normalized, words) }))
        .filter((entry) => entry.score > 0)
        .sort((a, b) => b.score - a.score || a.order - b.order);
      const ranked = scored.length > 0 || !fallback ? scored.map((entry) => entry.tool) : tools.slice(0, 10);
      return ranked.slice(0, Math.min(limit, maxResults)).map((tool) => tool.name);
    },
  };
}

function flatTools(server: EvalServer): FlatTool[] {
  return server.tools.map((tool) => {
    const properties = Object.entries(
      (tool.inputSchema['properties'] ?? {}) as Record<string, { description?: unknown }>,
    );
    return {
      name: `${server.id}__${tool.name}`,
      description: tool.description ?? '',
      categories: server.categories.map((category) => category.toLowerCase()),
      parameterNames: properties.map(([name]) => name.toLowerCase()),
      parameterDescriptions: properties
        .map(([, property]) => property.description)
        .filter((text): text is string => typeof text === 'string')
        .map((text) => text.toLowerCase()),
    };
  });
}
