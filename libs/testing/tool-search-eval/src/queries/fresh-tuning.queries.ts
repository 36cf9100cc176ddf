// A second tuning set for the tool-search ranker: 160 queries written from the catalog alone
// (families, reference tool lists), independently of the ranker, of its vocabulary and synonyms, and of
// the other query files. They phrase needs the way agents and people do (jargon, abbreviations, typos,
// keyword fragments, concrete ids) so that tuning meets wordings nobody chose with the ranker in mind.
// Every query here is in the `tune` split whatever its id hashes to; none is a headline (held-out) query.
// The queries live in ./fresh/, one file per domain as for the first set.
import type { LabeledQuery } from './labeled-query';
import { FRESH_BUSINESS_AND_WEB_QUERIES } from './fresh/business-and-web.queries';
import { FRESH_COMMUNICATION_QUERIES } from './fresh/communication.queries';
import { FRESH_DATA_AND_OPERATIONS_QUERIES } from './fresh/data-and-operations.queries';
import { FRESH_DEVELOPMENT_QUERIES } from './fresh/development.queries';
import { FRESH_REFERENCE_SERVER_QUERIES } from './fresh/reference-servers.queries';

export const FRESH_TUNING_QUERIES: readonly LabeledQuery[] = [
  ...FRESH_DEVELOPMENT_QUERIES,
  ...FRESH_COMMUNICATION_QUERIES,
  ...FRESH_BUSINESS_AND_WEB_QUERIES,
  ...FRESH_DATA_AND_OPERATIONS_QUERIES,
  ...FRESH_REFERENCE_SERVER_QUERIES,
];
