// JSON-RPC error codes the gateway answers with besides the ones spec section 7 lists
// (`JsonRpcErrorCode` in @platform/jsonrpc). Both are implementation-defined server errors: neither
// JSON-RPC nor MCP has a code for them. docs/mcp-errors.md lists every code a client can receive,
// and gateway-error-codes.spec.ts holds that table to these two enums.
export const GatewayErrorCode = {
  /** The authorization pipeline refused the item (-32003 as in several MCP servers; decision 010). */
  PermissionDenied: -32003,
  /** No new session: the caller's quota or the gateway's cap is reached (decision 021). */
  SessionLimitReached: -32000,
} as const;

export type GatewayErrorCode = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];
