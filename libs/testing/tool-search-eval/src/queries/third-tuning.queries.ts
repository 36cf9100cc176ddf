// A third tuning set, written from the catalog alone by a writer who saw neither the ranker, its
// vocabulary, the other query sets nor any results. It is phrased the way verbose agents, CI bots,
// non-native speakers and outcome-oriented requests phrase needs, rather than as short keywords.
// Every query is in the tune split.
import type { LabeledQuery } from './labeled-query';
import { THIRD_BUSINESS_AND_WEB_QUERIES } from './third/business-and-web.queries';
import { THIRD_COMMUNICATION_QUERIES } from './third/communication.queries';
import { THIRD_DATA_AND_OPERATIONS_QUERIES } from './third/data-and-operations.queries';
import { THIRD_DEVELOPMENT_QUERIES } from './third/development.queries';
import { THIRD_REFERENCE_SERVERS_QUERIES } from './third/reference-servers.queries';

export const THIRD_TUNING_QUERIES: readonly LabeledQuery[] = [
  ...THIRD_DEVELOPMENT_QUERIES,
  ...THIRD_COMMUNICATION_QUERIES,
  ...THIRD_BUSINESS_AND_WEB_QUERIES,
  ...THIRD_DATA_AND_OPERATIONS_QUERIES,
  ...THIRD_REFERENCE_SERVERS_QUERIES,
];
