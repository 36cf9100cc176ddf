// Validates the arguments of `search_tools` and `execute_tool` at the edge, exactly as their input
// schemas say (a property test checks the agreement against a JSON Schema validator). Unknown keys are
// ignored rather than rejected: an agent's stray key should not cost it a round trip.
import { MAX_SEARCH_LIMIT } from '../search-index/tool-search.types';

export type ParsedArguments<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

export interface SearchToolsArguments {
  readonly query: string;
  readonly limit?: number;
  readonly server?: string;
}

export interface ExecuteToolArguments {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

export function parseSearchToolsArguments(input: unknown): ParsedArguments<SearchToolsArguments> {
  if (!isPlainObject(input)) return invalid('search_tools arguments must be an object.');
  const { query, limit, server } = input;
  if (typeof query !== 'string' || query.length === 0) {
    return invalid("'query' is required: a non-empty string describing what you want to do.");
  }
  if (
    limit !== undefined &&
    !(Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= MAX_SEARCH_LIMIT)
  ) {
    return invalid(`'limit' must be an integer from 1 to ${MAX_SEARCH_LIMIT}.`);
  }
  if (server !== undefined && (typeof server !== 'string' || server.length === 0)) {
    return invalid("'server' must be a non-empty string: a server id or a category.");
  }
  return {
    ok: true,
    value: {
      query,
      ...(limit === undefined ? {} : { limit: limit as number }),
      ...(server === undefined ? {} : { server }),
    },
  };
}

export function parseExecuteToolArguments(input: unknown): ParsedArguments<ExecuteToolArguments> {
  if (!isPlainObject(input)) return invalid('execute_tool arguments must be an object.');
  const { name, arguments: toolArguments } = input;
  if (typeof name !== 'string' || name.length === 0) {
    return invalid("'name' is required: the tool name search_tools returned.");
  }
  if (toolArguments !== undefined && !isPlainObject(toolArguments)) {
    return invalid("'arguments' must be an object with the tool's arguments.");
  }
  return { ok: true, value: { name, arguments: toolArguments ?? {} } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(message: string): { ok: false; message: string } {
  return { ok: false, message };
}
