// The refusal of a new client session when its caller, or the gateway as a whole, already holds
// as many sessions as allowed and none of them may be ended to make room (docs/decisions/021).
import { DomainError } from '@platform/service-kit';
import { McpPathErrorCode, mcpPathErrorKind } from '../mcp.errors';

/** Whose limit was reached: the caller's own quota, or the gateway's cap on all sessions. */
export type SessionLimitScope = 'principal' | 'gateway';

export class SessionLimitReached extends DomainError {
  constructor(
    readonly scope: SessionLimitScope,
    readonly limit: number,
    /** When an idle session could next be ended, in seconds (the `Retry-After` header). */
    readonly retryAfterSeconds: number,
  ) {
    super(
      mcpPathErrorKind(limitCode(scope)),
      limitCode(scope),
      scope === 'principal'
        ? `Too many sessions: this caller already has ${limit} sessions in use ` +
            `(GATEWAY_MAX_SESSIONS_PER_PRINCIPAL); end one (DELETE, or close its stream) and try again`
        : `Too many sessions: the gateway already holds ${limit} sessions in use (GATEWAY_MAX_SESSIONS); ` +
            'try again later',
      { scope, limit },
    );
    this.name = 'SessionLimitReached';
  }
}

function limitCode(scope: SessionLimitScope): McpPathErrorCode {
  return scope === 'principal'
    ? McpPathErrorCode.SessionPrincipalLimit
    : McpPathErrorCode.SessionGatewayLimit;
}
