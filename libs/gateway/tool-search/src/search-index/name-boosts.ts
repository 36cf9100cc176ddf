// Boosts from a tool's name, applied to lexical scores as factors: how much of the name the query
// covers, whether the name's action is the query's leading action, and whether it contradicts the
// action the query asks for. Names are where tools say what they do; descriptions and parameters only
// add evidence.
import type { AnalyzedQuery } from '../text/query.analyzer';
import { contradictsIntent, queryIntent } from './action-intent';
import type { RankingOptions } from './ranking.options';
import type { ScoringContext } from './search-corpus';

/** The largest factor the boosts can apply, for the score bound (the intent factor only lowers). */
export function nameBoostBound(options: RankingOptions): number {
  return (1 + options.nameCoverageWeight) * (1 + options.leadingActionWeight);
}

/**
 * Multiplies each scored tool by three factors:
 * - name coverage, `1 + γ × (share of its name words the query contains)`, counting synonyms, joined
 *   words ("roll back" covers `rollback`), the prefix of the last word of need and actions a question
 *   implies ("which files…" covers `list` in `list_files`), so that "list issues" prefers
 *   `list_issues` to `list_issue_comments`;
 * - the leading action, `1 + λ` when the tool's action word is the query's first word of need or one
 *   of its synonyms: agents put the action first ("find Jira bugs assigned to me") and tools name it
 *   first (`search_issues`, not `assign_issue`);
 * - the action intent, `1 / (1 + μ)` when the tool's action class contradicts the query's
 *   (`action-intent.ts`): `create_issue` for "remove the issue…", `update_record` for "what fields…".
 * One pass over the matched tools (there can be thousands), with plain indexed loops.
 */
export function applyNameBoosts(
  context: ScoringContext,
  query: AnalyzedQuery,
  scores: Float64Array,
  matched: readonly number[],
): void {
  const coverageWeight = context.options.nameCoverageWeight;
  const actionWeight = context.options.leadingActionWeight;
  const needs = query.terms.filter((term) => !term.argumentOnly);
  const words = new Set([
    ...needs.flatMap((term) => [term.term, ...term.synonyms]),
    ...query.joinedWords,
    ...query.impliedActions,
  ]);
  // At most one term (the last word of the need) matches by prefix.
  const prefix = needs.find((term) => term.prefix)?.term;
  const lead = needs[0];
  const actions = new Set(lead === undefined || actionWeight === 0 ? [] : [lead.term, ...lead.synonyms]);
  const intentWeight = context.options.actionIntentWeight;
  const intent = intentWeight === 0 ? undefined : queryIntent(query);
  if (coverageWeight === 0 && actions.size === 0 && intent === undefined) return;
  const { tools } = context;
  for (let at = 0; at < matched.length; at += 1) {
    const id = matched[at] as number;
    const tool = tools[id];
    if (tool === undefined) continue;
    let factor = 1;
    const nameWords = tool.nameWords;
    if (coverageWeight !== 0 && nameWords.length > 0) {
      let covered = 0;
      for (let word = 0; word < nameWords.length; word += 1) {
        const nameWord = nameWords[word] as string;
        if (words.has(nameWord) || (prefix !== undefined && nameWord.startsWith(prefix))) covered += 1;
      }
      factor = 1 + (coverageWeight * covered) / nameWords.length;
    }
    if (tool.actionWord !== undefined && actions.has(tool.actionWord)) factor *= 1 + actionWeight;
    if (contradictsIntent(intent, tool.actionClass)) factor /= 1 + intentWeight;
    if (factor !== 1) scores[id] = (scores[id] as number) * factor;
  }
}
