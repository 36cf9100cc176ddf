// A request body the JSON parser refused, answered at an MCP endpoint as MCP clients expect: a
// JSON-RPC error object (id null, the request could not be read) with the HTTP status that says
// why: 400 -32700 for text that is not JSON, 400 -32600 for a body nested deeper than the limit,
// 413 -32600 for one larger than the limit, 415 -32600 for a charset or encoding we cannot read.
// The front door and the Express route (through McpErrorFilter) both answer this way.
import type { ServerResponse } from 'node:http';
import { JsonRpcErrorMessage, type JsonRpcResponse } from '@platform/jsonrpc';
import { jsonRpcErrorFor } from '../protocol/mcp-error-responses';
import { JSON_TOO_DEEP } from '@platform/service-kit';
import { writeJson } from './mcp-http';

interface BodyErrorAnswer {
  readonly status: number;
  readonly response: JsonRpcResponse;
}

/** body-parser's (and the kit's) error types for bodies refused by status. */
const REFUSALS: ReadonlyMap<string, number> = new Map([
  [JSON_TOO_DEEP, 400],
  ['entity.too.large', 413],
  ['charset.unsupported', 415],
  ['encoding.unsupported', 415],
]);

/**
 * The answer to a body the parser refused, or undefined for any other error. Nest's Express
 * adapter wraps the parser's error in an HttpException (its `cause`); the front door gets it as is.
 */
export function mcpBodyErrorAnswer(error: unknown): BodyErrorAnswer | undefined {
  const refused = typeOf(error) === undefined ? causeOf(error) : error;
  const type = typeOf(refused);
  if (type === undefined) return undefined;
  const { message } = refused as { message?: unknown };
  if (type === 'entity.parse.failed') {
    return { status: 400, response: jsonRpcErrorFor('ParseError', null) };
  }
  const status = REFUSALS.get(type);
  if (status === undefined) return undefined;
  const reason = typeof message === 'string' ? message : 'the body cannot be read';
  return {
    status,
    response: jsonRpcErrorFor('InvalidRequest', null, {
      message: `${JsonRpcErrorMessage.InvalidRequest}: ${reason}`,
    }),
  };
}

function typeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  return typeof error.type === 'string' ? error.type : undefined;
}

function causeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
}

/** Sends the answer for a refused body; false when `error` is not one. */
export function sendMcpBodyError(response: ServerResponse, error: unknown): boolean {
  const answer = mcpBodyErrorAnswer(error);
  if (answer === undefined || response.headersSent) return false;
  writeJson(response, answer.status, answer.response);
  return true;
}
