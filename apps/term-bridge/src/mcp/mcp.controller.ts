// /mcp: the bridge's MCP endpoint (Streamable HTTP, same bearer key as the chat API), through the
// kit's McpNodeEndpoint: both protocol eras, one server instance per request.
import { All, Controller, Logger, type OnModuleDestroy, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
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
    );
  }

  @All()
  @ApiExcludeEndpoint()
  async handle(
    @Req() request: Request,
    @Res() response: Response,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    // The key's id reaches the server factory; the key itself is never handed on.
    await this.endpoint.serve(request, response, { token: '', clientId: caller.keyId, scopes: [] });
  }

  async onModuleDestroy(): Promise<void> {
    await this.endpoint.close();
  }
}
