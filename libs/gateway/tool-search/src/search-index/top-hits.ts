// Picks the best `limit` tools from the scored ones without sorting them all (a common word can
// match thousands of tools), in the deterministic order: score (rounded to 4 decimals) descending,
// then server id, then tool name.
import type { ToolCatalogEntry } from '../catalog/tool-catalog.types';

export interface RankedTool {
  readonly id: number;
  readonly entry: ToolCatalogEntry;
  readonly score: number;
}

export interface TopHits {
  readonly top: readonly RankedTool[];
  /** Tools with a positive score, before the limit. */
  readonly total: number;
}

export function selectTopHits(
  candidates: Iterable<number>,
  scores: Float64Array,
  entryOf: (id: number) => ToolCatalogEntry,
  limit: number,
): TopHits {
  const top: RankedTool[] = [];
  let total = 0;
  for (const id of candidates) {
    const score = roundScore(scores[id] ?? 0);
    if (score <= 0) continue;
    total += 1;
    const worst = top.length >= limit ? top[top.length - 1] : undefined;
    // Most matches score below the current last place: decide those without building a candidate.
    if (worst !== undefined && score < worst.score) continue;
    const candidate = { id, entry: entryOf(id), score };
    if (worst !== undefined && compareRanked(candidate, worst) >= 0) continue;
    let at = top.length;
    while (at > 0 && compareRanked(candidate, top[at - 1] as RankedTool) < 0) at -= 1;
    top.splice(at, 0, candidate);
    if (top.length > limit) top.pop();
  }
  return { top, total };
}

/**
 * Rounds a positive score to 4 decimals, like `Math.round(score * 1e4) / 1e4`, without `Math`: this
 * runs once per matching tool, and Jest's sandbox turns `Math` builtins into slow calls.
 */
export function roundScore(score: number): number {
  const scaled = score * 1e4;
  const fraction = scaled % 1;
  return (fraction >= 0.5 ? scaled - fraction + 1 : scaled - fraction) / 1e4;
}

/** Negative when `a` ranks before `b`. */
function compareRanked(a: RankedTool, b: RankedTool): number {
  return (
    b.score - a.score ||
    compareText(a.entry.serverId, b.entry.serverId) ||
    compareText(a.entry.name, b.entry.name)
  );
}

/** Code-unit order: locale-independent, so tie order is the same on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
