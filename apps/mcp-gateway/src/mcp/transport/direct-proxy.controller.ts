// `/{serverId}`: one backend directly, without Meta-Mode and with its tools un-namespaced (spec
// 4.1; behaviour in mcp-endpoints.ts). Its own controller, in a module the gateway registers after
// every other, because the pattern matches any one-segment path and must never shadow another
// route. The MCP front door serves most of these requests before they reach Nest.
import { Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AuthenticatedByTransport, ChecksOriginItself } from '@platform/service-kit';
import type { ServerResponse } from 'node:http';
import { deleteDirect, getDirect, postDirect } from './mcp-endpoints';
import type { McpRequest } from './mcp-http';
import { McpHttpTransport } from './mcp-http.transport';

@ApiExcludeController()
@ChecksOriginItself() // McpRequestGuard applies the rule to every method, answering in JSON-RPC.
@AuthenticatedByTransport('McpRequestGuard, answering in JSON-RPC (also in the MCP front door)')
@Controller()
export class DirectProxyController {
  constructor(private readonly transport: McpHttpTransport) {}

  @Get(':serverId')
  getDirect(
    @Param('serverId') serverId: string,
    @Req() request: McpRequest,
    @Res() response: ServerResponse,
  ): Promise<void> {
    return getDirect(this.transport, request, response, serverId);
  }

  @Post(':serverId')
  postDirect(
    @Param('serverId') serverId: string,
    @Req() request: McpRequest,
    @Res() response: ServerResponse,
  ): Promise<void> {
    return postDirect(this.transport, request, response, serverId);
  }

  @Delete(':serverId')
  deleteDirect(
    @Param('serverId') serverId: string,
    @Req() request: McpRequest,
    @Res() response: ServerResponse,
  ): Promise<void> {
    return deleteDirect(this.transport, request, response, serverId);
  }
}
