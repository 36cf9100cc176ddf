// The corpus of one search: the tools the caller may see (and the server filter lets through) with
// their collection statistics, and the context every scoring step reads. Shared by the BM25F scorer
// and the name boosts it applies.
import type { ActionClass } from './action-intent';
import type { RankingOptions } from './ranking.options';
import type { TermIndex } from './term.index';
import { FIELD_COUNT } from './tool-fields';

/** The tools one search ranks, and their collection statistics. */
export interface Corpus {
  /** `eligible[id] === 1` when the tool is visible to the caller and passes the server filter. */
  readonly eligible: Uint8Array;
  readonly count: number;
  readonly averageFieldLengths: Float64Array;
}

export interface CorpusTool {
  readonly fieldLengths: Uint16Array;
  /** Distinct words of the bare name, analyzed, without compounds. */
  readonly nameWords: readonly string[];
  /** The first name word that is not a word of the server's name (`search` in `jira_search_issues`). */
  readonly actionWord: string | undefined;
  /** The action class of the tool's name (`create` in `jira_create_issue`), if it names one. */
  readonly actionClass: ActionClass | undefined;
}

export function buildCorpus<T extends CorpusTool>(
  tools: readonly (T | undefined)[],
  include: (tool: T) => boolean,
): Corpus {
  const eligible = new Uint8Array(tools.length);
  const lengthSums = new Float64Array(FIELD_COUNT);
  let count = 0;
  for (let id = 0; id < tools.length; id += 1) {
    const tool = tools[id];
    if (tool === undefined || !include(tool)) continue;
    eligible[id] = 1;
    count += 1;
    const lengths = tool.fieldLengths;
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      lengthSums[field] = (lengthSums[field] as number) + (lengths[field] as number);
    }
  }
  // Lengths are integers, so these sums (and the scores) do not depend on the order tools were added.
  const averageFieldLengths = lengthSums.map((sum) => (count === 0 ? 0 : sum / count));
  return { eligible, count, averageFieldLengths };
}

export interface ScoringContext {
  readonly index: TermIndex;
  readonly tools: readonly (CorpusTool | undefined)[];
  readonly corpus: Corpus;
  readonly options: RankingOptions;
}
