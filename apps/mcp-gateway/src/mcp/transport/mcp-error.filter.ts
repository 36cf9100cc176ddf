// The gateway's global error filter. A body the JSON parser refused on the way to an MCP endpoint
// (`/sse`, `/message`, `/mcp` in any spelling Express routes there, or `/{serverId}` of a backend
// with a direct view) is answered as a JSON-RPC error, exactly as the MCP front door answers it
// (mcp-body-errors.ts); every other error keeps the kit's problem details.
import { type ArgumentsHost, Catch, type ExceptionFilter, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ProblemDetailsFilter } from '@platform/service-kit';
import type { Request } from 'express';
import { sendMcpBodyError } from './mcp-body-errors';
import { McpRequestGuard } from './request-guard.service';

/** The fixed MCP paths, as Express matches them: any letter case, an optional trailing slash. */
const FIXED_PATH = /^\/(?:sse|message|mcp)\/?$/i;
const ONE_SEGMENT = /^\/([^/]+)\/?$/;

@Catch()
@Injectable()
export class McpErrorFilter implements ExceptionFilter {
  private readonly problems = new ProblemDetailsFilter();

  constructor(private readonly guard: McpRequestGuard) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    if (this.isMcpPath(request.path) && sendMcpBodyError(http.getResponse<ServerResponse>(), exception))
      return;
    this.problems.catch(exception, host);
  }

  private isMcpPath(path: string): boolean {
    if (FIXED_PATH.test(path)) return true;
    const segment = ONE_SEGMENT.exec(path)?.[1];
    return segment !== undefined && this.guard.isDirectTarget(segment);
  }
}
