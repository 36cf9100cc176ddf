// A query as an agent would send it to `search_tools`, with the tools that satisfy it. Labels are
// "any of": a result list is right when it contains at least one of `answers`. When no server is
// named and several servers can do the job, all of them are answers.
import { hashText } from '../random/seeded-random';

export type QuerySplit = 'tune' | 'heldout';

export interface LabeledQuery {
  /** Stable id; it also decides the split, so ids are never reused for different queries. */
  readonly id: string;
  readonly query: string;
  /** Namespaced tool names; any of them is a correct answer. */
  readonly answers: readonly string[];
  /** The `server` argument of `search_tools`, when the agent used it. */
  readonly server?: string;
  /** True when the query text names the product or server ("…on GitHub"). */
  readonly serverHint: boolean;
  /** Set for queries written as tuning data; otherwise the split comes from the id's hash. */
  readonly split?: QuerySplit;
}

/**
 * The split comes from a hash of the id, not from a choice: tuning happens on `tune`, the headline
 * figures are `heldout`. Queries written as tuning data say so with `split`.
 */
export function splitOf(query: Pick<LabeledQuery, 'id' | 'split'>): QuerySplit {
  if (query.split !== undefined) return query.split;
  return hashText(query.id) % 2 === 0 ? 'tune' : 'heldout';
}

/** The query restricted to the tools of a catalog, or undefined when none of its answers is there. */
export function restrictToCatalog(query: LabeledQuery, tools: ReadonlySet<string>): LabeledQuery | undefined {
  const answers = query.answers.filter((answer) => tools.has(answer));
  return answers.length === 0 ? undefined : { ...query, answers };
}
