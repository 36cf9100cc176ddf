// The MCP endpoints `/sse`, `/message` and `/mcp` as Nest routes (behaviour in mcp-endpoints.ts).
// Most requests to them never get here: the MCP front door serves them first; these routes take
// what it passes on (spellings such as `/MCP/`, compressed or chunked bodies).
import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AuthenticatedByTransport, ChecksOriginItself } from '@platform/service-kit';
import type { ServerResponse } from 'node:http';
import { deleteMcp, deleteSse, getMcp, getSse, postMcp, postMessage, postSse } from './mcp-endpoints';
import type { McpRequest } from './mcp-http';
import { McpHttpTransport } from './mcp-http.transport';

@ApiExcludeController()
@ChecksOriginItself() // McpRequestGuard applies the rule to every method, answering in JSON-RPC.
@AuthenticatedByTransport('McpRequestGuard, answering in JSON-RPC (also in the MCP front door)')
@Controller()
export class McpController {
  constructor(private readonly transport: McpHttpTransport) {}

  @Get('sse')
  getSse(@Req() request: McpRequest, @Res() response: ServerResponse): Promise<void> {
    return getSse(this.transport, request, response);
  }

  @Post('sse')
  postSse(@Req() request: McpRequest, @Res() response: ServerResponse): Promise<void> {
    return postSse(this.transport, request, response);
  }

  @Delete('sse')
  deleteSse(@Req() request: McpRequest, @Res() response: ServerResponse): Promise<void> {
    return deleteSse(this.transport, request, response);
  }

  @Post('message')
  postMessage(@Req() request: McpRequest, @Res() response: ServerResponse): Promise<void> {
    return postMessage(this.transport, request, response);
  }

  @Get('mcp')
  getMcp(@Req() request: McpRequest, @Res() response: ServerResponse): Promise<void> {
    return getMcp(this.transport, request, response);
  }

  @Post('mcp')
  postMcp(@Req() request: McpRequest, @Res() response: ServerResponse): Promise<void> {
    return postMcp(this.transport, request, response);
  }

  @Delete('mcp')
  deleteMcp(@Req() request: McpRequest, @Res() response: ServerResponse): Promise<void> {
    return deleteMcp(this.transport, request, response);
  }
}
