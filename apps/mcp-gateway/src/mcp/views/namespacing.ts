// How backend items are named in aggregated views (spec 4.1): tools and prompts as
// `<serverId>__<name>` (split and joined by `@platform/scopes`, the rule scopes use too), resources
// as `mcp://<serverId>/<original uri>`.
// The built-in `router` server's URIs (`router://…`, `logs://…`) are not wrapped: their schemes
// are the gateway's own, and spec 2.1 names them as they are. `authorizationTarget` is the one
// name every view authorizes an item by (docs/decisions/020-one-decision-per-item-in-every-view.md).
import { extractServerId, namespacedName } from '@platform/scopes';
import type { ListKind } from './backend-lists.cache';

const RESOURCE_SCHEME = 'mcp://';
const ROUTER_ID = 'router';
const ROUTER_SCHEMES = ['router://', 'logs://'];

export function namespacedUri(serverId: string, uri: string): string {
  return serverId === ROUTER_ID ? uri : `${RESOURCE_SCHEME}${serverId}/${uri}`;
}

export interface SplitUri {
  /** The backend that serves the resource. */
  readonly serverId: string;
  readonly uri: string;
}

/**
 * The server a resource belongs to for authorization: its backend, except that the router's
 * `logs://<serverId>/…` belong to `<serverId>` (spec 2.1 "Server id extraction").
 */
export function resourceOwner(serverId: string, uri: string): string {
  return serverId === ROUTER_ID ? (extractServerId(uri) ?? ROUTER_ID) : serverId;
}

export function splitNamespacedUri(namespaced: string, serverIds: readonly string[]): SplitUri | undefined {
  if (ROUTER_SCHEMES.some((scheme) => namespaced.startsWith(scheme))) {
    return serverIds.includes(ROUTER_ID) ? { serverId: ROUTER_ID, uri: namespaced } : undefined;
  }
  if (!namespaced.startsWith(RESOURCE_SCHEME)) return undefined;
  const rest = namespaced.slice(RESOURCE_SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  const serverId = rest.slice(0, slash);
  const uri = rest.slice(slash + 1);
  return serverIds.includes(serverId) && uri !== '' ? { serverId, uri } : undefined;
}

/** One item of a backend, as the backend names it: a tool or prompt name, a resource URI or URI template. */
export interface BackendItem {
  readonly serverId: string;
  /** The list the item belongs to. */
  readonly kind: ListKind;
  /** The backend's own name or URI. */
  readonly name: string;
}

export interface AuthorizationTarget {
  /** `<serverId>__<name>` or `mcp://<serverId>/<uri>`: what scopes and RBAC rows name. */
  readonly target: string;
  /** The server the item belongs to for scopes and RBAC (see `resourceOwner`). */
  readonly serverId: string;
}

/**
 * The target every view authorizes an item by, whatever the view calls it: the direct view's
 * `write_file`, the aggregated view's `<alias>__write_file` and Meta-Mode's `<serverId>__write_file`
 * are all `<serverId>__write_file` here. Always the server id, never an alias: scopes, RBAC rows
 * and the audit key on the id, so an alias can neither widen nor narrow access.
 */
export function authorizationTarget(item: BackendItem): AuthorizationTarget {
  switch (item.kind) {
    case 'tools':
    case 'prompts':
      return { target: namespacedName(item.serverId, item.name), serverId: item.serverId };
    case 'resources':
    case 'resourceTemplates':
      return {
        target: namespacedUri(item.serverId, item.name),
        serverId: resourceOwner(item.serverId, item.name),
      };
  }
}
