// What a denied caller is told besides the fixed message (spec 5.1, capability matrix): which layer
// refused and what would let the request through. It is said in terms the caller already has: the
// target it named, the server that target names, and its own scopes and groups as `GET /api/me`
// shows them. It never names a policy row, another group's rules or a server's categories; the
// administrator's log line carries those (AccessControlService). docs/decisions/023.
import type { Principal } from '../principal';
import { groupsOf, rbacRequest } from './authorization.pipeline';
import { allowGroupNames } from './group-mapping';
import type {
  AuthorizationContext,
  AuthorizationDenial,
  AuthorizationRequest,
  DenialExplanation,
} from './authorization.types';
import { buildRbacTargetKeys, EVERY_TARGET_KEY } from './rbac-target-keys';

/** The explanation for the caller, and what only the administrator's log may show. */
export interface DenialReport {
  readonly explanation: DenialExplanation;
  /** Every RBAC key of the request, categories included. */
  readonly targetKeys: readonly string[];
  /** The caller's groups after mappings, as RBAC saw them. */
  readonly effectiveGroups: readonly string[];
}

/** Said when the rules cannot be read (the database is down, say): everything is denied meanwhile. */
export const RULES_UNAVAILABLE: DenialExplanation = {
  layer: 'rbac',
  reason: 'rules-unavailable',
  hint: 'The access rules could not be read, so everything is denied for now; try again shortly.',
};

/** Key prefixes a caller may be told about: its own target's item keys, its server, and `*`. */
const CALLER_KEY_PREFIXES = [
  'tool:',
  'prompt:',
  'resource:',
  'resource_template:',
  'template:',
  'completion:',
  'server:',
];

/**
 * Explains one denial of `authorize`. Built only for requests a caller is answered about (not for
 * every item a list leaves out), so its cost does not grow with the catalog.
 */
export function explainDenial(
  principal: Principal,
  request: AuthorizationRequest,
  denial: AuthorizationDenial,
  context: AuthorizationContext,
): DenialReport {
  const targetKeys = targetKeysOrNone(request, context);
  const callerKeys = targetKeys.filter(
    (key) => key === EVERY_TARGET_KEY || CALLER_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)),
  );
  const groups = groupsOf(principal, context);
  const allowGroups = allowGroupNames(groups);
  return {
    explanation: explanationOf(denial, request.target, callerKeys, allowGroups),
    targetKeys,
    effectiveGroups: groups.display,
  };
}

function explanationOf(
  denial: AuthorizationDenial,
  target: string,
  keys: readonly string[],
  groups: readonly string[],
): DenialExplanation {
  const layer = denial.stage;
  switch (denial.reason) {
    case 'method-not-covered':
      return {
        layer,
        reason: 'method-not-served',
        hint: 'This method is outside the capability matrix, so it is denied to everyone.',
      };
    case 'no-scope-list':
    case 'invalid-scope-list':
    case 'missing-app-key':
      return {
        layer,
        reason: 'no-usable-scopes',
        hint:
          'AppKey scopes: this key has no usable scope list, so it may use nothing. ' +
          'An administrator issues a key with scopes (POST /api/appkeys).',
      };
    case 'no-matching-scope':
      return {
        layer,
        reason: 'scope-does-not-cover',
        hint:
          `AppKey scopes: this key's scopes do not cover '${target}'. A key with one of these ` +
          `scopes would be let through (access policies still apply): ${keys.join(', ')}.`,
        scopes: keys,
      };
    case 'no-matching-allow':
      return {
        layer,
        reason: 'no-allow-policy',
        hint: noAllowHint(target, keys, groups),
        allowPolicy: { requiredGroups: groups, targetIds: keys },
      };
    case 'explicit-deny':
      return {
        layer,
        reason: 'denied-by-policy',
        hint:
          `Access policies: a deny policy for one of your groups covers '${target}'. A deny wins ` +
          'over every allow, so only an administrator who removes or narrows it can change this.',
      };
    case 'context-failure':
      return { ...RULES_UNAVAILABLE, layer };
  }
}

function noAllowHint(target: string, keys: readonly string[], groups: readonly string[]): string {
  const example = keys.find((key) => key.startsWith('server:')) ?? keys[0] ?? EVERY_TARGET_KEY;
  if (groups.length === 0) {
    return (
      `Access policies: nothing allows '${target}' to you, and you hold no group a policy can ` +
      'name. An administrator maps your user name or one of your groups to a group ' +
      '(POST /api/group-mappings) and allows that group one of these targets: ' +
      `${keys.join(', ')}.`
    );
  }
  const body = JSON.stringify({ targetId: example, requiredGroup: groups[0], isAllowed: 1 });
  return (
    `Access policies: no policy allows '${target}' to your groups (${groups.join(', ')}). An ` +
    `administrator adds an allow row for one of them on one of these targets: ${keys.join(', ')}; ` +
    `for example POST /api/policies ${body}.`
  );
}

/** The request's keys; none when the context itself fails (the denial then says so). */
export function targetKeysOrNone(
  request: AuthorizationRequest,
  context: AuthorizationContext,
): readonly string[] {
  try {
    return buildRbacTargetKeys(rbacRequest(request), context).keys;
  } catch {
    return [];
  }
}
