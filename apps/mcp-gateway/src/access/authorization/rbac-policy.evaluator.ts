// Step 4 of the pipeline, second half: which policy rows decide (spec 5.1). Any matching deny
// wins, else any matching allow grants, else nothing matched and the pipeline denies.
import type { AccessPolicyRow } from './authorization.types';
import type { EffectiveGroups } from './group-mapping';
import { normalizeGroupIdentifier } from './identifier.normalizer';
import { normalizePolicyTargetId } from './rbac-target-keys';

export type PolicyVerdict =
  | { readonly outcome: 'deny'; readonly row: AccessPolicyRow }
  | { readonly outcome: 'allow'; readonly row: AccessPolicyRow }
  | { readonly outcome: 'no-match' };

/**
 * Rows are compared normalized (trimmed, ASCII letters lowercased, SIDs canonical). A row with a blank TargetId or
 * RequiredGroup matches nothing; there are no wildcards. When several rows decide alike, the
 * smallest one is reported, so the verdict does not depend on the order rows were read in.
 */
export function evaluatePolicies(
  policies: readonly AccessPolicyRow[],
  targetKeys: readonly string[],
  groups: EffectiveGroups,
): PolicyVerdict {
  const keys = new Set(targetKeys);
  let deny: AccessPolicyRow | undefined;
  let allow: AccessPolicyRow | undefined;
  for (const row of policies) {
    const targetId = normalizePolicyTargetId(row.targetId);
    const group = normalizeGroupIdentifier(row.requiredGroup);
    if (targetId === undefined || group === undefined || !keys.has(targetId)) {
      continue;
    }
    // Only exactly 1 allows: a corrupted IsAllowed must not grant.
    if (row.isAllowed !== 1 && groups.forDeny.has(group)) {
      deny = smaller(deny, row);
    } else if (row.isAllowed === 1 && groups.forAllow.has(group)) {
      allow = smaller(allow, row);
    }
  }
  if (deny !== undefined) {
    return { outcome: 'deny', row: deny };
  }
  return allow === undefined ? { outcome: 'no-match' } : { outcome: 'allow', row: allow };
}

function smaller(current: AccessPolicyRow | undefined, candidate: AccessPolicyRow): AccessPolicyRow {
  return current === undefined || compareRows(candidate, current) < 0 ? candidate : current;
}

function compareRows(left: AccessPolicyRow, right: AccessPolicyRow): number {
  return (
    compareText(left.targetId, right.targetId) ||
    compareText(left.requiredGroup, right.requiredGroup) ||
    compareText(String(left.isAllowed), String(right.isAllowed)) ||
    compareText(left.identitySource ?? '', right.identitySource ?? '')
  );
}

function compareText(left: string, right: string): number {
  if (left === right) {
    return 0;
  }
  return left < right ? -1 : 1;
}
