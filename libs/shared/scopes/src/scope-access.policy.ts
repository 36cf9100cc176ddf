// Step 1 of the gateway authorization pipeline (spec 5.1): does an AppKey's scope list cover a
// request? This is the only place that answers it; list filtering, guards, Meta-Mode and the
// direct proxy all call decideScopeAccess (or scopesCover) once per item or request.
import { comparableName } from './ascii-text';
import { DIRECT_PROXY_METHOD, coverageOf } from './capability-matrix.constants';
import { parseCategories } from './categories.parser';
import { formatScope } from './scope.formatter';
import { parseScope } from './scope.parser';
import type { ScopeKind, ValidScope } from './scope.types';
import { extractServerId } from './server-id.extractor';
import { isValidServerId } from './server-id.validator';

export interface ScopeRequest {
  /** An MCP method from CAPABILITY_MATRIX, or DIRECT_PROXY_METHOD. */
  readonly method: string;
  /** The item asked for or listed: tool or prompt name, resource URI, template URI, server id. */
  readonly target: string;
  /** The server the caller already knows the target belongs to; wins over extraction. */
  readonly serverId?: string;
}

export interface ScopeContext {
  /** A server's categories now: read at decision time so tag changes apply immediately. */
  categoriesOf(serverId: string): readonly string[];
  /** Gateway configuration of native tool prefixes; see DEFAULT_NATIVE_TOOL_PREFIXES. */
  readonly nativeToolPrefixes?: Readonly<Record<string, string>>;
  /** The registered server ids, when known: names are then split as routing splits them (splitNamespacedName). */
  readonly serverIds?: readonly string[];
}

export type ScopeDenialReason =
  /** The key has no scope list, or an empty one. */
  | 'no-scope-list'
  /** Some entry of the list does not parse; the whole list denies (see README). */
  | 'invalid-scope-list'
  /** The method is not in the capability matrix: fail closed. */
  | 'method-not-covered'
  | 'no-matching-scope';

export type ScopeDecision =
  /** `matchedScope` is the canonical scope that allowed it; absent for search_tools. */
  | { readonly allowed: true; readonly matchedScope?: string }
  | { readonly allowed: false; readonly reason: ScopeDenialReason };

type TargetMatcher = (scope: ValidScope) => boolean;

export function decideScopeAccess(
  scopes: readonly string[] | null | undefined,
  request: ScopeRequest,
  context: ScopeContext,
): ScopeDecision {
  const parsed = parseScopeList(scopes);
  if (parsed === 'missing' || parsed === 'invalid') {
    return deny(parsed === 'missing' ? 'no-scope-list' : 'invalid-scope-list');
  }
  const kinds = allowedKinds(request.method);
  if (kinds === undefined) {
    return deny('method-not-covered');
  }
  if (kinds === 'any-valid-scope-list') {
    return { allowed: true };
  }
  const matches = targetMatcher(request, context);
  const match = parsed.find((scope) => kinds.includes(scope.kind) && matches(scope));
  return match ? { allowed: true, matchedScope: formatScope(match) } : deny('no-matching-scope');
}

export function scopesCover(
  scopes: readonly string[] | null | undefined,
  request: ScopeRequest,
  context: ScopeContext,
): boolean {
  return decideScopeAccess(scopes, request, context).allowed;
}

/** Meta-Mode `execute_tool`: the inner tool is authorized exactly like a `tools/call`. */
export function executeToolRequest(innerToolName: string, serverId?: string): ScopeRequest {
  return { method: 'tools/call', target: innerToolName, serverId };
}

/** The direct proxy `/{targetServerId}`: only `*`, `server:` and `category:` can allow it. */
export function directProxyRequest(targetServerId: string): ScopeRequest {
  return { method: DIRECT_PROXY_METHOD, target: targetServerId, serverId: targetServerId };
}

function parseScopeList(scopes: readonly string[] | null | undefined): ValidScope[] | 'missing' | 'invalid' {
  if (!Array.isArray(scopes) || scopes.length === 0) {
    return 'missing';
  }
  const parsed: ValidScope[] = [];
  for (const scope of scopes as readonly unknown[]) {
    const result = parseScope(scope);
    if (result.kind === 'invalid') {
      return 'invalid';
    }
    parsed.push(result);
  }
  return parsed;
}

// Follows `as-method` entries; the matrix is static and a test checks they end in a
// `scoped` entry, so this cannot loop.
function allowedKinds(method: string): readonly ScopeKind[] | 'any-valid-scope-list' | undefined {
  const coverage = coverageOf(method);
  switch (coverage?.rule) {
    case undefined:
      return undefined;
    case 'scoped':
      return coverage.kinds;
    case 'any-valid-scope-list':
      return 'any-valid-scope-list';
    case 'as-method':
      return allowedKinds(coverage.method);
  }
}

function targetMatcher(request: ScopeRequest, context: ScopeContext): TargetMatcher {
  const target = comparableName(request.target);
  const serverId = targetServerId(request, target, context);
  let categories: readonly string[] | undefined;
  // Looked up lazily and once: most keys have no category scope, and the lookup may not be free.
  const categoriesOfTarget = (id: string): readonly string[] =>
    (categories ??= parseCategories(context.categoriesOf(id)));
  return (scope) => {
    switch (scope.kind) {
      case 'global':
        return true;
      case 'server':
        return serverId === scope.serverId;
      case 'category':
        return serverId !== undefined && categoriesOfTarget(serverId).includes(scope.category);
      case 'tool':
      case 'prompt':
      case 'resource':
      case 'resource_template':
      case 'completion':
        return target === scope.target;
    }
  };
}

function targetServerId(request: ScopeRequest, target: string, context: ScopeContext): string | undefined {
  if (request.serverId !== undefined) {
    // An explicit but malformed id denies server and category scopes rather than falling back
    // to the target, which could name a different server.
    const explicit = comparableName(request.serverId);
    return isValidServerId(explicit) ? explicit : undefined;
  }
  if (request.method === DIRECT_PROXY_METHOD) {
    return isValidServerId(target) ? target : undefined;
  }
  return extractServerId(target, {
    ...(context.nativeToolPrefixes === undefined ? {} : { nativeToolPrefixes: context.nativeToolPrefixes }),
    ...(context.serverIds === undefined ? {} : { serverIds: context.serverIds }),
  });
}

function deny(reason: ScopeDenialReason): ScopeDecision {
  return { allowed: false, reason };
}
