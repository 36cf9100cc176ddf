// Step 3 of the pipeline (spec 5.1): who skips RBAC. Only a real SID equal to the configured
// administrator group SID or the `full_admin` claim counts: role names, group names spelled like
// the SID and mapped internal groups come from places a user or operator can type into.
import { isMachineCaller, type Principal } from '../principal';
import type { AdminBypassBasis } from './authorization.types';
import { normalizeGroupIdentifier } from './identifier.normalizer';

/** Config `Admin:GroupSid` default: BUILTIN\Administrators. */
export const DEFAULT_ADMIN_GROUP_SID = 'S-1-5-32-544';

/**
 * Why this principal bypasses RBAC, or undefined. AppKey principals never do (spec 5.1
 * "Ownership": machine tokens never gain administrator rights), whatever SIDs or claims they carry.
 */
export function adminBypassBasis(principal: Principal, adminGroupSid: string): AdminBypassBasis | undefined {
  if (isMachineCaller(principal)) {
    return undefined;
  }
  if (holdsAdminSid(principal.sids, adminGroupSid)) {
    return 'admin-sid';
  }
  return principal.fullAdminClaim === true ? 'full-admin-claim' : undefined;
}

/** A blank configured SID matches nothing, so a misconfiguration cannot make everyone an administrator. */
export function isAdminSid(identifier: string, adminGroupSid: string): boolean {
  const admin = normalizeGroupIdentifier(adminGroupSid);
  return admin !== undefined && normalizeGroupIdentifier(identifier) === admin;
}

function holdsAdminSid(sids: readonly string[], adminGroupSid: string): boolean {
  return sids.some((sid) => isAdminSid(sid, adminGroupSid));
}
