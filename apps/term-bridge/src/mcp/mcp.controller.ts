// /mcp: the bridge's MCP endpoint (same bearer key as the chat API), through the kit's
// McpNodeEndpoint: Streamable HTTP of both protocol eras, one server instance per request, and
// legacy HTTP+SSE (GET /mcp opens the event stream, POST /mcp/messages?sessionId=… carries the
// messages; docs/decisions/047).
import { All, Controller, Logger, type OnModuleDestroy, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { McpNodeEndpoint } from '@platform/service-kit';
import type { Request, Response } from 'express';
import type { Caller } from '../auth/api-key.verifier';
import { BridgeRoles, CurrentCaller } from '../auth/bearer-auth.authorizer';
import { McpToolsFactory } from './mcp-tools.factory';

@ApiTags('mcp')
@ApiBearerAuth()
@BridgeRoles('client')
@Controller('mcp')
export class McpController implements OnModuleDestroy {
  private readonly endpoint: McpNodeEndpoint;

  constructor(tools: McpToolsFactory) {
    this.endpoint = new McpNodeEndpoint(
      (auth) => tools.create({ keyId: auth?.clientId ?? 'anonymous' }),
      new Logger('Mcp'),
      { messagesPath: '/mcp/messages' },
    );
  }

  @All()
  @ApiExcludeEndpoint()
  async handle(
    @Req() request: Request,
    @Res() response: Response,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    await this.endpoint.serve(request, response, authInfoOf(caller));
  }

  /** A message for a legacy HTTP+SSE session, from the key that opened it (202; the answer is on its stream). */
  @Post('messages')
  @ApiExcludeEndpoint()
  async postMessage(
    @Req() request: Request,
    @Res() response: Response,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    await this.endpoint.postLegacyMessage(request, response, authInfoOf(caller));
  }

  async onModuleDestroy(): Promise<void> {
    await this.endpoint.close();
  }
}

/** The key's id reaches the server factory, and binds a legacy session; the key itself is never handed on. */
function authInfoOf(caller: Caller): AuthInfo {
  return { token: '', clientId: caller.keyId, scopes: [] };
}
