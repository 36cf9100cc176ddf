// The whole labelled query set, with its split. Written from intents first, labelled afterwards
// against the 1,000-tool catalog; `labeled-queries.spec.ts` checks that every answer exists.
import { BUSINESS_AND_WEB_QUERIES } from './business-and-web.queries';
import { COMMUNICATION_QUERIES } from './communication.queries';
import { DATA_AND_OPERATIONS_QUERIES } from './data-and-operations.queries';
import { DEVELOPMENT_QUERIES } from './development.queries';
import type { LabeledQuery } from './labeled-query';
import { REFERENCE_SERVER_QUERIES } from './reference-server.queries';

export const LABELED_QUERIES: readonly LabeledQuery[] = [
  ...REFERENCE_SERVER_QUERIES,
  ...DEVELOPMENT_QUERIES,
  ...COMMUNICATION_QUERIES,
  ...DATA_AND_OPERATIONS_QUERIES,
  ...BUSINESS_AND_WEB_QUERIES,
];

/** The query restricted to the tools of a catalog, or undefined when none of its answers is there. */
export function restrictToCatalog(query: LabeledQuery, tools: ReadonlySet<string>): LabeledQuery | undefined {
  const answers = query.answers.filter((answer) => tools.has(answer));
  return answers.length === 0 ? undefined : { ...query, answers };
}
