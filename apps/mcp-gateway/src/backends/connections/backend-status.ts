// What the gateway knows about its link to one backend (spec: "Backend server status values:
// not shown"; docs/decisions/008-backend-connections.md).

export type BackendStatus =
  /** Not connected and not trying (stdio servers before first use, or after close). */
  | 'Disconnected'
  | 'Connecting'
  /** A connection attempt failed or the link dropped; another attempt is scheduled. */
  | 'Retrying'
  /** The MCP handshake succeeded and the last health check passed. */
  | 'Connected'
  /** Cannot work until its definition changes (policy violation, missing secret). */
  | 'Failed'
  | 'Disabled';

export interface BackendState {
  readonly status: BackendStatus;
  /** Failed attempts since the last successful connection. */
  readonly attempts: number;
  readonly lastError?: string;
  /** When the status last changed. */
  readonly since: Date;
  /** Protocol version negotiated with the backend, once connected. */
  readonly protocolVersion?: string;
}

/** Transports whose backend runs only while used: started on the first request (spec 3.1: stdio). */
const ON_DEMAND_TYPES: ReadonlySet<string> = new Set(['stdio']);

export function startsOnDemand(type: string): boolean {
  return ON_DEMAND_TYPES.has(type);
}

/**
 * What an operator should read next to a status, where the status alone misleads: an on-demand
 * backend that is `Disconnected` is not broken, it has not been needed yet (or its process ended
 * and starts again on the next request). Undefined when the status says it all.
 */
export function statusDetail(
  type: string,
  enabled: boolean,
  state: BackendState | undefined,
): string | undefined {
  if (!enabled || !startsOnDemand(type)) return undefined;
  if (state !== undefined && state.status !== 'Disconnected') return undefined;
  return state?.lastError === undefined ? 'idle, starts on first use' : 'stopped, starts again on next use';
}

/** `statusDetail` as an optional field, to spread into a status object. */
export function statusDetailField(
  type: string,
  enabled: boolean,
  state: BackendState | undefined,
): { readonly detail?: string } {
  const detail = statusDetail(type, enabled, state);
  return detail === undefined ? {} : { detail };
}
