// Tells connected clients when what they can list has changed (spec 4.1 list_changed; a frequent
// complaint about other gateways is that they swallow these). A backend's `list_changed`, or a
// change of its definition, reaches the sessions on that backend's direct view and the aggregated
// and Meta-Mode sessions whose principal could see at least one of the backend's items before or
// after the change, decided with the rules as they are now for the principal that last used the
// session, so a caller learns nothing about items it cannot see. Meta-Mode always shows the same
// two tools, so it gets no `tools/list_changed` (its search index follows on its own).
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { JsonRpcNotification } from '@platform/jsonrpc';
import { AggregatedCatalog } from './aggregated-catalog.service';
import { BackendListsCache, type ListChange, type ListedItem, type ListKind } from './backend-lists.cache';
import type { ClientSession } from '../sessions/client-session';
import { SessionRegistry } from '../sessions/session.registry';

const NOTIFICATION_OF: Readonly<Record<ListKind, string>> = {
  tools: 'notifications/tools/list_changed',
  prompts: 'notifications/prompts/list_changed',
  resources: 'notifications/resources/list_changed',
  resourceTemplates: 'notifications/resources/list_changed',
};

/** Backends announce changes in bursts (one per registered item at start-up): send one per burst. */
export const LIST_CHANGE_COALESCE_MS = 50;

interface PendingChange {
  readonly kinds: Set<ListKind>;
  readonly previous: Partial<Record<ListKind, readonly ListedItem[]>>;
}

@Injectable()
export class ListChangeRelay implements OnModuleDestroy {
  private readonly logger = new Logger('ListChanges');
  private readonly pending = new Map<string, PendingChange>();
  private timer?: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly lists: BackendListsCache,
    private readonly catalog: AggregatedCatalog,
    private readonly sessions: SessionRegistry,
  ) {
    this.unsubscribe = lists.onChange((change) => this.collect(change));
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    clearTimeout(this.timer);
  }

  private collect(change: ListChange): void {
    const pending = this.pending.get(change.serverId) ?? { kinds: new Set<ListKind>(), previous: {} };
    for (const kind of change.kinds) {
      pending.kinds.add(kind);
      // The first burst member's cache is the state the clients last saw.
      pending.previous[kind] ??= change.previous[kind];
    }
    this.pending.set(change.serverId, pending);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'Could not forward list changes'),
      );
    }, LIST_CHANGE_COALESCE_MS);
  }

  private async flush(): Promise<void> {
    const changes = [...this.pending];
    this.pending.clear();
    for (const [serverId, change] of changes) {
      for (const kind of change.kinds) await this.announce(serverId, kind, change.previous[kind] ?? []);
    }
  }

  private async announce(serverId: string, kind: ListKind, previous: readonly ListedItem[]): Promise<void> {
    const sessions = this.sessions.all().filter((session) => session.hasStream);
    if (sessions.length === 0) return;
    const notification: JsonRpcNotification = { jsonrpc: '2.0', method: NOTIFICATION_OF[kind] };
    const current = await this.lists.of(serverId, kind).catch(() => []);
    const items = [...previous, ...current];
    const told = new Set<ClientSession>();
    for (const session of sessions) {
      if (told.has(session) || !(await this.concerns(session, serverId, kind, items))) continue;
      told.add(session);
      session.send(notification);
    }
  }

  private async concerns(
    session: ClientSession,
    serverId: string,
    kind: ListKind,
    items: readonly ListedItem[],
  ): Promise<boolean> {
    const { mode } = session;
    switch (mode.kind) {
      case 'direct':
        if (mode.serverId !== serverId) return false;
        return this.catalog.seesAny(session.principal, kind, serverId, items);
      case 'meta':
        if (kind === 'tools') return false;
        return this.catalog.seesAny(session.principal, kind, serverId, items);
      case 'aggregate':
        return this.catalog.seesAny(session.principal, kind, serverId, items);
    }
  }
}
