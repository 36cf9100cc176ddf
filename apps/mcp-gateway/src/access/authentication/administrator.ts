// Who is an administrator of the gateway (spec 5.1 "Administrator bypass", "Ownership"): the
// holder of an administrator key, or a signed-in user with the configured administrator SID or
// the `full_admin` claim. Machine tokens never are, whatever they carry.
import { adminBypassBasis } from '../authorization';
import type { Principal } from '../principal';

export function isAdministrator(principal: Principal, adminGroupSid: string): boolean {
  if (principal.method === 'admin-key') return principal.appKey === undefined;
  return adminBypassBasis(principal, adminGroupSid) !== undefined;
}
