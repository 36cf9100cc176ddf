// A connection to a backend refused by the network policy at the moment it was made: the host
// resolved (again) to a blocked address, or to none.
import type { BackendUrlDenial, BackendUrlDenialReason } from '../validation';

export class BackendAddressError extends Error {
  /** Like a socket error's code, so callers that name `error.code` in messages show it. */
  readonly code = 'EBACKENDADDRESS';
  readonly reason: BackendUrlDenialReason;

  constructor(denial: BackendUrlDenial) {
    super(`connection refused by the backend network policy: ${denial.message}`);
    this.name = 'BackendAddressError';
    this.reason = denial.reason;
  }
}
