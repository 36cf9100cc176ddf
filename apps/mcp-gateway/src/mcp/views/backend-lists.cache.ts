// What each backend offers (tools, prompts, resources, resource templates), fetched through the
// proxy core, cached, and dropped when the backend says its list changed or its definition
// changes. A backend that is down or slow is left out of a listing after a short
// timeout instead of failing or stalling it; the omission is logged.
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BackendServerDefinition } from '../../backends/backend-server';
import { ServerRegistry } from '../../backends/registry/server-registry.service';
import { BackendNotificationHub } from '../../backends/proxy/backend-notification.hub';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { jsonRecordOf } from '../../json-record';

export type ListKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

const LIST_METHODS: Readonly<Record<ListKind, string>> = {
  tools: 'tools/list',
  prompts: 'prompts/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
};

const KIND_OF_LIST_METHOD: ReadonlyMap<string, ListKind> = new Map(
  Object.entries(LIST_METHODS).map(([kind, method]) => [method, kind as ListKind]),
);

/** The list a list method returns (`tools/list` → `tools`), undefined for any other method. */
export function listKindOf(method: string): ListKind | undefined {
  return KIND_OF_LIST_METHOD.get(method);
}

/** By notification method; a Map, since the method comes from the backend. */
const CHANGE_NOTIFICATIONS: ReadonlyMap<string, readonly ListKind[]> = new Map<string, readonly ListKind[]>([
  ['notifications/tools/list_changed', ['tools']],
  ['notifications/prompts/list_changed', ['prompts']],
  ['notifications/resources/list_changed', ['resources', 'resourceTemplates']],
]);

/** A backend that returns more pages than this is cut off (a loop of cursors must not hang a listing). */
const MAX_PAGES = 50;

export const LIST_TIMEOUT_MS = Symbol('LIST_TIMEOUT_MS');

export type ListedItem = Readonly<Record<string, unknown>>;

/** A backend's lists changed (it said so, or its definition changed); `previous` is what was cached. */
export interface ListChange {
  readonly serverId: string;
  readonly kinds: readonly ListKind[];
  readonly previous: Readonly<Partial<Record<ListKind, readonly ListedItem[]>>>;
}

export type ListChangeListener = (change: ListChange) => void;

const ALL_KINDS = Object.keys(LIST_METHODS) as ListKind[];

interface NamespaceTable {
  readonly byNamespace: ReadonlyMap<string, string>;
  readonly byServer: ReadonlyMap<string, string>;
}

/** The last time a backend's items were left out of a listing, and why. */
export interface ListOmission {
  readonly serverId: string;
  readonly method: string;
  readonly reason: string;
  readonly at: string;
}

@Injectable()
export class BackendListsCache {
  private readonly logger = new Logger('BackendLists');
  private readonly cache = new Map<string, Promise<ListedItem[]>>();
  private readonly omitted = new Map<string, ListOmission>();
  /** The resolved value of each cached list, so a change can say what was there before. */
  private readonly settled = new Map<string, readonly ListedItem[]>();
  private readonly listeners = new Set<ListChangeListener>();
  /** Derived from the registry; looked up for every listed item, so kept until the registry changes. */
  private namespacesOfServers?: NamespaceTable;

  constructor(
    private readonly registry: ServerRegistry,
    private readonly proxy: BackendProxy,
    hub: BackendNotificationHub,
    @Inject(LIST_TIMEOUT_MS) private readonly listTimeoutMs: number,
  ) {
    hub.subscribe(({ serverId, notification }) => {
      const kinds = CHANGE_NOTIFICATIONS.get(notification.method);
      if (kinds !== undefined) this.changed(serverId, kinds);
    });
    registry.onChange((ids) => {
      this.namespacesOfServers = undefined;
      ids.forEach((id) => this.changed(id, ALL_KINDS));
    });
  }

  /** Called after the cached lists of a changed backend were dropped. */
  onChange(listener: ListChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The servers whose items are listed: enabled and not hidden, in id order. */
  listedServers(): string[] {
    return this.listed().map((server) => server.id);
  }

  /**
   * Namespace → server id of the listed servers. A server's namespace is its alias when it has one
   * that no other server uses as id or alias (the API and the file refuse such clashes; one between
   * the two sources leaves the later alias unused), else its id.
   */
  namespaces(): ReadonlyMap<string, string> {
    return this.namespaceTable().byNamespace;
  }

  /** The namespace of a server's items in the aggregated views. */
  namespaceOf(serverId: string): string {
    return this.namespaceTable().byServer.get(serverId) ?? serverId;
  }

  /** Items of every listed server, in server order; servers that fail are left out. */
  async everywhere(kind: ListKind): Promise<Array<{ serverId: string; items: ListedItem[] }>> {
    const servers = this.listedServers();
    const lists = await Promise.all(servers.map((serverId) => this.of(serverId, kind).catch(() => [])));
    return servers.map((serverId, index) => ({ serverId, items: lists[index] ?? [] }));
  }

  of(serverId: string, kind: ListKind): Promise<ListedItem[]> {
    const key = `${serverId}\u0000${kind}`;
    let cached = this.cache.get(key);
    if (cached === undefined) {
      const fetched = this.fetch(serverId, kind);
      cached = fetched;
      this.cache.set(key, fetched);
      fetched.then(
        (items) => {
          if (this.cache.get(key) === fetched) this.settled.set(key, items);
        },
        // A failed fetch is not cached: the next listing asks again.
        () => {
          if (this.cache.get(key) === fetched) this.cache.delete(key);
        },
      );
    }
    return cached;
  }

  /** How many items the last successful listing found, without asking the backend; undefined when none is cached. */
  knownCount(serverId: string, kind: ListKind): number | undefined {
    return this.settled.get(`${serverId}\u0000${kind}`)?.length;
  }

  /** Backends whose last listing failed, by server and list (cleared by the next success). */
  omissions(): ListOmission[] {
    return [...this.omitted.values()];
  }

  invalidate(serverId: string, kinds: readonly ListKind[]): void {
    for (const kind of kinds) {
      this.cache.delete(`${serverId}\u0000${kind}`);
      this.settled.delete(`${serverId}\u0000${kind}`);
    }
  }

  private listed(): BackendServerDefinition[] {
    return this.registry
      .list()
      .map((server) => server.definition)
      .filter((server) => server.enabled && !server.hidden);
  }

  private namespaceTable(): NamespaceTable {
    if (this.namespacesOfServers !== undefined) return this.namespacesOfServers;
    const ids = new Set(this.registry.list().map((server) => server.definition.id));
    const byNamespace = new Map<string, string>();
    const byServer = new Map<string, string>();
    for (const server of this.listed()) {
      const alias = server.alias;
      const namespace = alias !== undefined && !ids.has(alias) && !byNamespace.has(alias) ? alias : server.id;
      byNamespace.set(namespace, server.id);
      byServer.set(server.id, namespace);
    }
    this.namespacesOfServers = { byNamespace, byServer };
    return this.namespacesOfServers;
  }

  private changed(serverId: string, kinds: readonly ListKind[]): void {
    const previous: Partial<Record<ListKind, readonly ListedItem[]>> = {};
    for (const kind of kinds) {
      const items = this.settled.get(`${serverId}\u0000${kind}`);
      if (items !== undefined) previous[kind] = items;
    }
    this.invalidate(serverId, kinds);
    for (const listener of this.listeners) listener({ serverId, kinds, previous });
  }

  private async fetch(serverId: string, kind: ListKind): Promise<ListedItem[]> {
    const items: ListedItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await this.proxy.forward(serverId, {
        sessionId: 'gateway-catalog',
        request: {
          jsonrpc: '2.0',
          id: randomBytes(8).toString('hex'),
          method: LIST_METHODS[kind],
          ...(cursor === undefined ? {} : { params: { cursor } }),
        },
        timeoutMs: this.listTimeoutMs,
      });
      const response = result.response;
      if ('error' in response) {
        // "Method not found" means the server has no such capability: an empty list, not a failure.
        if (response.error.code === -32601 && result.outcome === 'completed') return [];
        this.omit(serverId, kind, response.error.message);
        throw new Error(response.error.message);
      }
      const body = jsonRecordOf(response.result);
      const pageItems = body[kind];
      if (Array.isArray(pageItems)) items.push(...(pageItems as ListedItem[]));
      cursor =
        typeof body['nextCursor'] === 'string' && body['nextCursor'] !== '' ? body['nextCursor'] : undefined;
      if (cursor === undefined) break;
    }
    this.omitted.delete(`${serverId}\u0000${kind}`);
    return items;
  }

  private omit(serverId: string, kind: ListKind, reason: string): void {
    const method = LIST_METHODS[kind];
    this.omitted.set(`${serverId}\u0000${kind}`, { serverId, method, reason, at: new Date().toISOString() });
    this.logger.warn(`Left "${serverId}" out of ${method}: ${reason}`);
  }
}
