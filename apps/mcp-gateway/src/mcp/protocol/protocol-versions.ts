// The MCP revisions the gateway speaks with clients (spec 9 leaves this open; see
// docs/decisions/010-client-facing-mcp.md). Two eras: the `initialize` era (2024-11-05 to
// 2025-11-25), negotiated in the handshake, where a client asking for a revision we do not know is
// offered the latest we have; and the 2026-07-28 era, where every request names its revision in
// `_meta` and an unknown one is refused with -32022 and the list of supported revisions.
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];
/** Revisions without `initialize`: the request envelope (`_meta`) carries version and client. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** Every revision the gateway serves, newest first (server/discover, -32022 data). */
export const ALL_PROTOCOL_VERSIONS: readonly string[] = [
  ...MODERN_PROTOCOL_VERSIONS,
  ...SUPPORTED_PROTOCOL_VERSIONS,
];

export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' &&
    (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
}

export const GATEWAY_SERVER_INFO = { name: 'mcp-gateway', version: '0.1.0' } as const;
