// The catalogs the evaluation runs on: servers as the gateway registry would describe them, each with
// the tool list its backend would return.
import type { ToolDefinition } from '@platform/tool-search';

export interface EvalServer {
  readonly id: string;
  readonly displayName: string;
  readonly categories: readonly string[];
  readonly tools: readonly ToolDefinition[];
}

export interface EvalCatalog {
  readonly name: string;
  readonly servers: readonly EvalServer[];
}

export function toolCount(catalog: EvalCatalog): number {
  return catalog.servers.reduce((sum, server) => sum + server.tools.length, 0);
}

export function namespacedNames(catalog: EvalCatalog): Set<string> {
  return new Set(
    catalog.servers.flatMap((server) => server.tools.map((tool) => `${server.id}__${tool.name}`)),
  );
}
