// One log line per finished request, and a request-scoped logger for whatever a request's
// handlers log. Both cost nothing until they are used: a routine request that succeeds while
// `debug` is off is never serialized, and the request's child logger is made on its first line.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Level, Logger } from 'pino';
import type { LoggedRequest } from './service-logger';

const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Probes arrive every few seconds; logging each one drowns real traffic. */
const PROBE_PATHS = new Set(['/health', '/ready', '/metrics']);
/** Responses to routine requests; a WeakSet, so marking one does not reshape the response object. */
const routineResponses = new WeakSet<ServerResponse>();

/**
 * Marks a request as routine protocol traffic (an MCP message POST, say): when it succeeds, its
 * request line is logged at `debug` rather than `info`. Such requests arrive many times a second
 * per client and are recorded elsewhere (the gateway's invocation audit); failures of them are
 * still logged at `info`.
 */
export function markRoutineRequest(response: ServerResponse): void {
  routineResponses.add(response);
}

/** The logger of the request being handled, made from the root logger when first asked for. */
class RequestScope {
  private child: Logger | undefined;

  constructor(
    private readonly root: Logger,
    private readonly request: LoggedRequest,
  ) {}

  get logger(): Logger {
    this.child ??= this.root.child({ req: this.request });
    return this.child;
  }
}

const requestScopes = new AsyncLocalStorage<RequestScope>();

/** The current request's logger (its lines carry the request), or `root` outside a request. */
export function currentLogger(root: Logger): Logger {
  return requestScopes.getStore()?.logger ?? root;
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * Gives every request an id (a well-formed `X-Request-Id` is kept, anything else replaced and
 * echoed back), runs the rest of the request in its logging scope and logs it once finished.
 */
export function requestLogging(root: Logger): Middleware {
  return (request, response, next) => {
    const id = requestIdOf(request);
    (request as IncomingMessage & { id?: string }).id = id;
    response.setHeader('X-Request-Id', id);
    if (!PROBE_PATHS.has(pathOf(request.url))) {
      const started = Date.now();
      const done = (): void => {
        response.off('finish', done);
        response.off('close', done);
        logFinished(root, request, response, Date.now() - started);
      };
      response.on('finish', done);
      response.on('close', done);
    }
    requestScopes.run(new RequestScope(root, request), next);
  };
}

function logFinished(
  root: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  responseTime: number,
): void {
  const { statusCode } = response;
  const finished = response.writableFinished;
  const level: Level = finished && statusCode < 400 && routineResponses.has(response) ? 'debug' : 'info';
  if (!root.isLevelEnabled(level)) return;
  const message = !finished ? 'request aborted' : statusCode >= 500 ? 'request errored' : 'request completed';
  root[level]({ req: request, res: response, responseTime }, message);
}

function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function pathOf(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
