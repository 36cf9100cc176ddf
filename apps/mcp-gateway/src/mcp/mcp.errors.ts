// Domain errors of the client-facing MCP path, by code. `route.not-found` reaches the client as
// problem+json (a path that names no registered server); the session limits reach it as the
// JSON-RPC error SessionLimitReached (-32000, with `scope` and `limit` as data; docs/mcp-errors.md),
// never by these codes. Each code's kind is given once, by an exhaustive switch.
import type { DomainErrorKind } from '@platform/service-kit';

export const McpPathErrorCode = {
  RouteNotFound: 'route.not-found',
  SessionPrincipalLimit: 'session.principal-limit',
  SessionGatewayLimit: 'session.gateway-limit',
} as const;

export type McpPathErrorCode = (typeof McpPathErrorCode)[keyof typeof McpPathErrorCode];

/** The codes a client can receive as problem+json, for the documentation check. */
export const MCP_PATH_PROBLEM_CODES: readonly McpPathErrorCode[] = [McpPathErrorCode.RouteNotFound];

export function mcpPathErrorKind(code: McpPathErrorCode): DomainErrorKind {
  switch (code) {
    case 'route.not-found':
      return 'not-found';
    case 'session.principal-limit':
      return 'quota-exceeded';
    // The gateway as a whole is full: nothing the caller did.
    case 'session.gateway-limit':
      return 'unavailable';
    default:
      return unknownCode(code);
  }
}

function unknownCode(code: never): never {
  throw new Error(`No kind for the MCP path error code ${String(code)}`);
}
