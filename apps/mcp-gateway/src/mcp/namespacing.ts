// How backend items are named in aggregated views (spec 4.1): tools and prompts as
// `<serverId>__<name>`, resources as `mcp://<serverId>/<original uri>`. Server ids may contain
// `_`, so a name is split at the longest registered server id it starts with, not at the first `__`.
export const NAME_SEPARATOR = '__';
const RESOURCE_SCHEME = 'mcp://';

export function namespacedName(serverId: string, name: string): string {
  return `${serverId}${NAME_SEPARATOR}${name}`;
}

export interface SplitName {
  readonly serverId: string;
  readonly name: string;
}

export function splitNamespacedName(namespaced: string, serverIds: readonly string[]): SplitName | undefined {
  let best: SplitName | undefined;
  for (const serverId of serverIds) {
    const prefix = `${serverId}${NAME_SEPARATOR}`;
    if (!namespaced.startsWith(prefix) || namespaced.length === prefix.length) continue;
    if (best === undefined || serverId.length > best.serverId.length) {
      best = { serverId, name: namespaced.slice(prefix.length) };
    }
  }
  return best;
}

export function namespacedUri(serverId: string, uri: string): string {
  return `${RESOURCE_SCHEME}${serverId}/${uri}`;
}

export interface SplitUri {
  readonly serverId: string;
  readonly uri: string;
}

export function splitNamespacedUri(namespaced: string, serverIds: readonly string[]): SplitUri | undefined {
  if (!namespaced.startsWith(RESOURCE_SCHEME)) return undefined;
  const rest = namespaced.slice(RESOURCE_SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  const serverId = rest.slice(0, slash);
  const uri = rest.slice(slash + 1);
  return serverIds.includes(serverId) && uri !== '' ? { serverId, uri } : undefined;
}
