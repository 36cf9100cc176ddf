// The MCP revisions the gateway speaks with clients (spec 9 leaves this open; see
// docs/decisions/010-client-facing-mcp.md). The 2026-07-28 era has no `initialize`; a client that
// asks for a revision we do not know is offered the latest we have, as the MCP handshake prescribes.
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' &&
    (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
}

export const GATEWAY_SERVER_INFO = { name: 'mcp-gateway', version: '0.1.0' } as const;
