// What a search is asked and what it answers (the `search_tools` result before MCP shaping).
import type { JsonSchemaObject, ToolVisibility } from '../catalog/tool-catalog.types';

export const DEFAULT_SEARCH_LIMIT = 8;
export const MAX_SEARCH_LIMIT = 25;

export interface ToolSearchOptions {
  /**
   * The caller's authorization: called once per indexed tool per search, before ranking. Required on
   * purpose, so that no call site forgets it; pass `() => true` only for callers that may use everything.
   */
  readonly isVisible: ToolVisibility;
  /** Number of results, 1 to 25 (values outside are clamped); default 8. */
  readonly limit?: number;
  /** Only tools of this server id or of servers with this category (case-insensitive). */
  readonly server?: string;
}

export interface ToolSearchHit {
  /** Namespaced name: what `execute_tool` takes. */
  readonly name: string;
  readonly serverId: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchemaObject;
  /** Relevance, higher is better, rounded to 4 decimals; comparable within one response only. */
  readonly score: number;
}

/**
 * Why a search found nothing: no tool the caller may use (with this server filter), a query made
 * only of common words, or no tool matching the words.
 */
export type EmptySearchReason = 'no-tools' | 'no-terms' | 'no-match';

export interface ToolSearchResponse {
  readonly query: string;
  /** Best first; ties by server id, then tool name. */
  readonly results: readonly ToolSearchHit[];
  /** Matching tools before the limit was applied. */
  readonly totalMatches: number;
  /** Set when `results` is empty. */
  readonly empty?: { readonly reason: EmptySearchReason; readonly message: string };
}

/** What `upsertServer` did with a backend's tool list. */
export interface UpsertReport {
  readonly serverId: string;
  readonly indexed: number;
  /** Tools left out: unusable names, or a name the same server listed before. */
  readonly skipped: readonly { readonly name: string; readonly reason: 'invalid-name' | 'duplicate-name' }[];
}
