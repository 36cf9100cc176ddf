// The fifth tuning set: 160 queries written by a helper session (an AI agent) from the evaluation
// catalog alone (its 1,000-tool variant: servers, tool names, descriptions, parameter names), with
// no sight of the ranker, its vocabulary, the other query sets or any benchmark result. For each
// query the tool(s) were picked first, then the need was phrased in the words of people who did not
// build those tools (product managers, support staff, finance, recruiters, analysts, SREs,
// students), deliberately avoiding the words of the tools' names and descriptions: British and
// Australian spellings, polite indirect requests, two-to-four word fragments, questions about state
// or outcome, and concrete names, ids, paths, dates and emails in about a third. Labels are "any
// of": an open query lists every catalog tool that can do the job, a query naming a product (NAMED)
// or using the `server` filter (within) only that server's tools. Every query is in the tune split.
import type { LabeledQuery } from './labeled-query';
import { FIFTH_BUSINESS_AND_WEB_QUERIES } from './fifth/business-and-web.queries';
import { FIFTH_COMMUNICATION_QUERIES } from './fifth/communication.queries';
import { FIFTH_DATA_AND_OPERATIONS_QUERIES } from './fifth/data-and-operations.queries';
import { FIFTH_DEVELOPMENT_QUERIES } from './fifth/development.queries';
import { FIFTH_REFERENCE_SERVER_QUERIES } from './fifth/reference-servers.queries';

export const FIFTH_TUNING_QUERIES: readonly LabeledQuery[] = [
  ...FIFTH_DEVELOPMENT_QUERIES,
  ...FIFTH_COMMUNICATION_QUERIES,
  ...FIFTH_BUSINESS_AND_WEB_QUERIES,
  ...FIFTH_DATA_AND_OPERATIONS_QUERIES,
  ...FIFTH_REFERENCE_SERVER_QUERIES,
];
