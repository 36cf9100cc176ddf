// The JSON body parser of every service (and of the gateway's MCP front door, so both routes to
// an endpoint parse alike): body-parser's, strict, at most JSON_BODY_LIMIT after decompression,
// and at most JSON_MAX_DEPTH levels of arrays and objects. A refused body is a client error whose
// message names the limit (400 too deep, 413 too large); each transport presents it in its format.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from 'body-parser';
import { nestsDeeperThan } from './json-nesting';

/** Largest JSON body accepted; MCP tool calls can carry sizeable arguments. */
export const JSON_BODY_LIMIT = '4mb';

/**
 * Deepest nesting of arrays and objects accepted in a JSON body. MCP messages put tool arguments
 * three levels down; real arguments rarely nest ten more. Anything near this is an attack on
 * the recursive code behind the parser (JSON.stringify overflows its stack at a few thousand).
 */
export const JSON_MAX_DEPTH = 64;

/** `type` of the error for a body nested deeper than JSON_MAX_DEPTH (body-parser's own are `entity.…`). */
export const JSON_TOO_DEEP = 'entity.too.deep';

type Next = (error?: unknown) => void;
export type JsonBodyParser = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

/**
 * A client error in body-parser's shape (status, expose, type), so every caller maps it as it maps
 * body-parser's own. Plain writable fields: body-parser's error factory assigns to them.
 */
class JsonBodyError extends Error {
  expose = true;
  statusCode: number;

  constructor(
    public status: number,
    public type: string,
    message: string,
  ) {
    super(message);
    this.name = 'JsonBodyError';
    this.statusCode = status;
  }
}

export function jsonBodyParser(): JsonBodyParser {
  const parse = json({ limit: JSON_BODY_LIMIT, verify: refuseDeepNesting });
  return (request, response, next) =>
    parse(request, response, (error?: unknown) => next(error === undefined ? undefined : namedLimit(error)));
}

/** Runs before the text is parsed (body-parser's `verify` hook), on the raw bytes. */
function refuseDeepNesting(
  _request: IncomingMessage,
  _response: ServerResponse,
  body: Buffer,
  encoding: string,
): void {
  if (nestsDeeperThan(utf8Of(body, encoding), JSON_MAX_DEPTH)) {
    throw new JsonBodyError(400, JSON_TOO_DEEP, `JSON body is nested deeper than ${JSON_MAX_DEPTH} levels`);
  }
}

/** The body as UTF-8 (what nearly every client sends; other `utf-*` charsets are decoded first). */
function utf8Of(body: Buffer, encoding: string): Uint8Array {
  if (encoding === 'utf-8' || encoding === 'utf8') return body;
  let text: string;
  try {
    text = new TextDecoder(encoding).decode(body);
  } catch {
    // A charset we cannot read is one we cannot check: refused, as body-parser refuses unknown ones.
    throw new JsonBodyError(415, 'charset.unsupported', `unsupported charset "${encoding.toUpperCase()}"`);
  }
  return new TextEncoder().encode(text);
}

/** body-parser says "request entity too large"; the caller learns the limit instead. */
function namedLimit(error: unknown): unknown {
  if (error instanceof Error && 'type' in error && error.type === 'entity.too.large') {
    error.message = `request body is larger than the ${JSON_BODY_LIMIT.replace('mb', ' MB')} limit`;
  }
  return error;
}
