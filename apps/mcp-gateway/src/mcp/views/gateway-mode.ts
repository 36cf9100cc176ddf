// What a client connection shows: Meta-Mode (`/sse`: search_tools and execute_tool over the whole
// catalog), the aggregated catalog (`/mcp`, `/sse?meta=false`), or one backend as it is (`/{serverId}`).
export type GatewayMode =
  | { readonly kind: 'meta' }
  | { readonly kind: 'aggregate' }
  | { readonly kind: 'direct'; readonly serverId: string };
