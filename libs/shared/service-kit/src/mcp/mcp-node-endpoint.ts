// A service's own MCP endpoint over Node's HTTP objects, with the official SDK: its handler serves
// the 2026-07-28 protocol and, statelessly, 2025-era clients, with one server instance per request.
// The curation API and the terminal bridge use it behind their controllers, which authenticate
// first and say who is calling in `AuthInfo` (never the credential itself).
import type { Logger } from '@nestjs/common';
import { type NodeMcpRequestHandler, toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  type McpHttpHandler,
  type McpServer,
} from '@modelcontextprotocol/server';
import type { IncomingMessage, ServerResponse } from 'node:http';

export class McpNodeEndpoint {
  private readonly handler: McpHttpHandler;
  private readonly serveNode: NodeMcpRequestHandler;

  /** `createServer` builds the server one request is served by, for the caller `auth` names. */
  constructor(createServer: (auth: AuthInfo | undefined) => McpServer, logger: Logger) {
    this.handler = createMcpHandler((context) => createServer(context.authInfo), {
      onerror: (error) => logger.warn({ err: error }, 'MCP request failed'),
    });
    this.serveNode = toNodeHandler(this.handler, {
      onerror: (error) => logger.error({ err: error }, 'MCP adapter failed'),
    });
  }

  /** Serves one request for an authenticated caller; `body` is the parsed JSON of a POST. */
  serve(
    request: IncomingMessage & { auth?: AuthInfo; body?: unknown; method?: string },
    response: ServerResponse,
    auth: AuthInfo,
  ): Promise<void> {
    request.auth = auth;
    return this.serveNode(request, response, request.method === 'POST' ? request.body : undefined);
  }

  close(): Promise<void> {
    return this.handler.close();
  }
}
