// The gateway authorization pipeline for every MCP request (spec 5.1), as one pure, synchronous
// decision: AppKey scope check, identity and group mapping, administrator bypass, RBAC. It fails
// closed: an unknown method, a missing credential or anything thrown by the context denies.
import {
  DIRECT_PROXY_METHOD,
  decideScopeAccess,
  directProxyRequest,
  executeToolRequest,
} from '@platform/scopes';
import type { ScopeDecision, ScopeRequest } from '@platform/scopes';
import { isMachineCaller, MCP_CLIENT_ROLE, type Principal } from '../principal';
import { adminBypassBasis } from './admin-bypass';
import type {
  AuthorizationContext,
  AuthorizationDecision,
  AuthorizationDenial,
  AuthorizationDenialReason,
  AuthorizationRequest,
  AuthorizationStage,
} from './authorization.types';
import { isCoveredMethod, permissionDeniedMessage, scopeRejectionMessage } from './denial-messages';
import { type EffectiveGroups, resolveEffectiveGroups } from './group-mapping';
import { normalizeIdentifier } from './identifier.normalizer';
import { evaluatePolicies } from './rbac-policy.evaluator';
import { isInSourceScope } from './source-scope';
import { buildRbacTargetKeys } from './rbac-target-keys';

/**
 * Decides one MCP request (or one listed item) for one principal. Pure and synchronous: the
 * caller passes a snapshot of policies and mappings and a category lookup. Denials carry the
 * client-facing message; `cause` (context failures) is for the log only.
 */
export function authorize(
  principal: Principal,
  request: AuthorizationRequest,
  context: AuthorizationContext,
): AuthorizationDecision {
  if (!isCoveredMethod(request.method)) {
    return deny(request, 'request', 'method-not-covered');
  }
  let stage: AuthorizationStage = 'scope';
  try {
    const snapshot = withCategoriesOnce(context);
    const scope = isMachineCaller(principal) ? checkScopes(principal, request, snapshot) : undefined;
    if (scope?.allowed === false) {
      return deny(request, 'scope', scope.reason);
    }
    stage = 'rbac';
    return decideByIdentity(principal, request, snapshot, scope?.matchedScope);
  } catch (cause) {
    return { ...deny(request, stage, 'context-failure'), cause };
  }
}

/** Step 1, AppKey callers only. Scopes only ever narrow: passing here still leads to RBAC. */
function checkScopes(
  principal: Principal,
  request: AuthorizationRequest,
  context: AuthorizationContext,
): ScopeDecision | { readonly allowed: false; readonly reason: 'missing-app-key' } {
  if (principal.appKey === undefined) {
    return { allowed: false, reason: 'missing-app-key' };
  }
  return decideScopeAccess(principal.appKey.scopes, scopeRequest(request), context);
}

function scopeRequest(request: AuthorizationRequest): ScopeRequest {
  switch (request.method) {
    case 'execute_tool':
      return executeToolRequest(request.target, request.serverId);
    case DIRECT_PROXY_METHOD:
      return directProxyRequest(request.serverId ?? request.target);
    default:
      return request;
  }
}

/** Steps 2 to 4. AppKeys never reach the bypass (machine tokens never gain administrator rights). */
function decideByIdentity(
  principal: Principal,
  request: AuthorizationRequest,
  context: AuthorizationContext,
  matchedScope: string | undefined,
): AuthorizationDecision {
  const groups = groupsOf(principal, context);
  const basis = adminBypassBasis(principal, context.adminGroupSid);
  if (basis !== undefined) {
    return { allowed: true, via: 'admin-bypass', basis, effectiveGroups: groups.display };
  }
  const { keys } = buildRbacTargetKeys(rbacRequest(request), context);
  const policies = context.policies.filter((row) => isInSourceScope(row.identitySource, principal));
  const verdict = evaluatePolicies(policies, keys, groups);
  const scope = matchedScope === undefined ? {} : { matchedScope };
  switch (verdict.outcome) {
    case 'deny':
      return { ...deny(request, 'rbac', 'explicit-deny'), deniedBy: verdict.row, ...scope };
    case 'no-match':
      return { ...deny(request, 'rbac', 'no-matching-allow'), ...scope };
    case 'allow':
      return {
        allowed: true,
        via: 'policy',
        matchedPolicy: verdict.row,
        ...scope,
        effectiveGroups: groups.display,
      };
  }
}

const KEY_ROLE = normalizeIdentifier(MCP_CLIENT_ROLE);

/**
 * The caller's groups for RBAC. `McpClient` is the role authentication gives AppKey callers (spec
 * 5.1); the same name presented by an identity source (an SSO group, a token's roles) counts for
 * deny rows but never satisfies an allow row, so a row meant for keys (the seeded `*` row, say)
 * never reaches a person without the scope check keys pass first. An administrator who wants a
 * person in that group maps them to it (GroupMappings), which still counts.
 */
export function groupsOf(principal: Principal, context: AuthorizationContext): EffectiveGroups {
  const groups = resolveEffectiveGroups(principal, context.groupMappings, context.adminGroupSid);
  if (isMachineCaller(principal)) {
    return groups;
  }
  const isKeyRole = (name: string): boolean => normalizeIdentifier(name) === KEY_ROLE;
  const withoutKeyRole: Principal = {
    ...principal,
    groups: principal.groups.filter((group) => !isKeyRole(group)),
    roles: principal.roles.filter((role) => !isKeyRole(role)),
  };
  const { forAllow } = resolveEffectiveGroups(withoutKeyRole, context.groupMappings, context.adminGroupSid);
  return { ...groups, forAllow };
}

/** The direct proxy is evaluated for the server id (spec 5.1 "Direct target proxy check"). */
export function rbacRequest(request: AuthorizationRequest): AuthorizationRequest {
  if (request.method !== DIRECT_PROXY_METHOD) {
    return request;
  }
  const serverId = request.serverId ?? request.target;
  return { method: request.method, target: serverId, serverId };
}

function deny(
  request: AuthorizationRequest,
  stage: AuthorizationStage,
  reason: AuthorizationDenialReason,
): AuthorizationDenial {
  const message =
    stage === 'scope'
      ? scopeRejectionMessage(request.target)
      : permissionDeniedMessage(request.method, request.target);
  return { allowed: false, stage, reason, message };
}

/** Both stages see one category answer, so a tag change between them cannot split the decision. */
function withCategoriesOnce(context: AuthorizationContext): AuthorizationContext {
  const answers = new Map<string, readonly string[]>();
  return {
    categoriesOf(serverId) {
      const known = answers.get(serverId);
      if (known !== undefined) {
        return known;
      }
      const answer = context.categoriesOf(serverId);
      answers.set(serverId, answer);
      return answer;
    },
    groupMappings: context.groupMappings,
    policies: context.policies,
    adminGroupSid: context.adminGroupSid,
    nativeToolPrefixes: context.nativeToolPrefixes,
    ...(context.serverIds === undefined ? {} : { serverIds: context.serverIds }),
  };
}
