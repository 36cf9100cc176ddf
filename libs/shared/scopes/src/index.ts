// Public API of @platform/scopes: the AppKey scope grammar, server id extraction and the scope
// half of gateway authorization (spec 2.1 and 5.1). Nothing else is importable.
export type {
  CategoryScope,
  GlobalScope,
  InvalidScope,
  ItemScope,
  ItemScopeKind,
  ParsedScope,
  ScopeKind,
  ServerScope,
  ValidScope,
} from './scope.types';
export { comparableName, foldAsciiCase, trimAsciiWhitespace } from './ascii-text';
export { SERVER_ID_PATTERN, isValidServerId } from './server-id.validator';
export {
  GLOBAL_SCOPE_ALIASES,
  MAX_SCOPE_LENGTH,
  isValidScope,
  normalizeScope,
  parseScope,
} from './scope.parser';
export { formatScope } from './scope.formatter';
export { MAX_SCOPES_PER_KEY, validateScopes } from './scope-list.validator';
export type { ScopeListProblem, ScopeListValidation } from './scope-list.validator';
export { parseStoredScopes } from './stored-scopes.parser';
export { parseCategories } from './categories.parser';
export { DEFAULT_NATIVE_TOOL_PREFIXES, extractServerId } from './server-id.extractor';
export { NAMESPACE_SEPARATOR, namespacedName, splitNamespacedName } from './namespaced-name';
export type { NamespacedName } from './namespaced-name';
export type { ServerIdExtractionOptions } from './server-id.extractor';
export {
  CAPABILITY_MATRIX,
  DIRECT_PROXY_METHOD,
  MCP_METHODS,
  coverageOf,
} from './capability-matrix.constants';
export type { CoveredMethod, MethodCoverage } from './capability-matrix.constants';
export {
  decideScopeAccess,
  directProxyRequest,
  executeToolRequest,
  scopesCover,
} from './scope-access.policy';
export type { ScopeContext, ScopeDecision, ScopeDenialReason, ScopeRequest } from './scope-access.policy';
