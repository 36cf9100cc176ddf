// The caller of an administrative use case: who they are, whether they are an administrator,
// and where the request came from (for the audit log).
import type { Principal } from './principal';

export interface Actor {
  readonly principal: Principal;
  readonly isAdministrator: boolean;
  readonly sourceAddress?: string;
}
