// Spec 5.1 capability matrix as data: which scope kinds can allow each MCP method. The decision
// function reads only this table, so changing who may do what is a one-line, reviewable diff.
import type { ScopeKind } from './scope.types';

/** Pseudo-method for the direct proxy `/{targetServerId}` (spec 5.1 "Direct target proxy check"). */
export const DIRECT_PROXY_METHOD = 'gateway/direct_proxy';

export const MCP_METHODS = [
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'completion/complete',
  'search_tools',
  'execute_tool',
  DIRECT_PROXY_METHOD,
] as const;

export type CoveredMethod = (typeof MCP_METHODS)[number];

export type MethodCoverage =
  /** Allowed when some scope of one of these kinds covers the target. */
  | { readonly rule: 'scoped'; readonly kinds: readonly ScopeKind[] }
  /** Allowed for any valid scope list; the caller filters the results item by item. */
  | { readonly rule: 'any-valid-scope-list' }
  /** Decided as `method` on the same target (execute_tool names an inner tool). */
  | { readonly rule: 'as-method'; readonly method: CoveredMethod };

const scoped = (...kinds: ScopeKind[]): MethodCoverage => ({ rule: 'scoped', kinds });

export const CAPABILITY_MATRIX: Readonly<Record<CoveredMethod, MethodCoverage>> = {
  'tools/list': scoped('global', 'server', 'category', 'tool'),
  'tools/call': scoped('global', 'server', 'category', 'tool'),
  'prompts/list': scoped('global', 'server', 'category', 'prompt'),
  'prompts/get': scoped('global', 'server', 'category', 'prompt'),
  'resources/list': scoped('global', 'server', 'category', 'resource'),
  'resources/read': scoped('global', 'server', 'category', 'resource'),
  'resources/templates/list': scoped('global', 'server', 'category', 'resource_template'),
  // The target is the completion reference: a prompt name or a resource template URI.
  'completion/complete': scoped('global', 'server', 'category', 'prompt', 'resource', 'completion'),
  search_tools: { rule: 'any-valid-scope-list' },
  execute_tool: { rule: 'as-method', method: 'tools/call' },
  [DIRECT_PROXY_METHOD]: scoped('global', 'server', 'category'),
};

/** Methods outside the matrix get undefined, which the decision treats as deny. */
export function coverageOf(method: string): MethodCoverage | undefined {
  return Object.hasOwn(CAPABILITY_MATRIX, method) ? CAPABILITY_MATRIX[method as CoveredMethod] : undefined;
}
