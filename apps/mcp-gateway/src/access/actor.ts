// The caller of an administrative use case: who they are, whether they are an administrator,
// and where the request came from (for the audit log).
import type { Principal } from './principal';

export interface Actor {
  readonly principal: Principal;
  readonly isAdministrator: boolean;
  readonly sourceAddress?: string;
}

/** Who did it, for the audit log: the name, where the name comes from, and the request's address. */
export function auditedActor(actor: Actor): {
  username: string;
  identitySource: string;
  sourceAddress?: string;
} {
  return {
    username: actor.principal.username,
    identitySource: actor.principal.identitySource,
    sourceAddress: actor.sourceAddress,
  };
}
