// The MCP routes are mounted twice: the front door looks them up in FIXED_ROUTES and
// DIRECT_ROUTES, and Nest serves the same paths through McpController and DirectProxyController
// (for requests the front door leaves to Express). This keeps the two mounts one set of routes:
// the same methods and paths, and each doing what its table entry does.
import { describe, expect, it } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { ServerResponse } from 'node:http';
import { DirectProxyController } from './direct-proxy.controller';
import { DIRECT_ROUTES, FIXED_ROUTES } from './mcp-endpoints';
import type { McpRequest } from './mcp-http';
import type { McpHttpTransport } from './mcp-http.transport';
import { McpController } from './mcp.controller';

interface MountedRoute {
  readonly method: string;
  readonly path: string;
  readonly name: string;
}

function mountedRoutes(controller: { readonly prototype: object }): MountedRoute[] {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype).flatMap((name) => {
    const handler = prototype[name];
    if (typeof handler !== 'function') return [];
    const path: unknown = Reflect.getMetadata(PATH_METADATA, handler);
    const method: unknown = Reflect.getMetadata(METHOD_METADATA, handler);
    if (typeof path !== 'string' || typeof method !== 'number') return [];
    return [{ method: RequestMethod[method] ?? String(method), path: `/${path.replace(/^\//, '')}`, name }];
  });
}

/** A transport that records which of its entry points was called, and in which view. */
function recordingTransport(): { transport: McpHttpTransport; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record =
    (entry: string) =>
    async (_request: unknown, _response: unknown, mode?: unknown): Promise<void> => {
      calls.push(mode === undefined ? [entry] : [entry, mode]);
    };
  const transport = {
    openLegacyStream: record('openLegacyStream'),
    openSessionStream: record('openSessionStream'),
    postStreamable: record('postStreamable'),
    postLegacyMessage: record('postLegacyMessage'),
    deleteSession: record('deleteSession'),
  } as unknown as McpHttpTransport;
  return { transport, calls };
}

const requests: ReadonlyArray<readonly [string, McpRequest]> = [
  ['with a session', { headers: { 'mcp-session-id': 'session-1' }, query: {} } as unknown as McpRequest],
  [
    'with ?meta=false',
    { headers: { 'mcp-session-id': 'session-1' }, query: { meta: 'false' } } as unknown as McpRequest,
  ],
];
const response = {} as ServerResponse;

describe('MCP routes', () => {
  it('are the same methods and paths in the route table and in the Nest controllers', () => {
    const table = [...FIXED_ROUTES, ...DIRECT_ROUTES].map(({ method, path }) => `${method} ${path}`).sort();
    const mounted = [...mountedRoutes(McpController), ...mountedRoutes(DirectProxyController)]
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(mounted).toEqual(table);
  });

  it.each(requests)(
    'do the same through McpController as through the front door (%s)',
    async (_label, request) => {
      for (const mounted of mountedRoutes(McpController)) {
        const route = FIXED_ROUTES.find(
          ({ method, path }) => method === mounted.method && path === mounted.path,
        );
        const viaTable = recordingTransport();
        const viaNest = recordingTransport();
        await route?.handler(viaTable.transport, request, response);
        const controller = new McpController(viaNest.transport) as unknown as Record<
          string,
          (request: McpRequest, response: ServerResponse) => Promise<void>
        >;
        await controller[mounted.name]?.(request, response);
        expect({ route: mounted, calls: viaNest.calls }).toEqual({ route: mounted, calls: viaTable.calls });
        expect(viaNest.calls).toHaveLength(1);
      }
    },
  );

  it.each(requests)(
    'do the same through DirectProxyController as through the front door (%s)',
    async (_label, request) => {
      for (const mounted of mountedRoutes(DirectProxyController)) {
        const route = DIRECT_ROUTES.find(({ method }) => method === mounted.method);
        const viaTable = recordingTransport();
        const viaNest = recordingTransport();
        await route?.handler(viaTable.transport, request, response, 'files');
        const controller = new DirectProxyController(viaNest.transport) as unknown as Record<
          string,
          (serverId: string, request: McpRequest, response: ServerResponse) => Promise<void>
        >;
        await controller[mounted.name]?.('files', request, response);
        expect({ route: mounted, calls: viaNest.calls }).toEqual({ route: mounted, calls: viaTable.calls });
        expect(viaNest.calls).toHaveLength(1);
      }
    },
  );
});
