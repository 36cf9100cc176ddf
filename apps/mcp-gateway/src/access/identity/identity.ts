// Who a principal is, wherever one identity is matched with another: key owners, "a key for someone
// else", quotas, `user:` group mappings and session owners. Two identities are one exactly when
// their sources are the same and their names are one name there (user-names.ts; OIDC subjects
// exactly). Names never meet across sources, and rows that own nothing match nobody.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../principal';
import { userNameKey } from '../../user-names/user-names';
import { comparesNamesExactly, type IdentitySource, ownsNothing } from './identity-source';

export interface Identity {
  readonly source: IdentitySource;
  readonly name: string;
}

/**
 * The identity a principal acts as: the signed-in person, the administrator key, or for an AppKey
 * the key's owner (whose `user:` mappings it gets). Sessions of AppKeys are told apart by key too.
 */
export function identityOf(principal: Principal): Identity {
  return { source: principal.identitySource, name: principal.username };
}

/** The form in which the name is compared within its source. */
export function nameKeyOf(identity: Identity): string {
  return comparesNamesExactly(identity.source) ? identity.name : userNameKey(identity.name);
}

export function isSameIdentity(left: Identity, right: Identity): boolean {
  return !ownsNothing(left.source) && left.source === right.source && nameKeyOf(left) === nameKeyOf(right);
}

/**
 * One string per identity, equal exactly when isSameIdentity says so (for Map keys and logs).
 * JSON keeps the two parts apart whatever characters a name or an issuer holds.
 */
export function identityKeyOf(identity: Identity): string {
  // An identity that owns nothing is not even itself: its key never repeats.
  if (ownsNothing(identity.source)) return JSON.stringify([identity.source, randomUUID()]);
  return JSON.stringify([identity.source, nameKeyOf(identity)]);
}
