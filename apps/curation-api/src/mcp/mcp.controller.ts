// /mcp: the curation API's MCP endpoint (Streamable HTTP, official SDK). The SDK's handler serves
// the 2026-07-28 protocol and, statelessly, 2025-era clients, with one server instance per request.
// Callers authenticate with a curation API key only (X-Api-Key or Authorization: Bearer), through
// the same authorizer as every route; sessions and cookies are not accepted (docs/decisions/045).
import { All, Controller, Logger, type OnModuleDestroy, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { type NodeMcpRequestHandler, toNodeHandler } from '@modelcontextprotocol/node';
import { type AuthInfo, createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import { ApiKeysOnly } from '../access/accepted-credentials';
import { actorName, type Caller, CurrentCaller } from '../access/caller';
import { SignedIn } from '../access/curation-roles';
import { CurationMcpServerFactory } from './curation-mcp-server.factory';

@ApiTags('mcp')
@Controller('mcp')
@SignedIn()
@ApiKeysOnly()
export class McpController implements OnModuleDestroy {
  private readonly logger = new Logger('Mcp');
  private readonly handler: McpHttpHandler;
  private readonly serve: NodeMcpRequestHandler;

  constructor(servers: CurationMcpServerFactory) {
    this.handler = createMcpHandler((context) => servers.create(callerOf(context.authInfo)), {
      onerror: (error) => this.logger.warn({ err: error }, 'MCP request failed'),
    });
    this.serve = toNodeHandler(this.handler, {
      onerror: (error) => this.logger.error({ err: error }, 'MCP adapter failed'),
    });
  }

  @All()
  @ApiExcludeEndpoint()
  async handle(
    @Req() request: Request & { auth?: AuthInfo },
    @Res() response: Response,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    // The SDK hands `req.auth` to the server factory; the key itself is never passed on.
    request.auth = { token: '', clientId: actorName(caller), scopes: [], extra: { caller } };
    await this.serve(request, response, request.method === 'POST' ? request.body : undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.handler.close();
  }
}

function callerOf(authInfo: AuthInfo | undefined): Caller {
  // Set by handle() above for every request that reaches the SDK.
  const caller = authInfo?.extra?.['caller'] as Caller | undefined;
  if (caller === undefined) throw new Error('MCP request without an authenticated caller');
  return caller;
}
