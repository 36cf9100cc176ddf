// The client-facing MCP endpoints (spec 4.1) by method and path, and the view each one serves:
// `/sse` is Meta-Mode (`?meta=false` for the aggregated catalog), `/mcp` the aggregated catalog,
// `/{serverId}` one backend directly. Shared by the Nest controllers and the MCP front door, so
// both routes lead to the same behaviour: each route names its handler, a function of this file.
import type { ServerResponse } from 'node:http';
import type { GatewayMode } from '../views/gateway-mode';
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

/** `GET /sse`: Meta-Mode (aggregated with `?meta=false`), a legacy session or a session's stream. */
export function getSse(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
): Promise<void> {
  return openStream(transport, request, response, sseMode(request));
}

export function postSse(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
): Promise<void> {
  return transport.postStreamable(request, response, sseMode(request));
}

export function deleteSse(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
): Promise<void> {
  return transport.deleteSession(request, response, sseMode(request));
}

/** `POST /message?sessionId=…`: a message for a legacy HTTP+SSE session, whatever its view. */
export function postMessage(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
): Promise<void> {
  return transport.postLegacyMessage(request, response);
}

export async function getMcp(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
): Promise<void> {
  // Streamable HTTP only: a GET without a session has no stream to open (405, not 400).
  if (headerOf(request, SESSION_HEADER) === undefined) {
    response.setHeader('Allow', 'POST, DELETE');
    sendError(response, 405, 'Method Not Allowed: open a session with POST initialize first');
    return;
  }
  await transport.openSessionStream(request, response, AGGREGATE);
}

export function postMcp(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
): Promise<void> {
  return transport.postStreamable(request, response, AGGREGATE);
}

export function deleteMcp(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
): Promise<void> {
  return transport.deleteSession(request, response, AGGREGATE);
}

export function getDirect(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
  serverId: string,
): Promise<void> {
  return openStream(transport, request, response, direct(serverId));
}

export function postDirect(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
  serverId: string,
): Promise<void> {
  return transport.postStreamable(request, response, direct(serverId));
}

export function deleteDirect(
  transport: McpHttpTransport,
  request: McpRequest,
  response: ServerResponse,
  serverId: string,
): Promise<void> {
  return transport.deleteSession(request, response, direct(serverId));
}

export type McpMethod = 'GET' | 'POST' | 'DELETE';

export interface FixedRoute {
  readonly method: McpMethod;
  readonly path: '/sse' | '/message' | '/mcp';
  readonly handler: McpEndpoint;
}

export interface DirectRoute {
  readonly method: McpMethod;
  readonly path: '/:serverId';
  readonly handler: DirectEndpoint;
}

/**
 * Every MCP route, once. The front door looks requests up here; McpController and
 * DirectProxyController mount the same handlers as Nest routes (mcp-routes.spec.ts holds them to it).
 */
export const FIXED_ROUTES: readonly FixedRoute[] = [
  { method: 'GET', path: '/sse', handler: getSse },
  { method: 'POST', path: '/sse', handler: postSse },
  { method: 'DELETE', path: '/sse', handler: deleteSse },
  { method: 'POST', path: '/message', handler: postMessage },
  { method: 'GET', path: '/mcp', handler: getMcp },
  { method: 'POST', path: '/mcp', handler: postMcp },
  { method: 'DELETE', path: '/mcp', handler: deleteMcp },
];

export const DIRECT_ROUTES: readonly DirectRoute[] = [
  { method: 'GET', path: '/:serverId', handler: getDirect },
  { method: 'POST', path: '/:serverId', handler: postDirect },
  { method: 'DELETE', path: '/:serverId', handler: deleteDirect },
];

const FIXED_BY_KEY: ReadonlyMap<string, McpEndpoint> = new Map(
  FIXED_ROUTES.map((route) => [`${route.method} ${route.path}`, route.handler]),
);

const DIRECT_BY_METHOD: ReadonlyMap<string, DirectEndpoint> = new Map(
  DIRECT_ROUTES.map((route) => [route.method, route.handler]),
);

/** The endpoint at exactly this method and path (`/sse`, `/message`, `/mcp`), if there is one. */
export function fixedEndpoint(method: string, path: string): McpEndpoint | undefined {
  return FIXED_BY_KEY.get(`${method} ${path}`);
}

/** The direct-proxy endpoint for a method (`/{serverId}`), if there is one. */
export function directEndpoint(method: string): DirectEndpoint | undefined {
  return DIRECT_BY_METHOD.get(method);
}
