// Which callers a policy or mapping row scoped to an identity source speaks about: the people who
// signed in from that source, whose groups, roles and SIDs that source stated. A row without a
// source speaks about everyone, as the spec's rows do. AppKeys and administrator keys are never
// in a source's scope: their roles come from the gateway, not from an identity provider
// (docs/decisions/019, "Identity sources").
import { ownsNothing } from '../identity/identity-source';
import type { Principal } from '../principal';

export function isInSourceScope(rowSource: string | null | undefined, principal: Principal): boolean {
  if (rowSource === undefined || rowSource === null) return true;
  const signedIn = principal.method === 'sso-header' || principal.method === 'oauth';
  return signedIn && !ownsNothing(rowSource) && rowSource === principal.identitySource;
}
