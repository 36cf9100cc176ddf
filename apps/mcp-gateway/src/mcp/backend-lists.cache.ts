// What each backend offers (tools, prompts, resources, resource templates), fetched through the
// proxy core, cached, and dropped when the backend says its list changed or its definition
// changes. A backend that is down or slow is left out of a listing after a short
// timeout instead of failing or stalling it; the omission is logged.
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ServerRegistry } from '../backends/registry/server-registry.service';
import { BackendNotificationHub } from '../backends/proxy/backend-notification.hub';
import { BackendProxy } from '../backends/proxy/backend-proxy.service';

export type ListKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

const LIST_METHODS: Readonly<Record<ListKind, string>> = {
  tools: 'tools/list',
  prompts: 'prompts/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
};

const CHANGE_NOTIFICATIONS: Readonly<Record<string, readonly ListKind[]>> = {
  'notifications/tools/list_changed': ['tools'],
  'notifications/prompts/list_changed': ['prompts'],
  'notifications/resources/list_changed': ['resources', 'resourceTemplates'],
};

/** A backend that returns more pages than this is cut off (a loop of cursors must not hang a listing). */
const MAX_PAGES = 50;

export const LIST_TIMEOUT_MS = Symbol('LIST_TIMEOUT_MS');

export type ListedItem = Readonly<Record<string, unknown>>;

@Injectable()
export class BackendListsCache {
  private readonly logger = new Logger('BackendLists');
  private readonly cache = new Map<string, Promise<ListedItem[]>>();

  constructor(
    private readonly registry: ServerRegistry,
    private readonly proxy: BackendProxy,
    hub: BackendNotificationHub,
    @Inject(LIST_TIMEOUT_MS) private readonly listTimeoutMs: number,
  ) {
    hub.subscribe(({ serverId, notification }) => {
      const kinds = CHANGE_NOTIFICATIONS[notification.method];
      if (kinds !== undefined) this.invalidate(serverId, kinds);
    });
    registry.onChange((ids) =>
      ids.forEach((id) => this.invalidate(id, Object.keys(LIST_METHODS) as ListKind[])),
    );
  }

  /** The servers whose items are listed: enabled and not hidden, in id order. */
  listedServers(): string[] {
    return this.registry
      .list()
      .filter((server) => server.definition.enabled && !server.definition.hidden)
      .map((server) => server.definition.id);
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
      cached = this.fetch(serverId, kind);
      this.cache.set(key, cached);
      // A failed fetch is not cached: the next listing asks again.
      cached.catch(() => this.cache.delete(key));
    }
    return cached;
  }

  invalidate(serverId: string, kinds: readonly ListKind[]): void {
    for (const kind of kinds) this.cache.delete(`${serverId}\u0000${kind}`);
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
      const body = (response.result ?? {}) as Record<string, unknown>;
      const pageItems = body[kind];
      if (Array.isArray(pageItems)) items.push(...(pageItems as ListedItem[]));
      cursor =
        typeof body['nextCursor'] === 'string' && body['nextCursor'] !== '' ? body['nextCursor'] : undefined;
      if (cursor === undefined) break;
    }
    return items;
  }

  private omit(serverId: string, kind: ListKind, reason: string): void {
    this.logger.warn(`Left "${serverId}" out of ${LIST_METHODS[kind]}: ${reason}`);
  }
}
