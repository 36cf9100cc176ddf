// Reads GET /api/v1/audit's query string (spec 8: limit defaults to 250; at most 1000 here). Bad,
// repeated or unknown parameters are 400s naming the parameter and the values it takes.
import { integerValue, offsetValue, oneOf } from '../catalog/catalog-query.parser';
import { invalidParameter, rejectUnknownParameters, textParameter } from '../categories/single-query-value';
import { AUDIT_ACTIONS } from './audit-actions';
import type { LedgerFilter } from './audit-ledger.repository';

export const AUDIT_PARAMETERS = ['limit', 'offset', 'action', 'actor', 'from', 'to'] as const;
export const AUDIT_DEFAULT_LIMIT = 250;
export const AUDIT_MAX_LIMIT = 1000;
export const AUDIT_MAX_ACTOR_LENGTH = 200;
// A date (midnight UTC) or a date and time with a zone: 2026-11-26, 2026-11-26T18:30:00Z, …+01:00.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2})))?$/;

export interface AuditQuery {
  readonly filter: LedgerFilter;
  readonly limit: number;
  readonly offset: number;
}

export function parseAuditQuery(query: Record<string, unknown>): AuditQuery {
  rejectUnknownParameters(query, AUDIT_PARAMETERS);
  const text = (name: string) => textParameter(query, name);
  const actor = text('actor');
  if (actor !== undefined && actor.length > AUDIT_MAX_ACTOR_LENGTH)
    throw invalidParameter('actor', `at most ${AUDIT_MAX_ACTOR_LENGTH} characters`);
  const from = timestamp('from', text('from'));
  const to = timestamp('to', text('to'));
  if (from !== undefined && to !== undefined && from.getTime() >= to.getTime())
    throw invalidParameter('to', `must be later than from (${from.toISOString()}): to is exclusive`);
  return {
    filter: { action: oneOf('action', text('action'), AUDIT_ACTIONS), actor, from, to },
    limit: integerValue('limit', text('limit'), 1, AUDIT_MAX_LIMIT) ?? AUDIT_DEFAULT_LIMIT,
    offset: offsetValue(text('offset')),
  };
}

function timestamp(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  if (!isRealTimestamp(value)) {
    throw invalidParameter(
      name,
      `must be an ISO 8601 date or timestamp with a zone, such as 2026-11-26 or 2026-11-26T18:30:00Z, not '${value}'`,
    );
  }
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}

/** The pattern, and fields that name a real moment: no 2026-02-30, no 24:00, no zone past ±14:59. */
function isRealTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (match === null) return false;
  // Groups: 1 year, 2 month, 3 day, 4 hour, 5 minute, 6 second, 7 zone, 8 zone hours, 9 zone minutes.
  const field = (group: number) => Number(match[group] ?? 0);
  const daysInMonth = new Date(Date.UTC(field(1), field(2), 0)).getUTCDate();
  return (
    field(1) >= 1000 &&
    field(2) >= 1 &&
    field(2) <= 12 &&
    field(3) >= 1 &&
    field(3) <= daysInMonth &&
    field(4) <= 23 &&
    field(5) <= 59 &&
    field(6) <= 59 &&
    field(8) <= 14 &&
    field(9) <= 59
  );
}
