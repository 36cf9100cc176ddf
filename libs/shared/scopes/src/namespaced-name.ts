// The one rule for `<serverId>__<name>` (tool and prompt names in the aggregated views, Meta-Mode
// and the scope grammar). Routing, scope checks, RBAC keys and the tool index all split names here,
// so a name cannot reach one server while its scopes are checked against another.

export const NAMESPACE_SEPARATOR = '__';

export interface NamespacedName {
  readonly serverId: string;
  readonly name: string;
}

export function namespacedName(serverId: string, name: string): string {
  return `${serverId}${NAMESPACE_SEPARATOR}${name}`;
}

/**
 * Splits `<serverId>__<name>`; undefined when either side would be empty.
 *
 * With `serverIds` (the registered ids or namespaces), the server is the longest of them the name
 * starts with, followed by `__`: an id may contain `_`, and routing may only pick a server that
 * exists. Without them, the split is at the first `__`. The two agree for every well-formed id
 * (`isValidServerId` forbids `__` inside an id and `_` at its end), and for any other id the
 * registered form can only name a longer id, which `isValidServerId` then refuses, so passing the
 * ids never makes a scope check grant more.
 */
export function splitNamespacedName(
  namespaced: string,
  serverIds?: Iterable<string>,
): NamespacedName | undefined {
  if (serverIds === undefined) {
    const at = namespaced.indexOf(NAMESPACE_SEPARATOR);
    if (at <= 0 || at + NAMESPACE_SEPARATOR.length >= namespaced.length) return undefined;
    return { serverId: namespaced.slice(0, at), name: namespaced.slice(at + NAMESPACE_SEPARATOR.length) };
  }
  let best: NamespacedName | undefined;
  for (const serverId of serverIds) {
    const prefix = `${serverId}${NAMESPACE_SEPARATOR}`;
    if (serverId === '' || !namespaced.startsWith(prefix) || namespaced.length === prefix.length) continue;
    if (best === undefined || serverId.length > best.serverId.length) {
      best = { serverId, name: namespaced.slice(prefix.length) };
    }
  }
  return best;
}
