// Client-facing denial texts. The AppKey rejection is fixed by spec 5.1; the tools/call text is
// the capability matrix's JSON-RPC error; the others follow the same pattern so a client always
// learns which target it may not use and nothing about why (the policy stays in the audit log).
import { DIRECT_PROXY_METHOD, coverageOf } from '@platform/scopes';
import type { CoveredMethod } from '@platform/scopes';

/** Spec 5.1 step 1: 403 for an AppKey whose scopes do not cover the target (as requested). */
export function scopeRejectionMessage(target: string): string {
  return `AppKey rejected: requested target '${target}' is outside the key's allowed scopes`;
}

const PERMISSION_PHRASES: Readonly<Record<CoveredMethod, string>> = {
  'tools/list': 'see tool',
  'tools/call': 'execute tool',
  'prompts/list': 'see prompt',
  'prompts/get': 'get prompt',
  'resources/list': 'see resource',
  'resources/read': 'read resource',
  'resources/templates/list': 'see resource template',
  'completion/complete': 'complete',
  search_tools: 'execute tool',
  // Meta-Mode names the inner tool, which is the request target.
  execute_tool: 'execute tool',
  [DIRECT_PROXY_METHOD]: 'access server',
};

/**
 * RBAC denial text per method; tools/call and execute_tool give exactly
 * `User does not have permission to execute tool '<name>'`.
 */
export function permissionDeniedMessage(method: string, target: string): string {
  if (!isCoveredMethod(method)) {
    return `User does not have permission to call method '${method}'`;
  }
  return `User does not have permission to ${PERMISSION_PHRASES[method]} '${target}'`;
}

export function isCoveredMethod(method: string): method is CoveredMethod {
  return coverageOf(method) !== undefined;
}
