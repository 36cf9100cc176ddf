// The pipeline's decision told layer by layer, for an administrator's "explain" (decision 059). It
// decides nothing: every verdict is read off the one decision `authorize` made, and the details
// (the caller's groups, the request's RBAC keys) come from the functions the pipeline itself uses.
// Unlike a denial's explanation (decision 023) it may name policy rows: it is for administrators,
// who read them all anyway.
import { isMachineCaller, type Principal } from '../principal';
import { groupsOf } from './authorization.pipeline';
import type {
  AccessPolicyRow,
  AuthorizationContext,
  AuthorizationDecision,
  AuthorizationRequest,
} from './authorization.types';
import { targetKeysOrNone } from './denial-explanation';
import { allowGroupNames } from './group-mapping';

export type TraceLayerName = 'request' | 'scope' | 'groups' | 'admin-bypass' | 'rbac';

/**
 * `pass`: the layer let the request on; `allow` / `deny`: the layer decided it; `skip`: the layer
 * does not apply to this caller; `not-reached`: an earlier layer decided; `error`: the layer
 * failed, which denies.
 */
export type TraceVerdict = 'pass' | 'allow' | 'deny' | 'skip' | 'not-reached' | 'error';

export interface TraceLayer {
  readonly layer: TraceLayerName;
  readonly verdict: TraceVerdict;
  /** The verdict in a sentence. */
  readonly reason: string;
  /** scope: the key's scope that covers the target. */
  readonly matchedScope?: string;
  /** groups: every group the caller holds after mappings (deny rows see all of them). */
  readonly effectiveGroups?: readonly string[];
  /** groups: those of them an allow row may name. */
  readonly allowGroups?: readonly string[];
  /** rbac: the request's target keys, most specific first. */
  readonly targetKeys?: readonly string[];
  /** rbac: the row that decided. */
  readonly policy?: AccessPolicyRow;
}

/** The layers of one decision, in the pipeline's order. */
export function traceDecision(
  principal: Principal,
  request: AuthorizationRequest,
  decision: AuthorizationDecision,
  context: AuthorizationContext,
): TraceLayer[] {
  const machine = isMachineCaller(principal);
  const stage = decision.allowed ? 'done' : decision.stage;
  if (stage === 'request') {
    return [
      { layer: 'request', verdict: 'deny', reason: `${request.method} is outside the capability matrix.` },
      ...(['scope', 'groups', 'admin-bypass', 'rbac'] as const).map(notReached),
    ];
  }
  const failed = !decision.allowed && decision.reason === 'context-failure';
  const layers: TraceLayer[] = [
    { layer: 'request', verdict: 'pass', reason: `${request.method} is a method the gateway serves.` },
    scopeLayer(decision, machine),
  ];
  if (stage === 'scope')
    return [...layers, notReached('groups'), notReached('admin-bypass'), notReached('rbac')];
  layers.push(groupsLayer(principal, context));
  if (decision.allowed && decision.via === 'admin-bypass') {
    const basis =
      decision.basis === 'admin-sid' ? 'holds the administrator group SID' : 'has the full_admin claim';
    return [
      ...layers,
      { layer: 'admin-bypass', verdict: 'allow', reason: `The caller ${basis}: policies are not read.` },
      { layer: 'rbac', verdict: 'skip', reason: 'Administrators bypass the access policies.' },
    ];
  }
  layers.push({
    layer: 'admin-bypass',
    verdict: machine ? 'skip' : 'pass',
    reason: machine
      ? 'AppKeys never bypass the policies, whatever they carry.'
      : 'The caller holds neither the administrator group SID nor the full_admin claim.',
  });
  const targetKeys = targetKeysOrNone(request, context);
  if (failed) {
    return [
      ...layers,
      {
        layer: 'rbac',
        verdict: 'error',
        reason: 'The policies could not be applied, so the request is denied.',
        targetKeys,
      },
    ];
  }
  if (decision.allowed) {
    return [
      ...layers,
      {
        layer: 'rbac',
        verdict: 'allow',
        reason: 'An allow policy for one of the groups covers the target, and no deny policy does.',
        targetKeys,
        policy: decision.matchedPolicy,
      },
    ];
  }
  return decision.reason === 'explicit-deny' && decision.deniedBy !== undefined
    ? [
        ...layers,
        {
          layer: 'rbac',
          verdict: 'deny',
          reason: 'A deny policy for one of the groups covers the target; a deny wins over every allow.',
          targetKeys,
          policy: decision.deniedBy,
        },
      ]
    : [
        ...layers,
        {
          layer: 'rbac',
          verdict: 'deny',
          reason: 'No allow policy for any of the groups covers the target (default deny).',
          targetKeys,
        },
      ];
}

function scopeLayer(decision: AuthorizationDecision, machine: boolean): TraceLayer {
  if (!machine) return { layer: 'scope', verdict: 'skip', reason: 'Only AppKeys carry scopes.' };
  if (!decision.allowed && decision.stage === 'scope') {
    return decision.reason === 'context-failure'
      ? {
          layer: 'scope',
          verdict: 'error',
          reason: "The server's categories could not be read, so the request is denied.",
        }
      : {
          layer: 'scope',
          verdict: 'deny',
          reason: SCOPE_REFUSALS[decision.reason] ?? 'No scope of the key covers the target.',
        };
  }
  const matchedScope = decision.allowed
    ? decision.via === 'policy'
      ? decision.matchedScope
      : undefined
    : decision.matchedScope;
  return {
    layer: 'scope',
    verdict: 'pass',
    reason:
      matchedScope === undefined
        ? "The key's scopes let the request on."
        : `The key's scope ${matchedScope} covers the target.`,
    ...(matchedScope === undefined ? {} : { matchedScope }),
  };
}

const SCOPE_REFUSALS: Readonly<Record<string, string>> = {
  'no-scope-list': 'The key has no scope list, so it may use nothing.',
  'invalid-scope-list': "The key's scope list does not parse, so it may use nothing.",
  'missing-app-key': 'The key credential is missing, so nothing is allowed.',
  'no-matching-scope': 'No scope of the key covers the target.',
};

function groupsLayer(principal: Principal, context: AuthorizationContext): TraceLayer {
  const groups = groupsOf(principal, context);
  const allowGroups = allowGroupNames(groups);
  return {
    layer: 'groups',
    verdict: 'pass',
    reason:
      groups.display.length === 0
        ? 'The caller holds no group, so no allow policy can name it.'
        : `The caller holds ${groups.display.length} group(s) after group mappings.`,
    effectiveGroups: groups.display,
    allowGroups,
  };
}

function notReached(layer: TraceLayerName): TraceLayer {
  return { layer, verdict: 'not-reached', reason: 'An earlier layer decided.' };
}
