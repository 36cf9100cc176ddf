// An independent held-out set: written from the catalog alone by a writer who saw neither the
// ranker, its vocabulary, the other query sets nor any results. It is never used for tuning and is
// measured as a separate held-out set, so a change that only fits the tuning queries shows up here.
import { INDEPENDENT_BUSINESS_AND_WEB_QUERIES } from './independent/business-and-web.queries';
import { INDEPENDENT_COMMUNICATION_QUERIES } from './independent/communication.queries';
import { INDEPENDENT_DATA_AND_OPERATIONS_QUERIES } from './independent/data-and-operations.queries';
import { INDEPENDENT_DEVELOPMENT_QUERIES } from './independent/development.queries';
import { INDEPENDENT_REFERENCE_SERVERS_QUERIES } from './independent/reference-servers.queries';
import type { LabeledQuery } from './labeled-query';

export const INDEPENDENT_HELDOUT_QUERIES: readonly LabeledQuery[] = [
  ...INDEPENDENT_DEVELOPMENT_QUERIES,
  ...INDEPENDENT_COMMUNICATION_QUERIES,
  ...INDEPENDENT_BUSINESS_AND_WEB_QUERIES,
  ...INDEPENDENT_DATA_AND_OPERATIONS_QUERIES,
  ...INDEPENDENT_REFERENCE_SERVERS_QUERIES,
];
