// GET /api/v1/audit's query parser: every instant written as ISO 8601 reads back as itself, every
// other input is either read or refused with query.invalid-parameter (never another error), and
// limit and offset take exactly their ranges.
import fc from 'fast-check';
import { DomainError } from '@platform/service-kit';
import { AUDIT_ACTIONS } from './audit-actions';
import { AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT, parseAuditQuery } from './audit-query.parser';

const instants = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('9999-12-30T00:00:00Z'),
  noInvalidDate: true,
});

function refusal(query: Record<string, unknown>): DomainError | undefined {
  try {
    parseAuditQuery(query);
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

describe('parseAuditQuery', () => {
  it('defaults to the first 250 rows, unfiltered', () => {
    expect(parseAuditQuery({})).toEqual({
      filter: { action: undefined, actor: undefined, from: undefined, to: undefined },
      limit: AUDIT_DEFAULT_LIMIT,
      offset: 0,
    });
  });

  it('reads back every instant written as ISO 8601 in UTC or with an offset', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -14 * 60, max: 14 * 60 }), (instant, offsetMinutes) => {
        expect(parseAuditQuery({ from: instant.toISOString() }).filter.from?.getTime()).toBe(
          instant.getTime(),
        );
        const shifted = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
        const sign = offsetMinutes < 0 ? '-' : '+';
        const zone = `${sign}${String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0')}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`;
        expect(parseAuditQuery({ to: `${shifted}${zone}` }).filter.to?.getTime()).toBe(instant.getTime());
      }),
    );
  });

  it('reads or refuses any string in any parameter, always naming the parameter', () => {
    const names = fc.constantFrom('limit', 'offset', 'action', 'actor', 'from', 'to');
    fc.assert(
      fc.property(names, fc.string({ maxLength: 40 }), (name, value) => {
        const refused = refusal({ [name]: value });
        if (refused !== undefined) {
          expect(refused.code).toBe('query.invalid-parameter');
          expect(refused.message.startsWith(`${name}: `)).toBe(true);
        }
      }),
    );
  });

  it('takes limit from 1 to 1000 and offset from 0, as decimal digits only', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 2000 }), (limit) => {
        const refused = refusal({ limit: String(limit) });
        expect(refused === undefined).toBe(limit >= 1 && limit <= AUDIT_MAX_LIMIT);
      }),
    );
    for (const bad of ['1e2', '0x10', ' 5', '5.0', '+5', ''.padEnd(11, '9')])
      expect(refusal({ offset: bad })?.message).toContain('offset');
  });

  it('takes exactly the ledger actions', () => {
    for (const action of AUDIT_ACTIONS) expect(parseAuditQuery({ action }).filter.action).toBe(action);
    expect(refusal({ action: 'PRUNE' })?.message).toContain(AUDIT_ACTIONS.join(', '));
  });

  it('refuses impossible dates and an empty or reversed window', () => {
    for (const value of [
      '2026-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:00:00',
    ])
      expect(refusal({ from: value })?.message).toContain('from');
    expect(refusal({ from: '2026-01-02', to: '2026-01-02' })?.message).toContain('later than from');
    expect(parseAuditQuery({ from: '2024-02-29' }).filter.from?.toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });
});
