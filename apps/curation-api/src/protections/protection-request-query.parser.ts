// Reads GET /api/v1/protection-requests' query string: status, limit, offset. Bad, repeated or
// unknown parameters are 400s naming the parameter and what it takes.
import { integerValue, offsetValue, oneOf } from '../catalog/catalog-query.parser';
import { rejectUnknownParameters, textParameter } from '../categories/single-query-value';
import type { RequestListQuery } from './protection-request.service';
import { REQUEST_STATUSES } from './protection.repository';

export const REQUEST_LIST_PARAMETERS = ['status', 'limit', 'offset'] as const;
export const REQUEST_LIST_DEFAULT_LIMIT = 100;
export const REQUEST_LIST_MAX_LIMIT = 500;

export function parseRequestListQuery(query: Record<string, unknown>): RequestListQuery {
  rejectUnknownParameters(query, REQUEST_LIST_PARAMETERS);
  const text = (name: string) => textParameter(query, name);
  return {
    status: oneOf('status', text('status'), REQUEST_STATUSES),
    limit: integerValue('limit', text('limit'), 1, REQUEST_LIST_MAX_LIMIT) ?? REQUEST_LIST_DEFAULT_LIMIT,
    offset: offsetValue(text('offset')),
  };
}
