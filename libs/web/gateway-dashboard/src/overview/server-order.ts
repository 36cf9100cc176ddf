// How the server list is searched, sorted and grouped: pure functions of the list and the
// toolbar's choices, so the page stays a view.
import type { Server, ServerState } from '../api/types';

export type SortKey = 'status' | 'name' | 'transport';
export type GroupKey = 'none' | 'status' | 'category' | 'transport';

/** Trouble first: what needs the reader's attention leads. */
const STATE_PRIORITY: Readonly<Record<ServerState, number>> = {
  Failed: 0,
  Retrying: 1,
  Connecting: 2,
  Disconnected: 3,
  Connected: 4,
  Disabled: 5,
};

export function matches(server: Server, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    server.id,
    server.displayName,
    server.alias ?? '',
    server.url,
    server.type,
    ...server.categories,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

export function sortServers(servers: readonly Server[], key: SortKey): Server[] {
  const byName = (a: Server, b: Server) =>
    a.displayName.localeCompare(b.displayName) || a.id.localeCompare(b.id);
  return [...servers].sort((a, b) => {
    if (key === 'status')
      return STATE_PRIORITY[a.status.state] - STATE_PRIORITY[b.status.state] || byName(a, b);
    if (key === 'transport') return a.type.localeCompare(b.type) || byName(a, b);
    return byName(a, b);
  });
}

/** Groups in a stable order; a server with several categories is listed under each. */
export function groupServers(servers: readonly Server[], key: GroupKey): [string, Server[]][] {
  if (key === 'none') return [['All servers', [...servers]]];
  const groups = new Map<string, Server[]>();
  for (const server of servers) {
    const names =
      key === 'status'
        ? [server.status.state]
        : key === 'transport'
          ? [server.type]
          : server.categories.length > 0
            ? server.categories
            : ['No category'];
    for (const name of names) groups.set(name, [...(groups.get(name) ?? []), server]);
  }
  return [...groups.entries()].sort(([a], [b]) =>
    key === 'status'
      ? STATE_PRIORITY[a as ServerState] - STATE_PRIORITY[b as ServerState]
      : a.localeCompare(b),
  );
}
