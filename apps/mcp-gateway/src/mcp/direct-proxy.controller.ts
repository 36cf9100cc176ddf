// `/{serverId}`: one backend directly, without Meta-Mode and with its tools un-namespaced (spec
// 4.1). Its own controller, in a module the gateway registers after every other, because the
// pattern matches any one-segment path and must never shadow another route.
import { Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { GatewayMode } from './gateway-mode';
import { SESSION_HEADER } from './mcp.controller';
import { McpHttpTransport } from './mcp-http.transport';

@ApiExcludeController()
@Controller()
export class DirectProxyController {
  constructor(private readonly transport: McpHttpTransport) {}

  @Get(':serverId')
  getDirect(
    @Param('serverId') serverId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const mode = direct(serverId);
    return request.header(SESSION_HEADER) === undefined
      ? this.transport.openLegacyStream(request, response, mode)
      : this.transport.openSessionStream(request, response, mode);
  }

  @Post(':serverId')
  postDirect(
    @Param('serverId') serverId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.transport.postStreamable(request, response, direct(serverId));
  }

  @Delete(':serverId')
  deleteDirect(
    @Param('serverId') serverId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.transport.deleteSession(request, response, direct(serverId));
  }
}

function direct(serverId: string): GatewayMode {
  return { kind: 'direct', serverId };
}
