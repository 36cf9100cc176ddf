// Routes of the client-facing MCP endpoints (spec 4.1) to their view: `/sse` is Meta-Mode
// (`?meta=false` for the aggregated catalog), `/mcp` the aggregated catalog; `/{serverId}` (one
// backend directly) is in direct-proxy.controller.ts. These handlers write their own responses
// (streams, JSON-RPC bodies).
import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { GatewayMode } from './gateway-mode';
import { McpHttpTransport } from './mcp-http.transport';
import { sendError } from './request-guard.service';

export const SESSION_HEADER = 'mcp-session-id';

@ApiExcludeController()
@Controller()
export class McpController {
  constructor(private readonly transport: McpHttpTransport) {}

  @Get('sse')
  getSse(@Req() request: Request, @Res() response: Response): Promise<void> {
    const mode = sseMode(request);
    return request.header(SESSION_HEADER) === undefined
      ? this.transport.openLegacyStream(request, response, mode)
      : this.transport.openSessionStream(request, response, mode);
  }

  @Post('sse')
  postSse(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.transport.postStreamable(request, response, sseMode(request));
  }

  @Delete('sse')
  deleteSse(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.transport.deleteSession(request, response, sseMode(request));
  }

  @Post('message')
  postMessage(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.transport.postLegacyMessage(request, response);
  }

  @Get('mcp')
  async getMcp(@Req() request: Request, @Res() response: Response): Promise<void> {
    // Streamable HTTP only: a GET without a session has no stream to open (405, not 400).
    if (request.header(SESSION_HEADER) === undefined) {
      response.setHeader('Allow', 'POST, DELETE');
      sendError(response, 405, 'Method Not Allowed: open a session with POST initialize first');
      return;
    }
    await this.transport.openSessionStream(request, response, AGGREGATE);
  }

  @Post('mcp')
  postMcp(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.transport.postStreamable(request, response, AGGREGATE);
  }

  @Delete('mcp')
  deleteMcp(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.transport.deleteSession(request, response, AGGREGATE);
  }
}

const AGGREGATE: GatewayMode = { kind: 'aggregate' };

function sseMode(request: Request): GatewayMode {
  return request.query['meta'] === 'false' ? AGGREGATE : { kind: 'meta' };
}
