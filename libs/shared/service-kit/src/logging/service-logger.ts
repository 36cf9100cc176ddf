// Structured JSON logs for every service: one line per event, secrets redacted, anything shaped
// like a credential scrubbed from messages. This is the root logger; requests get theirs from
// request-logging.ts and Nest's own logging goes through nest-logger.ts.
import { destination, multistream, pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/base-service-config';
import type { RecentLogBuffer } from './recent-log.buffer';
import { REDACTED_LOG_PATHS, scrubText, scrubUrl } from './redaction';

export interface ServiceLoggerOptions {
  /** Every line also goes to this in-memory buffer (stdout stays the log). */
  readonly recentLogs?: RecentLogBuffer;
  /** Where lines go instead of stdout (tests). */
  readonly stream?: DestinationStream;
}

export function createServiceLogger(
  serviceName: string,
  level: LogLevel,
  options: ServiceLoggerOptions = {},
): Logger {
  const output = options.stream ?? destination(1);
  return pino(
    {
      level,
      base: { service: serviceName },
      redact: { paths: [...REDACTED_LOG_PATHS], censor: '[REDACTED]' },
      // Request lines name fields to keep rather than headers to hide: no header reaches the log
      // except the user agent, so a credential in a header nobody thought of cannot leak.
      serializers: { req: serializeRequest, res: serializeResponse, err: serializeError },
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
    options.recentLogs === undefined
      ? output
      : multistream([
          { level: 'trace', stream: output },
          { level: 'trace', stream: options.recentLogs },
        ]),
  );
}

/** What a logged request looks like: the request id is set by the request logging middleware. */
export interface LoggedRequest {
  readonly id?: string;
  readonly method?: string;
  readonly url?: string;
  /** Express keeps the URL as received here while routers rewrite `url`. */
  readonly originalUrl?: string;
  readonly headers?: Readonly<Record<string, unknown>>;
}

function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    id: request.id,
    method: request.method,
    url: scrubUrl(request.originalUrl ?? request.url ?? ''),
    ...userAgentOf(request.headers),
  };
}

function serializeResponse(response: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: response.statusCode };
}

const USER_AGENT_LIMIT = 200;
/** Scrubbed before the cut, over a window wide enough that no credential begun inside the limit is cut in half. */
const USER_AGENT_SCRUB_WINDOW = 1024;

function userAgentOf(headers: Readonly<Record<string, unknown>> | undefined): { userAgent?: string } {
  const value = headers?.['user-agent'];
  if (typeof value !== 'string') return {};
  return { userAgent: scrubText(value.slice(0, USER_AGENT_SCRUB_WINDOW)).slice(0, USER_AGENT_LIMIT) };
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
