// The alternative engine: minisearch's own BM25+ scoring (per-field BM25+ with field boosts, summed)
// over exactly the same analyzed fields and query terms as our BM25F, so the comparison isolates the
// scoring model. Differences that remain by design: minisearch computes statistics over the whole
// index (a visibility filter can only drop results afterwards), applies typo tolerance to every long
// word, and has no notion of a word naming a tool; the mention bonus is added here the same way.
import MiniSearch, { type Query } from 'minisearch';
import {
  analyzeQuery,
  DEFAULT_RANKING_OPTIONS,
  TOOL_FIELDS,
  type ToolCatalogEntry,
  toolFieldTerms,
  ToolSearchIndex,
} from '@platform/tool-search';
import type { EvalCatalog } from '../catalog/eval-catalog.types';
import { type Ranker, type RankerFactory, serversMatching } from './ranker.types';

interface FieldDocument {
  readonly id: string;
  readonly serverId: string;
  readonly fields: readonly string[][];
}

const IDENTIFIER_SHAPE = /[\p{L}\p{N}][_.-]+[\p{L}\p{N}]|\p{Ll}\p{Lu}/u;

export const MINISEARCH_RANKER: RankerFactory = {
  name: 'minisearch BM25+ (same fields, weights and analysis)',
  build(catalog: EvalCatalog): Ranker {
    const entries = catalogEntries(catalog);
    const engine = new MiniSearch<FieldDocument>({
      fields: [...TOOL_FIELDS],
      storeFields: ['serverId'],
      extractField: (document, field) =>
        field === 'id' || field === 'serverId'
          ? document[field]
          : (document.fields[TOOL_FIELDS.indexOf(field as (typeof TOOL_FIELDS)[number])] ?? []).join(' '),
      // Fields hold analyzed terms already; queries are analyzed before they reach minisearch.
      tokenize: (text) => text.split(' ').filter((term) => term.length > 0),
      processTerm: (term) => term,
    });
    engine.addAll(
      entries.map((entry) => ({
        id: entry.namespacedName,
        serverId: entry.serverId,
        fields: toolFieldTerms(entry),
      })),
    );
    const byName = new Map(entries.map((entry) => [entry.namespacedName.toLowerCase(), entry]));
    return {
      rank: ({ query, limit, server }) => {
        const allowed = new Set(serversMatching(catalog, server).map((candidate) => candidate.id));
        const analyzed = analyzeQuery(query);
        const combined: Query = {
          combineWith: 'OR',
          queries: analyzed.terms.map((term) => ({
            combineWith: 'OR',
            queries: [
              {
                queries: [term.term],
                prefix: term.prefix,
                fuzzy: term.maxEditDistance === 0 ? false : term.maxEditDistance,
              },
              ...(term.synonyms.length === 0
                ? []
                : [{ queries: [...term.synonyms], boostTerm: () => DEFAULT_RANKING_OPTIONS.synonymWeight }]),
            ],
          })),
        };
        const results = engine.search(combined, {
          boost: { ...DEFAULT_RANKING_OPTIONS.fieldWeights },
          filter: (result) => allowed.has(result['serverId'] as string),
        });
        const scores = new Map(results.map((result) => [result.id as string, result.score]));
        const bonus = Math.max(0, ...scores.values()) + 1;
        for (const word of analyzed.words) {
          const lower = word.toLowerCase();
          const named = byName.get(lower) ?? byName.get(lower.replace(/[/:]/, '__'));
          const mentioned =
            named !== undefined
              ? [named]
              : analyzed.words.length === 1 || IDENTIFIER_SHAPE.test(word)
                ? entries.filter((entry) => entry.name.toLowerCase() === lower)
                : [];
          for (const entry of mentioned) {
            if (allowed.has(entry.serverId))
              scores.set(entry.namespacedName, (scores.get(entry.namespacedName) ?? 0) + bonus);
          }
        }
        return [...scores]
          .sort(([nameA, a], [nameB, b]) => b - a || (nameA < nameB ? -1 : 1))
          .slice(0, limit)
          .map(([name]) => name);
      },
    };
  },
};

function catalogEntries(catalog: EvalCatalog): ToolCatalogEntry[] {
  const index = new ToolSearchIndex();
  for (const server of catalog.servers) {
    index.upsertServer(
      { id: server.id, displayName: server.displayName, categories: server.categories },
      server.tools,
    );
  }
  return index.entries();
}
