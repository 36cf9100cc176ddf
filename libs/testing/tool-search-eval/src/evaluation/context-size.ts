// What tool definitions cost in the model's context: the `tools/list` result in Meta-Mode (two tools)
// against the aggregated list of every backend tool. Tokens are ESTIMATED as characters / 4 (no
// tokenizer ships in node_modules); the ratio between the two is what matters.
import { META_MODE_TOOLS } from '@platform/tool-search';
import type { EvalCatalog } from '../catalog/eval-catalog.types';

export const CHARACTERS_PER_TOKEN = 4;

export interface ContextSize {
  readonly characters: number;
  readonly estimatedTokens: number;
}

export function contextSize(value: unknown): ContextSize {
  const characters = JSON.stringify(value).length;
  return { characters, estimatedTokens: Math.ceil(characters / CHARACTERS_PER_TOKEN) };
}

/** `tools/list` as a Meta-Mode client receives it. */
export function metaModeToolsList(): { tools: readonly unknown[] } {
  return { tools: META_MODE_TOOLS };
}

/** `tools/list` with every backend tool, namespaced, as an aggregating gateway would return it. */
export function aggregatedToolsList(catalog: EvalCatalog): { tools: readonly unknown[] } {
  return {
    tools: catalog.servers.flatMap((server) =>
      server.tools.map((tool) => ({ ...tool, name: `${server.id}__${tool.name}` })),
    ),
  };
}
