// The aggregated view (`/mcp`, `/sse?meta=false`, and everything but tools in Meta-Mode): lists
// merged across enabled, visible backends with namespaced names, filtered by what the caller may
// use, paged with an opaque cursor; calls routed to their backend by namespace after the
// authorization check, with the backend's own name or URI restored. What a principal may see of a
// backend's list, or of a resource's contents, is decided here for the direct view too, so both
// views take the same decision for the same item (docs/decisions/020-one-decision-per-item-in-every-view.md).
import { Injectable } from '@nestjs/common';
import { type JsonRpcId, jsonRpcResult } from '@platform/jsonrpc';
import { AccessControlService } from '../../access/access-control.service';
import type { Principal } from '../../access/principal';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { BackendListsCache, type ListedItem, type ListKind } from './backend-lists.cache';
import { type DispatchResult, type Exchange, forwardedCall } from '../sessions/exchange';
import { namespacedName, splitNamespacedName } from '@platform/scopes';
import { jsonRpcErrorFor } from '../protocol/mcp-error-responses';
import { paramsOf, type ParamsOf, type ValidatedRequest } from '../protocol/request-params.validator';
import { authorizationTarget, namespacedUri, splitNamespacedUri } from './namespacing';
import { permissionDenied } from './permission-denied';
import { isJsonRecord, jsonRecordOf } from '../../json-record';

/** `namespace`: as the aggregated views show items (alias or id); `id`: always `<serverId>__…` (Meta-Mode's index). */
export type Naming = 'namespace' | 'id';

/** Items per page of an aggregated list. */
export const AGGREGATED_PAGE_SIZE = 500;

interface ListSpec {
  readonly kind: ListKind;
  /** The item field that carries its identity, and how it is namespaced. */
  readonly field: 'name' | 'uri' | 'uriTemplate';
  readonly rename: (serverId: string, value: string) => string;
}

/** By method; a Map, since methods come from clients (`constructor` must find nothing). */
const LISTS: ReadonlyMap<string, ListSpec> = new Map<string, ListSpec>([
  ['tools/list', { kind: 'tools', field: 'name', rename: namespacedName }],
  ['prompts/list', { kind: 'prompts', field: 'name', rename: namespacedName }],
  ['resources/list', { kind: 'resources', field: 'uri', rename: namespacedUri }],
  ['resources/templates/list', { kind: 'resourceTemplates', field: 'uriTemplate', rename: namespacedUri }],
]);

@Injectable()
export class AggregatedCatalog {
  constructor(
    private readonly lists: BackendListsCache,
    private readonly access: AccessControlService,
    private readonly proxy: BackendProxy,
  ) {}

  async handle(exchange: Exchange, request: ValidatedRequest): Promise<DispatchResult> {
    const list = LISTS.get(request.method);
    if (list !== undefined) return this.list(exchange, request, list);
    switch (request.method) {
      case 'tools/call':
      case 'prompts/get':
        return this.callByName(
          exchange,
          request,
          paramsOf(request, 'tools/call') ?? paramsOf(request, 'prompts/get'),
        );
      case 'resources/read':
        return this.readResource(exchange, request, paramsOf(request, 'resources/read'));
      case 'completion/complete':
        return this.complete(exchange, request, paramsOf(request, 'completion/complete'));
      default:
        return {
          response: jsonRpcErrorFor('MethodNotFound', request.id, {
            message: `Method not found: ${request.method}`,
          }),
        };
    }
  }

  /** Every tool the caller may call, namespaced (Meta-Mode indexes these). */
  async visibleItems(
    exchange: Exchange,
    method: string,
    naming: Naming = 'namespace',
  ): Promise<Array<{ serverId: string; item: ListedItem }>> {
    const spec = LISTS.get(method);
    if (spec === undefined) return [];
    const visible: Array<{ serverId: string; item: ListedItem }> = [];
    for (const { serverId, items } of await this.lists.everywhere(spec.kind)) {
      for (const item of items) {
        const renamed = await this.visibleAs(exchange.principal, method, spec, serverId, item, naming);
        if (renamed !== undefined) visible.push({ serverId, item: { ...item, [spec.field]: renamed } });
      }
    }
    return visible;
  }

  /** Whether the principal may see at least one of these items of a backend's list. */
  async seesAny(
    principal: Principal,
    kind: ListKind,
    serverId: string,
    items: readonly ListedItem[],
  ): Promise<boolean> {
    const [method, spec] = [...LISTS].find(([, list]) => list.kind === kind) ?? [];
    if (method === undefined || spec === undefined) return false;
    for (const item of items) {
      if ((await this.visibleAs(principal, method, spec, serverId, item, 'namespace')) !== undefined) {
        return true;
      }
    }
    return false;
  }

  /**
   * The items of one page of a backend's own list that the principal may see, as the backend
   * named them (the direct view); the same decision as for the aggregated lists.
   */
  async visibleOf(
    principal: Principal,
    method: string,
    serverId: string,
    items: readonly unknown[],
  ): Promise<ListedItem[]> {
    const spec = LISTS.get(method);
    if (spec === undefined) return [];
    const visible: ListedItem[] = [];
    for (const item of items) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
      const listed = item as ListedItem;
      if ((await this.visibleAs(principal, method, spec, serverId, listed, 'id')) !== undefined) {
        visible.push(listed);
      }
    }
    return visible;
  }

  /**
   * A `resources/read` answer without the contents the principal may not read. Contents usually
   * carry the URI that was read (authorized already); a backend may add others (a directory's
   * entries, say), and each of those is authorized as a read of its own URI, so reading one
   * resource never hands over another that a policy denies.
   */
  async readableContents(
    principal: Principal,
    serverId: string,
    requestedUri: string,
    result: DispatchResult,
  ): Promise<DispatchResult> {
    const response = result.response;
    if (!('result' in response)) return result;
    const body = jsonRecordOf(response.result);
    const contents = body['contents'];
    if (!Array.isArray(contents)) return result;
    const readable: unknown[] = [];
    for (const content of contents as unknown[]) {
      const uri = jsonRecordOf(content)['uri'];
      if (uri === requestedUri) {
        readable.push(content);
        continue;
      }
      if (typeof uri !== 'string') continue;
      const target = authorizationTarget({ serverId, kind: 'resources', name: uri });
      const decision = await this.access.authorize(
        principal,
        { method: 'resources/read', ...target },
        'listing',
      );
      if (decision.allowed) readable.push(content);
    }
    if (readable.length === contents.length) return result;
    return { ...result, response: { ...response, result: { ...body, contents: readable } } };
  }

  /** A split name or URI with its namespace (an alias or an id) turned into the server id. */
  private resolve<T extends { readonly serverId: string }>(split: T | undefined): T | undefined {
    if (split === undefined) return undefined;
    const serverId = this.lists.namespaces().get(split.serverId);
    return serverId === undefined ? undefined : { ...split, serverId };
  }

  /** The item's namespaced name or URI when the principal may see it, else undefined. */
  private async visibleAs(
    principal: Principal,
    method: string,
    spec: ListSpec,
    serverId: string,
    item: ListedItem,
    naming: Naming,
  ): Promise<string | undefined> {
    const value = item[spec.field];
    if (typeof value !== 'string') return undefined;
    const target = authorizationTarget({ serverId, kind: spec.kind, name: value });
    const decision = await this.access.authorize(principal, { method, ...target }, 'listing');
    return decision.allowed
      ? spec.rename(naming === 'id' ? serverId : this.lists.namespaceOf(serverId), value)
      : undefined;
  }

  private async list(exchange: Exchange, request: ValidatedRequest, spec: ListSpec): Promise<DispatchResult> {
    const params =
      paramsOf(request, 'tools/list') ??
      paramsOf(request, 'prompts/list') ??
      paramsOf(request, 'resources/list') ??
      paramsOf(request, 'resources/templates/list');
    const offset = decodeCursor(params?.cursor);
    if (offset === undefined) {
      return {
        response: jsonRpcErrorFor('InvalidParams', request.id, { message: 'Invalid params: unknown cursor' }),
      };
    }
    const items = (await this.visibleItems(exchange, request.method)).map(({ item }) => item);
    const page = items.slice(offset, offset + AGGREGATED_PAGE_SIZE);
    const next =
      offset + AGGREGATED_PAGE_SIZE < items.length ? encodeCursor(offset + AGGREGATED_PAGE_SIZE) : undefined;
    return {
      response: jsonRpcResult(request.id, {
        [spec.kind]: page,
        ...(next === undefined ? {} : { nextCursor: next }),
      }),
    };
  }

  private async callByName(
    exchange: Exchange,
    request: ValidatedRequest,
    params: ParamsOf<'tools/call'> | ParamsOf<'prompts/get'> | undefined,
  ): Promise<DispatchResult> {
    const name = params?.name;
    const target =
      name === undefined
        ? undefined
        : this.resolve(splitNamespacedName(name, [...this.lists.namespaces().keys()]));
    if (name === undefined || target === undefined) {
      return notFound(request.id, request.method === 'tools/call' ? 'tool' : 'prompt', name);
    }
    const kind = request.method === 'tools/call' ? 'tools' : 'prompts';
    const audited = { serverId: target.serverId, name: target.name };
    const decision = await this.access.authorize(exchange.principal, {
      method: request.method,
      ...authorizationTarget({ serverId: target.serverId, kind, name: target.name }),
    });
    if (!decision.allowed) return permissionDenied(request.id, request.method, name, decision, audited);
    const inner = { ...request, params: { ...params, name: target.name } };
    const result = await this.proxy.forward(target.serverId, forwardedCall(exchange, inner));
    return { ...result, target: audited };
  }

  private async readResource(
    exchange: Exchange,
    request: ValidatedRequest,
    params: ParamsOf<'resources/read'> | undefined,
  ): Promise<DispatchResult> {
    const uri = params?.uri;
    const target =
      uri === undefined
        ? undefined
        : this.resolve(splitNamespacedUri(uri, [...this.lists.namespaces().keys()]));
    if (uri === undefined || target === undefined) return notFound(request.id, 'resource', uri);
    const audited = { serverId: target.serverId, name: target.uri };
    const decision = await this.access.authorize(exchange.principal, {
      method: request.method,
      ...authorizationTarget({ serverId: target.serverId, kind: 'resources', name: target.uri }),
    });
    if (!decision.allowed) return permissionDenied(request.id, request.method, uri, decision, audited);
    const inner = { ...request, params: { ...params, uri: target.uri } };
    const result = await this.proxy.forward(target.serverId, forwardedCall(exchange, inner));
    const readable = await this.readableContents(exchange.principal, target.serverId, target.uri, result);
    return { ...renameContents(readable, this.lists.namespaceOf(target.serverId)), target: audited };
  }

  private async complete(
    exchange: Exchange,
    request: ValidatedRequest,
    params: ParamsOf<'completion/complete'> | undefined,
  ): Promise<DispatchResult> {
    const ref = params?.ref;
    const namespaces = [...this.lists.namespaces().keys()];
    const value = ref === undefined ? undefined : ref.type === 'ref/prompt' ? ref.name : ref.uri;
    const target =
      ref === undefined
        ? undefined
        : ref.type === 'ref/prompt'
          ? this.resolve(splitNamespacedName(ref.name, namespaces))
          : this.resolve(splitNamespacedUri(ref.uri, namespaces));
    if (value === undefined || target === undefined) {
      return {
        response: jsonRpcErrorFor('InvalidParams', request.id, {
          message: 'Invalid params: ref must name a known prompt or resource',
        }),
      };
    }
    const item =
      'name' in target
        ? { serverId: target.serverId, kind: 'prompts' as const, name: target.name }
        : { serverId: target.serverId, kind: 'resources' as const, name: target.uri };
    const audited = { serverId: target.serverId, name: 'name' in target ? target.name : target.uri };
    const decision = await this.access.authorize(exchange.principal, {
      method: request.method,
      ...authorizationTarget(item),
    });
    if (!decision.allowed) return permissionDenied(request.id, request.method, value, decision, audited);
    const inner = 'name' in target ? { ...ref, name: target.name } : { ...ref, uri: target.uri };
    const forwarded = { ...request, params: { ...params, ref: inner } };
    const result = await this.proxy.forward(target.serverId, forwardedCall(exchange, forwarded));
    return { ...result, target: audited };
  }
}

function notFound(id: JsonRpcId, kind: string, value: unknown): DispatchResult {
  // Never String(value): an object from the client may carry its own `toString`.
  const shown = typeof value === 'string' ? value.slice(0, 200) : typeof value;
  return kind === 'resource'
    ? { response: jsonRpcErrorFor('ResourceNotFound', id, { message: `Resource Not Found: ${shown}` }) }
    : {
        response: jsonRpcErrorFor('MethodNotFound', id, {
          message: `Method not found: unknown ${kind} '${shown}'`,
        }),
      };
}

/** Resource contents name their URI: give them the namespaced one the client asked for. */
function renameContents(result: DispatchResult, serverId: string): DispatchResult {
  const response = result.response;
  if (!('result' in response)) return result;
  const body = jsonRecordOf(response.result);
  const contents = body['contents'];
  if (!Array.isArray(contents)) return result;
  const renamed = contents.map((content: unknown) => {
    if (!isJsonRecord(content)) return content;
    const uri = content['uri'];
    return typeof uri === 'string' ? { ...content, uri: namespacedUri(serverId, uri) } : content;
  });
  return { ...result, response: { ...response, result: { ...body, contents: renamed } } };
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeCursor(cursor: unknown): number | undefined {
  if (cursor === undefined || cursor === null) return 0;
  if (typeof cursor !== 'string' || cursor.length > 100) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const offset = (parsed as { o?: unknown }).o;
    return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : undefined;
  } catch {
    return undefined;
  }
}
