// The client-facing MCP endpoints (spec 4.1) by method and path, and the view each one serves:
// `/sse` is Meta-Mode (`?meta=false` for the aggregated catalog), `/mcp` the aggregated catalog,
// `/{serverId}` one backend directly. Shared by the Nest controllers and the MCP front door, so
// both routes lead to the same behaviour.
import type { ServerResponse } from 'node:http';
import type { GatewayMode } from './gateway-mode';
import { headerOf, type McpRequest } from './mcp-http';
import { type McpHttpTransport, SESSION_HEADER } from './mcp-http.transport';
import { sendError } from './request-guard.service';

export type McpEndpoint = (
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
) => Promise<void>;

export type DirectEndpoint = (
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
  serverId: string,
) => Promise<void>;

const AGGREGATE: GatewayMode = { kind: 'aggregate' };

function sseMode(request: McpRequest): GatewayMode {
  return request.query['meta'] === 'false' ? AGGREGATE : { kind: 'meta' };
}

function direct(serverId: string): GatewayMode {
  return { kind: 'direct', serverId };
}

/** GET on a view: a legacy HTTP+SSE session without a session header, else that session's stream. */
function openStream(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
  mode: GatewayMode,
): Promise<void> {
  return headerOf(request, SESSION_HEADER) === undefined
    ? transport.openLegacyStream(request, response, mode)
    : transport.openSessionStream(request, response, mode);
}

export const MCP_ENDPOINTS = {
  getSse: (transport, request, response) => openStream(transport, request, response, sseMode(request)),
  postSse: (transport, request, response) => transport.postStreamable(request, response, sseMode(request)),
  deleteSse: (transport, request, response) => transport.deleteSession(request, response, sseMode(request)),
  postMessage: (transport, request, response) => transport.postLegacyMessage(request, response),
  getMcp: async (transport, request, response) => {
    // Streamable HTTP only: a GET without a session has no stream to open (405, not 400).
    if (headerOf(request, SESSION_HEADER) === undefined) {
      response.setHeader('Allow', 'POST, DELETE');
      sendError(response, 405, 'Method Not Allowed: open a session with POST initialize first');
      return;
    }
    await transport.openSessionStream(request, response, AGGREGATE);
  },
  postMcp: (transport, request, response) => transport.postStreamable(request, response, AGGREGATE),
  deleteMcp: (transport, request, response) => transport.deleteSession(request, response, AGGREGATE),
} as const satisfies Record<string, McpEndpoint>;

export const DIRECT_ENDPOINTS = {
  get: (transport, request, response, serverId) => openStream(transport, request, response, direct(serverId)),
  post: (transport, request, response, serverId) =>
    transport.postStreamable(request, response, direct(serverId)),
  delete: (transport, request, response, serverId) =>
    transport.deleteSession(request, response, direct(serverId)),
} as const satisfies Record<string, DirectEndpoint>;

const FIXED_ENDPOINTS: ReadonlyMap<string, McpEndpoint> = new Map([
  ['GET /sse', MCP_ENDPOINTS.getSse],
  ['POST /sse', MCP_ENDPOINTS.postSse],
  ['DELETE /sse', MCP_ENDPOINTS.deleteSse],
  ['POST /message', MCP_ENDPOINTS.postMessage],
  ['GET /mcp', MCP_ENDPOINTS.getMcp],
  ['POST /mcp', MCP_ENDPOINTS.postMcp],
  ['DELETE /mcp', MCP_ENDPOINTS.deleteMcp],
]);

const DIRECT_BY_METHOD: ReadonlyMap<string, DirectEndpoint> = new Map([
  ['GET', DIRECT_ENDPOINTS.get],
  ['POST', DIRECT_ENDPOINTS.post],
  ['DELETE', DIRECT_ENDPOINTS.delete],
]);

/** The endpoint at exactly this method and path (`/sse`, `/message`, `/mcp`), if there is one. */
export function fixedEndpoint(method: string, path: string): McpEndpoint | undefined {
  return FIXED_ENDPOINTS.get(`${method} ${path}`);
}

/** The direct-proxy endpoint for a method (`/{serverId}`), if there is one. */
export function directEndpoint(method: string): DirectEndpoint | undefined {
  return DIRECT_BY_METHOD.get(method);
}
