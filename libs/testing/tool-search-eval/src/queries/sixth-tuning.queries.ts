// The sixth tuning set: 160 queries written by a helper agent session from the 1,000-tool catalog
// listing alone (server ids, namespaced tool names, descriptions and parameter names), without
// sight of the ranker, its vocabulary, the other query sets or any benchmark result. The phrasing
// mixes three voices in about equal parts: search-box fragments of a few nouns; specialists
// (platform, security, data, finance, customer-success and marketing people) in their own jargon;
// and agents describing the first step of a longer plan, labelled with the tools for that step.
// Wording paraphrases the need instead of the tool's name or description. Open queries (most of
// the set) list every tool in the catalog that can meet the need; queries naming a product, or
// using the server filter, are answered inside that one server. Every query is in the tune split.
import type { LabeledQuery } from './labeled-query';
import { SIXTH_BUSINESS_AND_WEB_QUERIES } from './sixth/business-and-web.queries';
import { SIXTH_COMMUNICATION_QUERIES } from './sixth/communication.queries';
import { SIXTH_DATA_AND_OPERATIONS_QUERIES } from './sixth/data-and-operations.queries';
import { SIXTH_DEVELOPMENT_QUERIES } from './sixth/development.queries';
import { SIXTH_REFERENCE_SERVER_QUERIES } from './sixth/reference-servers.queries';

export const SIXTH_TUNING_QUERIES: readonly LabeledQuery[] = [
  ...SIXTH_DEVELOPMENT_QUERIES,
  ...SIXTH_COMMUNICATION_QUERIES,
  ...SIXTH_BUSINESS_AND_WEB_QUERIES,
  ...SIXTH_DATA_AND_OPERATIONS_QUERIES,
  ...SIXTH_REFERENCE_SERVER_QUERIES,
];
