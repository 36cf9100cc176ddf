// Meta-Mode (`/sse`, spec 1 and 4.1): the client sees two tools. `search_tools` ranks the tools
// the caller may execute (the search index is filtered before ranking, so results never reveal
// others); `execute_tool` resolves a namespaced or unambiguous bare name and runs the inner tool
// through the full authorization pipeline, whose errors name the inner tool.
import { Injectable } from '@nestjs/common';
import { type JsonRpcId, type JsonRpcRequest, jsonRpcResult } from '@platform/jsonrpc';
import {
  EXECUTE_TOOL_NAME,
  META_MODE_TOOLS,
  parseExecuteToolArguments,
  parseSearchToolsArguments,
  resolveToolName,
  SEARCH_TOOLS_NAME,
  searchToolsResult,
  type ToolCatalogEntry,
  type ToolDefinition,
  ToolSearchIndex,
} from '@platform/tool-search';
import { jsonRpcErrorFor } from '../protocol/mcp-error-responses';
import { AccessControlService } from '../../access/access-control.service';
import type { Principal } from '../../access/principal';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { ServerRegistry } from '../../backends/registry/server-registry.service';
import { AggregatedCatalog } from '../views/aggregated-catalog.service';
import { BackendListsCache, type ListedItem } from '../views/backend-lists.cache';
import { EmptyCatalogExplainer } from './empty-catalog.explainer';
import { paramsOf, type ValidatedRequest } from '../protocol/request-params.validator';
import { type DispatchResult, type Exchange, forwardedCall } from '../sessions/exchange';
import { authorizationTarget } from '../views/namespacing';
import { permissionDenied } from '../views/permission-denied';
import { splitNamespacedName } from '@platform/scopes';

@Injectable()
export class MetaModeTools {
  private readonly index = new ToolSearchIndex();
  /** The tool list each server was last indexed from (lists are replaced, never mutated). */
  private readonly indexed = new Map<string, readonly ListedItem[]>();
  /** Bumped whenever the indexed tools or the server definitions (their categories) change. */
  private catalogGeneration = 0;
  /**
   * The tools each caller may see, per catalog generation and decision inputs: authorizing every
   * tool of a large catalog costs far more than the search itself. Oldest entries go first.
   */
  private readonly visibleCache = new Map<string, { readonly names: Set<string>; readonly until: number }>();

  constructor(
    private readonly lists: BackendListsCache,
    private readonly catalog: AggregatedCatalog,
    private readonly access: AccessControlService,
    private readonly proxy: BackendProxy,
    private readonly registry: ServerRegistry,
    private readonly emptyCatalog: EmptyCatalogExplainer,
  ) {
    this.registry.onChange(() => this.catalogChanged());
  }

  async handle(exchange: Exchange, request: ValidatedRequest): Promise<DispatchResult> {
    if (request.method === 'tools/list')
      return { response: jsonRpcResult(request.id, { tools: META_MODE_TOOLS }) };
    const params = paramsOf(request, 'tools/call');
    if (params?.name === SEARCH_TOOLS_NAME) return this.search(exchange, request.id, params.arguments);
    if (params?.name === EXECUTE_TOOL_NAME) return this.execute(exchange, request, params.arguments);
    return {
      response: jsonRpcErrorFor('MethodNotFound', request.id, {
        message: `Method not found: in Meta-Mode the tools are '${SEARCH_TOOLS_NAME}' and '${EXECUTE_TOOL_NAME}'`,
      }),
    };
  }

  private async search(exchange: Exchange, id: JsonRpcId, input: unknown): Promise<DispatchResult> {
    const parsed = parseSearchToolsArguments(input ?? {});
    if (!parsed.ok) return toolError(id, parsed.message);
    const visible = await this.visibleNames(exchange);
    const response = this.index.search(parsed.value.query, {
      isVisible: (entry) => visible.has(entry.namespacedName),
      ...(parsed.value.limit === undefined ? {} : { limit: parsed.value.limit }),
      ...(parsed.value.server === undefined ? {} : { server: parsed.value.server }),
    });
    // A caller who sees no tool at all is told why (no backend, scopes, policies), not only that.
    const answer =
      response.empty !== undefined && visible.size === 0
        ? {
            ...response,
            empty: { ...response.empty, message: await this.emptyCatalog.explain(exchange.principal) },
          }
        : response;
    return { response: jsonRpcResult(id, searchToolsResult(answer)) };
  }

  private async execute(
    exchange: Exchange,
    request: ValidatedRequest,
    input: unknown,
  ): Promise<DispatchResult> {
    const parsed = parseExecuteToolArguments(input ?? {});
    if (!parsed.ok) return toolError(request.id, parsed.message);
    const name = parsed.value.name.trim();
    // A namespaced name is authorized before it is looked up, so that "unknown tool" and "not
    // allowed" cannot tell a caller whether a tool it may not use exists.
    const named = splitNamespacedName(name, this.lists.listedServers());
    if (named !== undefined) {
      const decision = await this.access.authorize(exchange.principal, {
        method: 'execute_tool',
        ...authorizationTarget({ serverId: named.serverId, kind: 'tools', name: named.name }),
      });
      if (!decision.allowed) return permissionDenied(request.id, 'execute_tool', name, decision, named);
    }
    await this.syncIndex();
    // An exact namespaced name wins over every other reading, so the usual call needs no walk
    // over the whole catalog.
    const exact = this.index.getTool(name);
    const entries = exact === undefined ? this.index.entries() : [exact];
    const visible = await this.visibleAmong(
      exchange,
      entries.filter((entry) => entry.name === name),
    );
    const resolution = resolveToolName(entries, parsed.value.name, {
      isVisible: (entry) => visible.has(entry.namespacedName),
    });
    if (resolution.kind !== 'resolved') return toolError(request.id, resolution.message);
    const { entry } = resolution;
    const target = { serverId: entry.serverId, name: entry.name };
    // Bare names resolve among visible tools only; the check still runs for every resolved tool.
    const decision = await this.access.authorize(exchange.principal, {
      method: 'execute_tool',
      ...authorizationTarget({ serverId: entry.serverId, kind: 'tools', name: entry.name }),
    });
    if (!decision.allowed)
      return permissionDenied(request.id, 'execute_tool', entry.namespacedName, decision, target);
    const inner: JsonRpcRequest = {
      ...request,
      params: {
        ...paramsOf(request, 'tools/call'),
        name: entry.name,
        arguments: parsed.value.arguments,
      },
    };
    return { ...(await this.proxy.forward(entry.serverId, forwardedCall(exchange, inner))), target };
  }

  /**
   * Brings the index up to date and returns the namespaced tools this caller may execute, from the
   * cache when neither the caller, the catalog nor the rules changed since they were worked out.
   */
  private async visibleNames(exchange: Exchange): Promise<Set<string>> {
    await this.syncIndex();
    const inputs = await this.access.decisionInputsVersion();
    const key =
      inputs === undefined
        ? undefined
        : JSON.stringify([this.catalogGeneration, inputs, principalKey(exchange.principal)]);
    const now = Date.now();
    const cached = key === undefined ? undefined : this.visibleCache.get(key);
    if (cached !== undefined && cached.until > now) return cached.names;
    // Meta-Mode names tools `<serverId>__<name>` even for servers with an alias: they are
    // execute_tool arguments, not tool names a model provider limits to 64 characters.
    const visible = await this.catalog.visibleItems(exchange, 'tools/list', 'id');
    const names = new Set(visible.map(({ item }) => String(item['name'])));
    if (key !== undefined) {
      this.visibleCache.delete(key);
      this.visibleCache.set(key, { names, until: now + VISIBLE_CACHE_TTL_MS });
      for (const oldest of this.visibleCache.keys()) {
        if (this.visibleCache.size <= VISIBLE_CACHE_ENTRIES) break;
        this.visibleCache.delete(oldest);
      }
    }
    return names;
  }

  private catalogChanged(): void {
    this.catalogGeneration += 1;
    this.visibleCache.clear();
  }

  /**
   * Which of these tools (the candidates for a bare name) the caller may see. Only the candidates
   * are checked, so a call costs the same whatever the size of the catalog.
   */
  private async visibleAmong(
    exchange: Exchange,
    candidates: readonly ToolCatalogEntry[],
  ): Promise<Set<string>> {
    const visible = new Set<string>();
    for (const entry of candidates) {
      const target = authorizationTarget({ serverId: entry.serverId, kind: 'tools', name: entry.name });
      const decision = await this.access.authorize(
        exchange.principal,
        { method: 'tools/list', ...target },
        'listing',
      );
      if (decision.allowed) visible.add(entry.namespacedName);
    }
    return visible;
  }

  private async syncIndex(): Promise<void> {
    const listed = this.lists.listedServers();
    for (const serverId of [...this.indexed.keys()]) {
      if (!listed.includes(serverId)) {
        this.index.removeServer(serverId);
        this.indexed.delete(serverId);
        this.catalogChanged();
      }
    }
    await Promise.all(
      listed.map(async (serverId) => {
        const tools = await this.lists.of(serverId, 'tools').catch(() => undefined);
        if (tools === undefined || this.indexed.get(serverId) === tools) return;
        const definition = this.registry.get(serverId)?.definition;
        this.index.upsertServer(
          {
            id: serverId,
            displayName: definition?.displayName ?? serverId,
            categories: definition?.categories ?? [],
          },
          tools.filter(isToolDefinition),
        );
        this.indexed.set(serverId, tools);
        this.catalogChanged();
      }),
    );
  }
}

/** How long a caller's visible tools are reused at most, whatever else happens. */
const VISIBLE_CACHE_TTL_MS = 30_000;
const VISIBLE_CACHE_ENTRIES = 500;

/**
 * Everything about a caller that a decision reads, as a stable string: two principals with the
 * same key are authorized alike. Keys are sorted so the order fields were set in does not matter.
 */
function principalKey(principal: Principal): string {
  return JSON.stringify(principal, (_name, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

function isToolDefinition(item: ListedItem): item is ListedItem & ToolDefinition {
  return (
    typeof item['name'] === 'string' &&
    typeof item['inputSchema'] === 'object' &&
    item['inputSchema'] !== null
  );
}

/** Argument mistakes come back as a tool error the model can read and correct. */
function toolError(id: JsonRpcId, message: string): DispatchResult {
  return { response: jsonRpcResult(id, { content: [{ type: 'text', text: message }], isError: true }) };
}
