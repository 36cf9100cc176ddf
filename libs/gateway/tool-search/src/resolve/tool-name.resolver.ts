// Resolves the `name` argument of `execute_tool` to one catalog entry. Namespaced names are taken as
// they are (authorization then decides, and its error names the inner tool, spec 5.1); bare names are
// resolved among the tools the caller can see only, so neither a resolution nor an ambiguity error
// ever reveals a tool the caller may not use.
import type { ToolCatalogEntry, ToolVisibility } from '../catalog/tool-catalog.types';
import { namespacedName } from '@platform/scopes';

export type ToolNameResolution =
  | { readonly kind: 'resolved'; readonly entry: ToolCatalogEntry }
  | {
      readonly kind: 'ambiguous';
      readonly name: string;
      /** Namespaced names of the visible tools with this bare name, sorted. */
      readonly candidates: readonly string[];
      readonly message: string;
    }
  | { readonly kind: 'unknown'; readonly name: string; readonly message: string };

export interface ToolNameResolutionOptions {
  /** The caller's authorization; bare names are resolved among visible tools only. */
  readonly isVisible: ToolVisibility;
}

/** `server/tool` and `server:tool` are accepted for `server__tool` (first separator only). */
const ALTERNATIVE_SEPARATOR = /[/:]/;

/**
 * In order: the exact namespaced name (`server__tool`, case-sensitive); the same with `/` or `:` as the
 * separator; a bare name that exactly one visible tool has. Several visible tools with the bare name
 * give `ambiguous`; anything else `unknown`.
 */
export function resolveToolName(
  catalog: Iterable<ToolCatalogEntry>,
  name: string,
  options: ToolNameResolutionOptions,
): ToolNameResolution {
  const wanted = name.trim();
  const alternative = alternativeSpelling(wanted);
  let exact: ToolCatalogEntry | undefined;
  let alternativeMatch: ToolCatalogEntry | undefined;
  const bareMatches: ToolCatalogEntry[] = [];
  for (const entry of catalog) {
    if (entry.namespacedName === wanted) exact = entry;
    else if (entry.namespacedName === alternative) alternativeMatch = entry;
    if (entry.name === wanted && options.isVisible(entry)) bareMatches.push(entry);
  }
  const named = exact ?? alternativeMatch;
  if (named !== undefined) return { kind: 'resolved', entry: named };
  const [only, ...others] = bareMatches;
  if (only !== undefined && others.length === 0) return { kind: 'resolved', entry: only };
  if (only !== undefined) {
    const candidates = bareMatches.map((entry) => entry.namespacedName).sort();
    return {
      kind: 'ambiguous',
      name: wanted,
      candidates,
      message:
        `Tool name '${wanted}' is ambiguous: ${candidates.join(', ')}. ` +
        `Call execute_tool again with one of these namespaced names.`,
    };
  }
  return {
    kind: 'unknown',
    name: wanted,
    message:
      wanted.length === 0
        ? 'A tool name is required: use a name that search_tools returned.'
        : `Unknown tool '${wanted}'. Use search_tools to find the tool and call it by the name it returns.`,
  };
}

function alternativeSpelling(name: string): string | undefined {
  const at = name.search(ALTERNATIVE_SEPARATOR);
  if (at <= 0 || at === name.length - 1) return undefined;
  return namespacedName(name.slice(0, at), name.slice(at + 1));
}
