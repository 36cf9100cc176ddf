// Structured JSON logs for every service: one line per event, the request id on each
// request's lines, secrets redacted.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { destination, multistream } from 'pino';
import type { LogLevel } from '../config/base-service-config';
import type { RecentLogBuffer } from './recent-log.buffer';
import { REDACTED_LOG_PATHS, scrubText, scrubUrl } from './redaction';

const REQUEST_ID_HEADER = 'x-request-id';
/** Responses to routine requests; a WeakSet, so marking one does not reshape the response object. */
const routineResponses = new WeakSet<ServerResponse>();
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const PROBE_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * Marks a request as routine protocol traffic (an MCP message POST, say): when it succeeds, its
 * request line is logged at `debug` rather than `info`. Such requests arrive many times a second
 * per client and are recorded elsewhere (the gateway's invocation audit); failures of them are
 * still logged at `info`.
 */
export function markRoutineRequest(response: ServerResponse): void {
  routineResponses.add(response);
}

/** With `recentLogs`, every line also goes to that in-memory buffer (stdout stays the log). */
export function createLoggerOptions(
  serviceName: string,
  level: LogLevel,
  recentLogs?: RecentLogBuffer,
): Params {
  return {
    pinoHttp: {
      level,
      ...(recentLogs === undefined
        ? {}
        : {
            stream: multistream([
              { level: 'trace', stream: destination(1) },
              { level: 'trace', stream: recentLogs },
            ]),
          }),
      base: { service: serviceName },
      redact: { paths: [...REDACTED_LOG_PATHS], censor: '[REDACTED]' },
      genReqId: assignRequestId,
      customLogLevel: (_request, response, error) =>
        error === undefined && response.statusCode < 400 && routineResponses.has(response) ? 'debug' : 'info',
      // Probes arrive every few seconds; logging each one drowns real traffic.
      // Nest mounts this middleware on a route pattern, which rewrites `url`; `originalUrl` is intact.
      autoLogging: {
        ignore: (request) =>
          PROBE_PATHS.has(
            pathOf((request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url),
          ),
      },
      // Request lines name fields to keep rather than headers to hide: no header reaches the log
      // except the user agent, so a credential in a header nobody thought of cannot leak, and a
      // request's line costs a few fields instead of a redacted copy of every header.
      serializers: {
        req: (request: { id: unknown; method: string; url: string; headers: Record<string, unknown> }) => ({
          id: request.id,
          method: request.method,
          url: scrubUrl(request.url),
          ...userAgentOf(request.headers),
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
        err: (error: unknown) => serializeError(error),
      },
      hooks: {
        // Messages may quote user input; scrub anything shaped like a credential.
        logMethod(args, method) {
          const scrubbed = args.map((argument) =>
            typeof argument === 'string' ? scrubText(argument) : argument,
          );
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
  };
}

function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Request-Id', id);
  return id;
}

const USER_AGENT_LIMIT = 200;
/** Scrubbed before the cut, over a window wide enough that no credential begun inside the limit is cut in half. */
const USER_AGENT_SCRUB_WINDOW = 1024;

function userAgentOf(headers: Record<string, unknown>): { userAgent?: string } {
  const value = headers['user-agent'];
  if (typeof value !== 'string') return {};
  return { userAgent: scrubText(value.slice(0, USER_AGENT_SCRUB_WINDOW)).slice(0, USER_AGENT_LIMIT) };
}

function pathOf(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function serializeError(error: unknown): Record<string, unknown> {
  // Duck-typed rather than `instanceof Error`: errors from another realm (a VM context, a worker)
  // are still errors and must keep their message and stack in the log.
  if (
    typeof error !== 'object' ||
    error === null ||
    typeof (error as { message?: unknown }).message !== 'string'
  ) {
    return { message: scrubText(String(error)) };
  }
  const { name, message, stack, code } = error as {
    name?: unknown;
    message: string;
    stack?: unknown;
    code?: unknown;
  };
  return {
    type: typeof name === 'string' ? name : 'Error',
    message: scrubText(message),
    stack: typeof stack === 'string' ? scrubText(stack) : undefined,
    code,
  };
}
