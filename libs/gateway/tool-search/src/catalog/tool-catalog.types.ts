// The shapes the search index is fed with: a backend server as the registry describes it and its
// tools as the backend's `tools/list` returned them, plus the catalog entry the index keeps per tool.

/** A backend server as far as search cares (spec 2.1 "Backend server record"). */
export interface ToolServerInfo {
  /** The server id: tool namespace and `/{targetServerId}` path segment. */
  readonly id: string;
  readonly displayName?: string;
  /** Normalized categories (see `parseCategories` in `@platform/scopes`). */
  readonly categories?: readonly string[];
}

/** A JSON Schema object as a backend sent it; untrusted, so read defensively. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/**
 * One tool from a backend's `tools/list`. Structurally compatible with the MCP SDK's `Tool`, so a
 * listed tool can be passed as it is; fields search does not use are ignored.
 */
export interface ToolDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchemaObject;
  readonly annotations?: { readonly title?: string };
}

/** A tool as the index keeps it: the definition, its server and the namespaced name. */
export interface ToolCatalogEntry {
  readonly serverId: string;
  readonly serverDisplayName?: string;
  readonly serverCategories: readonly string[];
  /** The bare tool name, as the backend knows it. */
  readonly name: string;
  /** `<serverId>__<name>`: what clients call. */
  readonly namespacedName: string;
  /** `title`, else `annotations.title`. */
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchemaObject;
}

/** Decides whether the caller may execute a tool; search never sees tools for which it says false. */
export type ToolVisibility = (entry: ToolCatalogEntry) => boolean;
