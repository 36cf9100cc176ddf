// Nest's own logging (framework messages and every `new Logger(Context)` in the services) written
// through the service logger, so it shares the JSON format, the redaction and, inside a request,
// the request's fields.
import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { currentLogger } from './request-logging';

/** A stack trace as Nest's exception handlers pass it: a string with "at" frames. */
const STACK_SHAPE = /\n\s*at /;

/**
 * Nest's start-up narration: every module initialized, every controller and route mapped, the
 * application starting and started (about a hundred lines for the gateway). It says nothing an
 * operator acts on and buries what they must see (the database in use, migrations, the address,
 * the gateway's first administrator key), so at `info` it is `debug`. Warnings and errors from
 * the same sources keep their level.
 */
const STARTUP_NARRATION_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

export class NestLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    const narration = typeof context === 'string' && STARTUP_NARRATION_CONTEXTS.has(context);
    this.write(narration ? 'debug' : 'info', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /**
   * Nest passes the context (the logger's name) last, and for errors a stack trace before it;
   * anything else given is kept under `details` rather than dropped.
   */
  private write(level: Level, message: unknown, rest: unknown[]): void {
    const logger = currentLogger(this.root);
    if (!logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    // Nest passes an absent stack as `undefined` (`error(message, undefined, context)`).
    const extra = rest.filter((value) => value !== undefined);
    const last = extra[extra.length - 1];
    if (typeof last === 'string' && !STACK_SHAPE.test(last)) fields['context'] = extra.pop();
    let text: string | undefined;
    if (message instanceof Error) {
      fields['err'] = message;
      text = message.message;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(fields, message);
    } else {
      text = String(message);
      const stack = extra[0];
      if (level === 'error' && typeof stack === 'string' && STACK_SHAPE.test(stack)) {
        extra.shift();
        const error = new Error(text);
        error.stack = stack;
        fields['err'] = error;
      }
    }
    if (extra.length > 0) fields['details'] = extra;
    if (text === undefined) logger[level](fields);
    else logger[level](fields, text);
  }
}
