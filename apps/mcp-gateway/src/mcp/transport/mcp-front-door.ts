// The MCP front door: requests to the MCP endpoints (`/sse`, `/message`, `/mcp`, `/{serverId}` of a
// registered backend) are served straight from Node's HTTP server, ahead of Express and Nest, with
// the same steps they would take there: request id and log line, metrics, the SSO header rules,
// the JSON body parser, then the endpoint (mcp-endpoints.ts), whose errors become what the
// global filter makes of them (JSON-RPC errors for refused bodies, problem details otherwise).
// Every other request, and any MCP request in an unusual spelling (`/MCP/`, HEAD), goes to
// Express unchanged. On these 2-core deployments Express's
// per-request work (prototype swaps, the router, Nest's execution context) cost more CPU than the
// proxying itself; docs/decisions/015-mcp-front-door.md has the measurements.
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { HttpException, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Logger } from 'pino';
import {
  HttpMetrics,
  jsonBodyParser,
  requestLogging,
  sendProblem,
  SERVICE_LOGGER,
  setRouteTemplate,
  toProblemDetails,
} from '@platform/service-kit';
import { SsoHeaderNestMiddleware } from '../../access/sso/sso-header.nest-middleware';
import { sendMcpBodyError } from './mcp-body-errors';
import { directEndpoint, fixedEndpoint, type McpEndpoint } from './mcp-endpoints';
import type { McpRequest } from './mcp-http';
import { McpHttpTransport } from './mcp-http.transport';
import { McpRequestGuard } from './request-guard.service';

type Next = (error?: unknown) => void;
type Step = (request: IncomingMessage, response: ServerResponse, next: Next) => void;
type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

interface Route {
  readonly endpoint: McpEndpoint;
  /** The route template, as the metrics label it. */
  readonly template: string;
}

/** What the front door attaches before the endpoint runs (Express would attach the same). */
interface PreparedRequest extends IncomingMessage {
  query: Record<string, unknown>;
  path: string;
  body?: unknown;
}

const ONE_SEGMENT = /^\/([A-Za-z0-9_-]+)$/;

@Injectable()
export class McpFrontDoor implements OnApplicationBootstrap {
  /**
   * The steps Express runs for every request before routing (create-service-app.ts), in its order:
   * request log, metrics, JSON body. The very functions Express was given, or made the same way,
   * so that mcp-front-door.e2e.spec.ts can hold the two chains to one list.
   */
  readonly serviceSteps: readonly Step[];
  /** The gateway's Nest middleware for every route (AccessModule.configure): the SSO header rules. */
  readonly nestSteps: readonly Step[];
  private readonly steps: readonly Step[];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly transport: McpHttpTransport,
    private readonly guard: McpRequestGuard,
    sso: SsoHeaderNestMiddleware,
    metrics: HttpMetrics,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.serviceSteps = [requestLogging(logger), metrics.middleware, jsonBodyParser()];
    this.nestSteps = [(request, response, next) => sso.use(request, response, next)];
    this.steps = [...this.serviceSteps, ...this.nestSteps];
  }

  /** Puts the front door before Express on the application's HTTP server. */
  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    const listeners = server.listeners('request') as RequestListener[];
    const [express] = listeners;
    if (listeners.length !== 1 || express === undefined) return;
    server.removeListener('request', express);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!this.serve(request, response)) express(request, response);
    });
  }

  /** Serves the request when it is for an MCP endpoint; false leaves it to Express. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const route = this.routeOf(request.method ?? 'GET', path);
    if (route === undefined) return false;
    const prepared = request as PreparedRequest;
    prepared.path = path;
    prepared.query = queryAt === -1 ? {} : parseQuery(url.slice(queryAt + 1));
    setRouteTemplate(request, route.template);
    this.run(0, prepared, response, route);
    return true;
  }

  private routeOf(method: string, path: string): Route | undefined {
    const fixed = fixedEndpoint(method, path);
    if (fixed !== undefined) return { endpoint: fixed, template: path };
    const serverId = ONE_SEGMENT.exec(path)?.[1];
    // Unknown ids and built-in servers answer 404 through Nest, as any unknown path does.
    if (serverId === undefined || !this.guard.isDirectTarget(serverId)) return undefined;
    const endpoint = directEndpoint(method);
    if (endpoint === undefined) return undefined;
    return {
      endpoint: (transport, request, response) => endpoint(transport, request, response, serverId),
      template: '/:serverId',
    };
  }

  private run(index: number, request: PreparedRequest, response: ServerResponse, route: Route): void {
    const step = this.steps[index];
    const next: Next = (error) => {
      if (error !== undefined) this.fail(request, response, error);
      else this.run(index + 1, request, response, route);
    };
    try {
      if (step !== undefined) {
        step(request, response, next);
        return;
      }
      route.endpoint(this.transport, request as McpRequest, response).catch((error: unknown) => {
        this.fail(request, response, error);
      });
    } catch (error) {
      this.fail(request, response, error);
    }
  }

  /**
   * A body the parser refused gets a JSON-RPC error (mcp-body-errors.ts); anything else problem
   * details, as McpErrorFilter answers the same errors on Express's route.
   */
  private fail(request: PreparedRequest, response: ServerResponse, error: unknown): void {
    if (sendMcpBodyError(response, error)) return;
    sendProblem(response, toProblemDetails(asHttpException(error)), request.path);
  }
}

/**
 * Client errors of the body parser (400 malformed JSON, 413 too large, 415 unsupported encoding)
 * keep their status and message, as Nest's Express adapter maps them; anything else stays as it is
 * (a 500 that reveals nothing).
 */
function asHttpException(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { status, statusCode, expose, message } = error as {
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  const code = typeof statusCode === 'number' ? statusCode : status;
  if (typeof code !== 'number' || code < 400 || code >= 500) return error;
  const text = expose !== false && typeof message === 'string' ? message : (STATUS_CODES[code] ?? 'Error');
  return new HttpException(text, code, { cause: error });
}
