// The Meta-Mode tool index: every backend's tools, searchable with BM25F under the caller's
// authorization. Updates are per server (a backend's `list_changed` replaces only its own tools);
// searches are synchronous and side-effect free, so one index serves all sessions.
import { isValidServerId, namespacedName } from '@platform/scopes';
import type { ToolCatalogEntry, ToolDefinition, ToolServerInfo } from '../catalog/tool-catalog.types';
import { type AnalyzedQuery, analyzeQuery, MAX_QUERY_LENGTH } from '../text/query.analyzer';
import { type ActionClass, toolActionClass } from './action-intent';
import { scoreTerms, type TermScores } from './bm25f.scorer';
import { emptySearchMessage } from './empty-search.messages';
import { findNameMentions } from './name-mentions';
import { type RankingOptions, type RankingOverrides, rankingOptionsWith } from './ranking.options';
import { buildCorpus, type Corpus } from './search-corpus';
import { ServerHints, serverNameWords } from './server-hints';
import { type IndexedTerms, TermIndex } from './term.index';
import { toolActionWord, toolFieldTerms, toolNameWords, toolPlainWords } from './tool-fields';
import { compareText, selectTopHits } from './top-hits';
import { toolValueKinds, valueKindFit, valueKindSet, type ValueKindSet } from './value-kinds';
import {
  DEFAULT_SEARCH_LIMIT,
  type EmptySearchReason,
  MAX_SEARCH_LIMIT,
  type ToolSearchHit,
  type ToolSearchOptions,
  type ToolSearchResponse,
  type UpsertReport,
} from './tool-search.types';

/** MCP names are at most 128 characters (SEP-986); anything far beyond is not a name. */
const MAX_TOOL_NAME_LENGTH = 256;

interface IndexedTool extends IndexedTerms {
  readonly entry: ToolCatalogEntry;
  readonly nameWords: readonly string[];
  readonly actionWord: string | undefined;
  readonly actionClass: ActionClass | undefined;
  readonly valueKinds: ValueKindSet;
}

interface IndexedServer {
  readonly categories: readonly string[];
  /** Ids of the server's tools, by tool name. */
  readonly toolIds: readonly number[];
}

export class ToolSearchIndex {
  private readonly options: RankingOptions;
  private readonly terms = new TermIndex();
  private readonly tools: (IndexedTool | undefined)[] = [];
  private readonly freeIds: number[] = [];
  private readonly servers = new Map<string, IndexedServer>();
  private readonly hints = new ServerHints();
  private readonly byName = new Map<string, number>();
  /** Lowercased names, for mentions in queries (agents do not keep case); several tools may share one. */
  private readonly byNamespacedName = new Map<string, number[]>();
  private readonly byBareName = new Map<string, number[]>();

  /** `ranking` overrides the default BM25F parameters; meant for evaluation, production keeps the defaults. */
  constructor(ranking?: RankingOverrides) {
    this.options = rankingOptionsWith(ranking);
  }

  /** Number of indexed tools. */
  get size(): number {
    return this.tools.length - this.freeIds.length;
  }

  /** Indexed server ids, sorted. */
  serverIds(): string[] {
    return [...this.servers.keys()].sort(compareText);
  }

  /** Every indexed tool, by server id then tool name. */
  entries(): ToolCatalogEntry[] {
    return this.serverIds().flatMap((serverId) =>
      (this.servers.get(serverId)?.toolIds ?? []).map((id) => this.entryOf(id)),
    );
  }

  /** The tool with this exact namespaced name. */
  getTool(namespacedName: string): ToolCatalogEntry | undefined {
    const id = this.byName.get(namespacedName);
    return id === undefined ? undefined : this.entryOf(id);
  }

  /**
   * Replaces everything indexed for `server.id` with `tools` (a backend's current `tools/list`).
   * Throws on an invalid server id (the registry validates ids before this point).
   */
  upsertServer(server: ToolServerInfo, tools: readonly ToolDefinition[]): UpsertReport {
    if (!isValidServerId(server.id)) throw new TypeError(`invalid server id: ${JSON.stringify(server.id)}`);
    this.removeServer(server.id);
    const categories = [...new Set(server.categories ?? [])];
    const skipped: { name: string; reason: 'invalid-name' | 'duplicate-name' }[] = [];
    const seen = new Set<string>();
    const toolIds: number[] = [];
    const serverWords = serverNameWords(server.id, server.displayName);
    for (const tool of tools) {
      const name: unknown = tool.name;
      if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_TOOL_NAME_LENGTH) {
        skipped.push({ name: String(name), reason: 'invalid-name' });
      } else if (seen.has(name)) {
        skipped.push({ name, reason: 'duplicate-name' });
      } else {
        seen.add(name);
        toolIds.push(this.addTool(catalogEntry(server, categories, tool), serverWords));
      }
    }
    toolIds.sort((a, b) => compareText(this.entryOf(a).name, this.entryOf(b).name));
    this.servers.set(server.id, { categories, toolIds });
    this.hints.set(server.id, server.displayName);
    return { serverId: server.id, indexed: toolIds.length, skipped };
  }

  /** Removes a server and its tools; false when it was not indexed. */
  removeServer(serverId: string): boolean {
    const server = this.servers.get(serverId);
    if (server === undefined) return false;
    for (const id of server.toolIds) this.removeTool(id);
    this.servers.delete(serverId);
    this.hints.delete(serverId);
    return true;
  }

  search(query: string, options: ToolSearchOptions): ToolSearchResponse {
    const limit = clampLimit(options.limit);
    const corpus = this.corpusFor(options);
    if (corpus.count === 0) return this.emptyResponse('no-tools', query, options);
    const analyzed = analyzeQuery(query);
    const context = { index: this.terms, tools: this.tools, corpus, options: this.options };
    const lexical = scoreTerms(context, analyzed);
    const { scores, matched, isMatched } = lexical;
    const bound = this.applyValueKinds(analyzed, lexical, this.applyServerHints(query, lexical));
    const lookup = { byNamespacedName: this.byNamespacedName, byBareName: this.byBareName };
    const mentions = findNameMentions(lookup, analyzed.words);
    // A mention adds more than any lexical score can reach, so named tools rank first.
    const addBonus = (id: number, amount: number) => {
      if (corpus.eligible[id] === 1) scores[id] = (scores[id] ?? 0) + amount;
    };
    for (const id of mentions.bare) addBonus(id, bound + 1);
    for (const id of mentions.namespaced) addBonus(id, 2 * (bound + 1));
    const unmatchedMentions = [...new Set([...mentions.bare, ...mentions.namespaced])].filter(
      (id) => isMatched[id] !== 1,
    );
    const candidates = unmatchedMentions.length === 0 ? matched : [...matched, ...unmatchedMentions];
    const { top, total } = selectTopHits(candidates, scores, (id) => this.entryOf(id), limit);
    if (total === 0) {
      const noTerms = analyzed.terms.length === 0 && mentions.bare.size + mentions.namespaced.size === 0;
      return this.emptyResponse(noTerms ? 'no-terms' : 'no-match', query, options);
    }
    return { query, results: top.map(({ entry, score }) => hitOf(entry, score)), totalMatches: total };
  }

  /**
   * Multiplies the scores of the tools of every server the query names by `1 + serverHintWeight`;
   * returns the bound of the scores afterwards.
   */
  private applyServerHints(query: string, lexical: TermScores): number {
    const weight = this.options.serverHintWeight;
    if (weight === 0) return lexical.bound;
    // Only matched tools are boosted, and they are eligible: servers the caller cannot see change nothing.
    let boosted = false;
    for (const serverId of this.hints.namedIn(query.slice(0, MAX_QUERY_LENGTH))) {
      for (const id of this.servers.get(serverId)?.toolIds ?? []) {
        if (lexical.isMatched[id] !== 1) continue;
        lexical.scores[id] = (lexical.scores[id] as number) * (1 + weight);
        boosted = true;
      }
    }
    return boosted ? lexical.bound * (1 + weight) : lexical.bound;
  }

  /**
   * Multiplies the scores of matched tools by `1 + valueKindWeight × fit`, where fit is the share of
   * the query's value kinds their parameters take; returns the bound of the scores afterwards.
   */
  private applyValueKinds(query: AnalyzedQuery, lexical: TermScores, bound: number): number {
    const weight = this.options.valueKindWeight;
    const wanted = weight === 0 ? 0 : valueKindSet(query.valueKinds);
    if (wanted === 0) return bound;
    const { matched, scores } = lexical;
    for (let at = 0; at < matched.length; at += 1) {
      const id = matched[at] as number;
      const fit = valueKindFit(wanted, (this.tools[id] as IndexedTool).valueKinds);
      if (fit > 0) scores[id] = (scores[id] as number) * (1 + weight * fit);
    }
    return bound * (1 + weight);
  }

  private corpusFor(options: ToolSearchOptions): Corpus {
    const servers = this.serversMatching(options.server);
    const { isVisible } = options;
    return buildCorpus(this.tools, ({ entry }) =>
      servers === undefined ? isVisible(entry) : servers.has(entry.serverId) && isVisible(entry),
    );
  }

  /** Server ids selected by the `server` filter (id or category, case-insensitive); undefined for no filter. */
  private serversMatching(filter: string | undefined): Set<string> | undefined {
    if (filter === undefined) return undefined;
    const wanted = filter.trim().toLowerCase();
    const matching = new Set<string>();
    for (const [id, server] of this.servers) {
      if (id === wanted || server.categories.some((category) => category.toLowerCase() === wanted)) {
        matching.add(id);
      }
    }
    return matching;
  }

  private emptyResponse(
    reason: EmptySearchReason,
    query: string,
    options: ToolSearchOptions,
  ): ToolSearchResponse {
    // Only the unknown-server message lists servers, and only those with a tool the caller can see.
    const visibleServerIds =
      reason === 'no-tools'
        ? this.serverIds().filter((id) =>
            (this.servers.get(id)?.toolIds ?? []).some((toolId) => options.isVisible(this.entryOf(toolId))),
          )
        : [];
    const context = {
      query,
      ...(options.server === undefined ? {} : { server: options.server }),
      visibleServerIds,
    };
    return {
      query,
      results: [],
      totalMatches: 0,
      empty: { reason, message: emptySearchMessage(reason, context) },
    };
  }

  private entryOf(id: number): ToolCatalogEntry {
    return (this.tools[id] as IndexedTool).entry;
  }

  private addTool(entry: ToolCatalogEntry, serverWords: ReadonlySet<string>): number {
    const id = this.freeIds.pop() ?? this.tools.length;
    const { terms, words, fieldLengths } = this.terms.add(id, toolFieldTerms(entry), toolPlainWords(entry));
    const nameWords = toolNameWords(entry);
    const actionWord = toolActionWord(nameWords, serverWords);
    const actionClass = toolActionClass(nameWords, serverWords);
    // One literal shape for every tool: the search loop reads these for each tool on every query.
    const valueKinds = toolValueKinds(entry.inputSchema);
    this.tools[id] = { entry, fieldLengths, nameWords, actionWord, actionClass, valueKinds, terms, words };
    this.byName.set(entry.namespacedName, id);
    addToList(this.byNamespacedName, entry.namespacedName.toLowerCase(), id);
    addToList(this.byBareName, entry.name.toLowerCase(), id);
    return id;
  }

  private removeTool(id: number): void {
    const tool = this.tools[id];
    if (tool === undefined) return;
    this.terms.remove(id, tool);
    this.byName.delete(tool.entry.namespacedName);
    removeFromList(this.byNamespacedName, tool.entry.namespacedName.toLowerCase(), id);
    removeFromList(this.byBareName, tool.entry.name.toLowerCase(), id);
    this.tools[id] = undefined;
    this.freeIds.push(id);
  }
}

function hitOf(entry: ToolCatalogEntry, score: number): ToolSearchHit {
  return {
    name: entry.namespacedName,
    serverId: entry.serverId,
    ...(entry.title === undefined ? {} : { title: entry.title }),
    ...(entry.description === undefined ? {} : { description: entry.description }),
    inputSchema: entry.inputSchema,
    score,
  };
}

function catalogEntry(
  server: ToolServerInfo,
  categories: readonly string[],
  tool: ToolDefinition,
): ToolCatalogEntry {
  const title = typeof tool.title === 'string' ? tool.title : tool.annotations?.title;
  const schema: unknown = tool.inputSchema;
  return {
    serverId: server.id,
    ...(server.displayName === undefined ? {} : { serverDisplayName: server.displayName }),
    serverCategories: categories,
    name: tool.name,
    namespacedName: namespacedName(server.id, tool.name),
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    inputSchema:
      typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? tool.inputSchema : {},
  };
}

function addToList(lists: Map<string, number[]>, key: string, id: number): void {
  lists.set(key, [...(lists.get(key) ?? []), id]);
}

function removeFromList(lists: Map<string, number[]>, key: string, id: number): void {
  const remaining = (lists.get(key) ?? []).filter((other) => other !== id);
  if (remaining.length === 0) lists.delete(key);
  else lists.set(key, remaining);
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_SEARCH_LIMIT;
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.floor(limit)));
}
