// Public API of @platform/tool-search: the Meta-Mode tool index (BM25F under the caller's
// authorization), `execute_tool` name resolution, and the two Meta-Mode tools' schemas, argument
// parsing and result shaping. Pure TypeScript: no Nest, no I/O.
export type {
  JsonSchemaObject,
  ToolCatalogEntry,
  ToolDefinition,
  ToolServerInfo,
  ToolVisibility,
} from './catalog/tool-catalog.types';
export { ToolSearchIndex } from './search-index/tool-search.index';
export { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from './search-index/tool-search.types';
export type {
  EmptySearchReason,
  ToolSearchHit,
  ToolSearchOptions,
  ToolSearchResponse,
  UpsertReport,
} from './search-index/tool-search.types';
export { DEFAULT_RANKING_OPTIONS } from './search-index/ranking.options';
export type { RankingOptions, RankingOverrides } from './search-index/ranking.options';
export { TOOL_FIELDS, toolFieldTerms } from './search-index/tool-fields';
export type { ToolField } from './search-index/tool-fields';
export { resolveToolName } from './resolve/tool-name.resolver';
export type { ToolNameResolution, ToolNameResolutionOptions } from './resolve/tool-name.resolver';
export {
  EXECUTE_TOOL_INPUT_SCHEMA,
  EXECUTE_TOOL_NAME,
  EXECUTE_TOOL_TOOL,
  META_MODE_TOOLS,
  SEARCH_TOOLS_INPUT_SCHEMA,
  SEARCH_TOOLS_NAME,
  SEARCH_TOOLS_OUTPUT_SCHEMA,
  SEARCH_TOOLS_TOOL,
} from './meta-mode/meta-mode-tools';
export type { MetaModeToolDefinition } from './meta-mode/meta-mode-tools';
export { parseExecuteToolArguments, parseSearchToolsArguments } from './meta-mode/meta-mode.arguments';
export type {
  ExecuteToolArguments,
  ParsedArguments,
  SearchToolsArguments,
} from './meta-mode/meta-mode.arguments';
export { searchToolsResult } from './meta-mode/search-tools.result';
export type { SearchToolsCallResult, SearchToolsStructuredContent } from './meta-mode/search-tools.result';
export { analyzeText } from './text/term.analyzer';
export { analyzeQuery } from './text/query.analyzer';
export type { AnalyzedQuery, QueryTerm } from './text/query.analyzer';
export { tokenizeText } from './text/identifier.tokenizer';
export { stemWord } from './text/suffix.stemmer';
