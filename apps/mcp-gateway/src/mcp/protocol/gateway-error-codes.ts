// JSON-RPC error codes the gateway answers with besides the ones spec section 7 lists
// (`JsonRpcErrorCode` in @platform/jsonrpc). All are implementation-defined server errors: neither
// JSON-RPC nor MCP's legacy revisions have a code for them. docs/mcp-errors.md lists every code a
// client can receive, and gateway-error-codes.spec.ts holds that table to these enums.
export const GatewayErrorCode = {
  /** The authorization pipeline refused the item (-32003 as in several MCP servers; decision 010). */
  PermissionDenied: -32003,
  /** No new session: the caller's quota or the gateway's cap is reached (decision 021). */
  SessionLimitReached: -32000,
  /** 2026-07-28: a routing header disagrees with the body (the legacy era's -32020 means ConnectionClosed). */
  HeaderMismatch: -32020,
  /** 2026-07-28: an enveloped request names a revision the gateway does not serve. */
  UnsupportedProtocolVersion: -32022,
} as const;

export type GatewayErrorCode = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];
