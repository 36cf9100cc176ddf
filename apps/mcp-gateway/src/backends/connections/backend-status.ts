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
