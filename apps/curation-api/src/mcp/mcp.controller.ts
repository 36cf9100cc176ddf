// /mcp: the curation API's MCP endpoint (official SDK, through the kit's McpNodeEndpoint):
// Streamable HTTP (the 2026-07-28 protocol and, statelessly, 2025-era clients) and legacy HTTP+SSE
// (GET /mcp opens the event stream, POST /mcp/messages?sessionId=… carries the messages;
// docs/decisions/047). Callers authenticate with a curation API key only (X-Api-Key or
// Authorization: Bearer), through the same authorizer as every route; sessions and cookies are not
// accepted (docs/decisions/045).
import { All, Controller, Logger, type OnModuleDestroy, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { McpNodeEndpoint } from '@platform/service-kit';
import type { Request, Response } from 'express';
import { ApiKeysOnly } from '../access/accepted-credentials';
import { type Caller, CurrentCaller } from '../access/caller';
import { SignedIn } from '../access/curation-roles';
import { CurationMcpServerFactory } from './curation-mcp-server.factory';

@ApiTags('mcp')
@Controller('mcp')
@SignedIn()
@ApiKeysOnly()
export class McpController implements OnModuleDestroy {
  private readonly endpoint: McpNodeEndpoint;

  constructor(servers: CurationMcpServerFactory) {
    this.endpoint = new McpNodeEndpoint((auth) => servers.create(callerOf(auth)), new Logger('Mcp'), {
      messagesPath: '/mcp/messages',
    });
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

/**
 * Who calls, for the SDK: the caller itself reaches the server factory (the key never does), and
 * `clientId` is the key's identity, which a legacy session is bound to (names of keys may repeat).
 */
function authInfoOf(caller: Caller): AuthInfo {
  return { token: '', clientId: ownerOf(caller), scopes: [], extra: { caller } };
}

function ownerOf(caller: Caller): string {
  switch (caller.kind) {
    case 'api-key':
      return `api-key:${caller.keyId}`;
    case 'bootstrap':
      return 'bootstrap-api-key';
    case 'user':
      return `user:${caller.userId}`;
  }
}

function callerOf(authInfo: AuthInfo | undefined): Caller {
  // Set by handle() above for every request that reaches the SDK.
  const caller = authInfo?.extra?.['caller'] as Caller | undefined;
  if (caller === undefined) throw new Error('MCP request without an authenticated caller');
  return caller;
}
