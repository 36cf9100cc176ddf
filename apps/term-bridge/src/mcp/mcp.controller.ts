// /mcp: the bridge's MCP endpoint (Streamable HTTP, same bearer key as the chat API). The SDK's
// handler serves both protocol eras and builds one server instance per request.
import { All, Controller, Logger, type OnModuleDestroy, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { type NodeMcpRequestHandler, toNodeHandler } from '@modelcontextprotocol/node';
import { type AuthInfo, createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { Caller } from '../auth/api-key.verifier';
import { BridgeRoles, CurrentCaller } from '../auth/bearer-auth.authorizer';
import { McpToolsFactory } from './mcp-tools.factory';

@ApiTags('mcp')
@ApiBearerAuth()
@BridgeRoles('client')
@Controller('mcp')
export class McpController implements OnModuleDestroy {
  private readonly logger = new Logger('Mcp');
  private readonly handler: McpHttpHandler;
  private readonly serve: NodeMcpRequestHandler;

  constructor(tools: McpToolsFactory) {
    this.handler = createMcpHandler(
      (context) => tools.create({ keyId: context.authInfo?.clientId ?? 'anonymous' }),
      {
        onerror: (error) => this.logger.warn({ err: error }, 'MCP request failed'),
      },
    );
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
    // The SDK passes `req.auth` to the server factory; the key itself is never handed on.
    request.auth = { token: '', clientId: caller.keyId, scopes: [] };
    await this.serve(request, response, request.method === 'POST' ? request.body : undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.handler.close();
  }
}
