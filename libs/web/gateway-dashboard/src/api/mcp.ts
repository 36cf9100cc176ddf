// The test bench speaks MCP to the gateway's own endpoints, as an agent would: one JSON-RPC
// request POSTed statelessly, answered as one JSON body. `/mcp` is the aggregated catalog, `/sse`
// Meta-Mode (`search_tools`). The caller is an AppKey (the administrator key has no MCP rights) or,
// without one, whoever the SSO proxy's headers say.
import type { JsonSchema } from '../bench/json-schema';

export interface McpFailure {
  readonly code: number;
  readonly message: string;
  /** For a denial: which layer refused and what to add. */
  readonly data?: unknown;
}

export type McpAnswer =
  { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: McpFailure };

export interface ListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
}

export interface SearchHit {
  readonly name: string;
  readonly serverId: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly score: number;
}

let nextId = 1;

export async function mcpRequest(
  path: '/mcp' | '/sse',
  key: string | null,
  method: string,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<McpAnswer> {
  const response = await fetch(new URL(path, window.location.origin), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    ...(signal === undefined ? {} : { signal }),
  });
  const body = (await response.json().catch(() => null)) as {
    result?: unknown;
    error?: McpFailure;
    detail?: string;
  } | null;
  if (body?.error !== undefined) return { ok: false, error: body.error };
  if (!response.ok || body === null || !('result' in body)) {
    return {
      ok: false,
      error: { code: response.status, message: body?.detail ?? `The gateway answered ${response.status}.` },
    };
  }
  return { ok: true, result: body.result };
}

export interface ListedPrompt {
  readonly name: string;
  readonly description?: string;
  readonly arguments?: readonly {
    readonly name: string;
    readonly description?: string;
    readonly required?: boolean;
  }[];
}

export interface ListedResource {
  readonly uri: string;
  readonly name?: string;
  readonly mimeType?: string;
}

/** Every tool the caller may run, through every page of `tools/list`. */
export function listTools(key: string | null, signal?: AbortSignal): Promise<ListedTool[]> {
  return listAll<ListedTool>(key, 'tools/list', 'tools', signal);
}

/** Every prompt the caller may render. */
export function listPrompts(key: string | null, signal?: AbortSignal): Promise<ListedPrompt[]> {
  return listAll<ListedPrompt>(key, 'prompts/list', 'prompts', signal);
}

/** Every resource the caller may read. */
export function listResources(key: string | null, signal?: AbortSignal): Promise<ListedResource[]> {
  return listAll<ListedResource>(key, 'resources/list', 'resources', signal);
}

async function listAll<T>(
  key: string | null,
  method: string,
  field: string,
  signal?: AbortSignal,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await mcpRequest('/mcp', key, method, cursor === undefined ? {} : { cursor }, signal);
    if (!answer.ok) throw new Error(answer.error.message);
    const page = answer.result as Record<string, unknown> & { nextCursor?: string };
    const listed = page[field];
    items.push(...(Array.isArray(listed) ? (listed as T[]) : []));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}
