// Tool namespacing (spec 2.1 "Naming"): tools are exposed as `<serverId>__<name>`. Server ids never
// contain `__` (see `isValidServerId` in `@platform/scopes`), so the first `__` separates the two.

export const NAMESPACE_SEPARATOR = '__';

export function namespacedToolName(serverId: string, toolName: string): string {
  return `${serverId}${NAMESPACE_SEPARATOR}${toolName}`;
}

/** `{ serverId, toolName }` split at the first `__`, or undefined when either side would be empty. */
export function splitNamespacedToolName(name: string): { serverId: string; toolName: string } | undefined {
  const at = name.indexOf(NAMESPACE_SEPARATOR);
  if (at <= 0 || at + NAMESPACE_SEPARATOR.length >= name.length) return undefined;
  return { serverId: name.slice(0, at), toolName: name.slice(at + NAMESPACE_SEPARATOR.length) };
}
