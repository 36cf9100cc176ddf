// The in-process MCP server behind the `router` id. It only reads: every resource is computed
// when read, so what a client sees is the gateway's state at that moment. Authorization happens
// before a request gets here, in the same pipeline as for any backend (`router://…` belongs to
// server `router`, `logs://<id>/…` to server `<id>`).
import { Injectable } from '@nestjs/common';
import { McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import type { InProcessBackend, InProcessServer } from '../backends/in-process';
import { GATEWAY_SERVER_INFO } from '../mcp/protocol/protocol-versions';
import { BackendLogsService } from './backend-logs.service';
import { DatabaseStatusService } from './database-status.service';
import { GatewayStatusService } from './gateway-status.service';
import { ROUTER_SERVER_ID } from './router-server.definition';

const JSON_TYPE = 'application/json';

@Injectable()
export class RouterBackend implements InProcessBackend {
  readonly name = ROUTER_SERVER_ID;

  constructor(
    private readonly gateway: GatewayStatusService,
    private readonly database: DatabaseStatusService,
    private readonly logs: BackendLogsService,
  ) {}

  createServer(): InProcessServer {
    const server = new McpServer(
      { name: 'mcp-gateway-router', version: GATEWAY_SERVER_INFO.version },
      { capabilities: { resources: { listChanged: true } } },
    );
    this.registerSystemResources(server);
    this.registerLogResources(server);
    return server;
  }

  private registerSystemResources(server: McpServer): void {
    server.registerResource(
      'status',
      'router://status',
      {
        title: 'Gateway status',
        description: 'Version, uptime, live sessions by transport and view, every backend with its status.',
        mimeType: JSON_TYPE,
      },
      (uri) => json(uri.href, this.gateway.status()),
    );
    server.registerResource(
      'database',
      'router://database',
      {
        title: 'Gateway database',
        description: 'Connectivity, schema version (newest applied migration) and row counts.',
        mimeType: JSON_TYPE,
      },
      async (uri) => json(uri.href, await this.database.status()),
    );
    server.registerResource(
      'recent-logs',
      'logs://recent',
      {
        title: 'Recent gateway log',
        description: 'The newest gateway log entries, credentials redacted.',
        mimeType: JSON_TYPE,
      },
      (uri) => json(uri.href, { entries: this.logs.gatewayLog() }),
    );
  }

  private registerLogResources(server: McpServer): void {
    server.registerResource(
      'backend-log',
      new ResourceTemplate('logs://{serverId}/recent', {
        list: () => ({
          resources: this.logs.serverIds().map((id) => ({
            uri: `logs://${id}/recent`,
            name: `${id}-log`,
            title: `Log of ${id}`,
            mimeType: JSON_TYPE,
          })),
        }),
      }),
      {
        title: 'Backend log',
        description: "A backend's status, its recent stderr (stdio) and the gateway's entries about it.",
        mimeType: JSON_TYPE,
      },
      (uri, variables) => {
        const log = this.logs.backendLog(String(variables['serverId']));
        if (log === undefined) throw new ResourceNotFoundError(uri.href);
        return json(uri.href, log);
      },
    );
    server.registerResource(
      'backend-stderr',
      new ResourceTemplate('logs://{serverId}/stderr', {
        list: () => ({
          resources: this.logs
            .serverIds()
            .filter((id) => this.logs.isStdio(id))
            .map((id) => ({
              uri: `logs://${id}/stderr`,
              name: `${id}-stderr`,
              title: `Standard error of ${id}`,
              mimeType: 'text/plain',
            })),
        }),
      }),
      {
        title: 'Backend standard error',
        description: 'The recent stderr lines of a stdio backend, secrets masked.',
        mimeType: 'text/plain',
      },
      (uri, variables) => {
        const log = this.logs.backendLog(String(variables['serverId']));
        if (log === undefined) throw new ResourceNotFoundError(uri.href);
        return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: log.stderr.join('\n') }] };
      },
    );
  }
}

function json(uri: string, value: unknown) {
  return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(value, null, 2) }] };
}
