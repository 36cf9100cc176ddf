// /mcp: the curation API's MCP endpoint (Streamable HTTP, official SDK, through the kit's
// McpNodeEndpoint: the 2026-07-28 protocol and, statelessly, 2025-era clients). Callers authenticate with a curation API key only (X-Api-Key or Authorization: Bearer), through
// the same authorizer as every route; sessions and cookies are not accepted (docs/decisions/045).
import { All, Controller, Logger, type OnModuleDestroy, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { McpNodeEndpoint } from '@platform/service-kit';
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
  private readonly endpoint: McpNodeEndpoint;

  constructor(servers: CurationMcpServerFactory) {
    this.endpoint = new McpNodeEndpoint((auth) => servers.create(callerOf(auth)), new Logger('Mcp'));
  }

  @All()
  @ApiExcludeEndpoint()
  async handle(
    @Req() request: Request,
    @Res() response: Response,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    // Who calls reaches the server factory; the key itself is never passed on.
    await this.endpoint.serve(request, response, {
      token: '',
      clientId: actorName(caller),
      scopes: [],
      extra: { caller },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.endpoint.close();
  }
}

function callerOf(authInfo: AuthInfo | undefined): Caller {
  // Set by handle() above for every request that reaches the SDK.
  const caller = authInfo?.extra?.['caller'] as Caller | undefined;
  if (caller === undefined) throw new Error('MCP request without an authenticated caller');
  return caller;
}
