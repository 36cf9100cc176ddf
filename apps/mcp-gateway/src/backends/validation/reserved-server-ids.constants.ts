// Server ids a backend may not take: the gateway answers at `/{id}` itself for these paths, or uses
// the name as its own server (`router://`, `logs://`), so such a backend would shadow or be shadowed.

/**
 * `.well-known` and `favicon.ico` already fail `isValidServerId` (dots); they are listed so this one
 * list documents every top-level path the gateway owns.
 */
export const RESERVED_SERVER_IDS: readonly string[] = [
  'sse',
  'mcp',
  'message',
  'messages',
  'health',
  'ready',
  'metrics',
  'docs',
  'api',
  'admin',
  '.well-known',
  'well-known',
  'favicon.ico',
  'router',
  'logs',
  // The administrator dashboard (libs/web/gateway-dashboard), served at `/ui/`.
  'ui',
];

const RESERVED = new Set(RESERVED_SERVER_IDS);

export function isReservedServerId(id: string): boolean {
  return RESERVED.has(id.toLowerCase());
}
