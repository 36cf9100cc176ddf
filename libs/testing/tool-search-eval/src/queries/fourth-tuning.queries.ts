// The fourth tuning set: 160 queries written by a helper agent session from the 1,000-tool catalog
// listing alone (server ids, tool names, descriptions and parameter names), without sight of the
// ranker, its vocabulary, the other query sets or any benchmark result. The queries are phrased the
// way IDE coding agents and autonomous agents ask mid-task: terse imperatives with concrete values
// (paths, refs, PR numbers, issue keys, #channels, @handles, addresses), goals and symptoms instead of
// operation names, questions about state, and each domain's jargon, from two words to forty. Labels
// are "any of": an open query lists every catalog tool that satisfies it; a query naming a product or
// using the server filter lists only that server's tools. Every query is in the tune split.
import type { LabeledQuery } from './labeled-query';
import { FOURTH_BUSINESS_AND_WEB_QUERIES } from './fourth/business-and-web.queries';
import { FOURTH_COMMUNICATION_QUERIES } from './fourth/communication.queries';
import { FOURTH_DATA_AND_OPERATIONS_QUERIES } from './fourth/data-and-operations.queries';
import { FOURTH_DEVELOPMENT_QUERIES } from './fourth/development.queries';
import { FOURTH_REFERENCE_SERVER_QUERIES } from './fourth/reference-servers.queries';

export const FOURTH_TUNING_QUERIES: readonly LabeledQuery[] = [
  ...FOURTH_DEVELOPMENT_QUERIES,
  ...FOURTH_COMMUNICATION_QUERIES,
  ...FOURTH_BUSINESS_AND_WEB_QUERIES,
  ...FOURTH_DATA_AND_OPERATIONS_QUERIES,
  ...FOURTH_REFERENCE_SERVER_QUERIES,
];
