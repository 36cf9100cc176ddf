// The audit ledger's SQL over real Postgres (migrations applied as in production): the running
// total always equals the sum of the rows, an intent completes once, an intent past its deadline
// reads and settles as interrupted, and pages come newest first under every filter.
import fc from 'fast-check';
import { dataSourceOptions, migrate } from '@platform/service-kit';
import { createTestDatabase, type TestDatabase } from '@platform/testing-database';
import { DataSource } from 'typeorm';
import { DESCRIPTOR } from '../curation-api.module';
import { AuditAction } from './audit-actions';
import { AuditLedgerRepository, type NewLedgerRow } from './audit-ledger.repository';

const T0 = new Date('2026-11-01T12:00:00.000Z');
const MINUTE = 60_000;

let database: TestDatabase;
let dataSource: DataSource;
let ledger: AuditLedgerRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  const definition = DESCRIPTOR.database;
  if (definition === undefined) throw new Error('the curation API has a database');
  dataSource = new DataSource(dataSourceOptions(definition, database.url, 2));
  await dataSource.initialize();
  await migrate(dataSource, definition.schema);
  ledger = new AuditLedgerRepository(dataSource);
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.close();
});

beforeEach(async () => {
  await dataSource.query('TRUNCATE "curation"."audit_log"');
  await dataSource.query('UPDATE "curation"."audit_totals" SET "bytes_freed" = 0, "rows" = 0');
});

function row(fields: Partial<NewLedgerRow> = {}): NewLedgerRow {
  return {
    action: AuditAction.Prune,
    title: 'Alien (1979)',
    media: { itemId: 'movie-tmdb-348', mediaType: 'movie' },
    bytesFreed: 0,
    actor: 'alice',
    executedAt: T0,
    details: {},
    outcome: 'completed',
    ...fields,
  };
}

async function sumOfRows(): Promise<number> {
  const rows: { sum: string | null }[] = await dataSource.query(
    'SELECT sum("bytes_freed")::text AS "sum" FROM "curation"."audit_log"',
  );
  return Number(rows[0]?.sum ?? 0);
}

describe('the running totals', () => {
  it('equal the sum and the count of the rows after any sequence of appends and completions', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('record' as const), bytes: fc.nat({ max: 5e12 }) }),
      fc.record({ kind: fc.constant('begin' as const) }),
      fc.record({ kind: fc.constant('complete' as const), pick: fc.nat(), bytes: fc.nat({ max: 5e12 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        await dataSource.query('TRUNCATE "curation"."audit_log"');
        await dataSource.query('UPDATE "curation"."audit_totals" SET "bytes_freed" = 0, "rows" = 0');
        const intents: string[] = [];
        for (const taken of steps) {
          if (taken.kind === 'record') await ledger.append(row({ bytesFreed: taken.bytes }));
          if (taken.kind === 'begin')
            intents.push(
              await ledger.append(
                row({ outcome: 'in_progress', deadlineAt: new Date(T0.getTime() + MINUTE) }),
              ),
            );
          const id =
            taken.kind === 'complete' ? intents[taken.pick % Math.max(intents.length, 1)] : undefined;
          if (taken.kind === 'complete' && id !== undefined)
            await ledger.complete(id, { bytesFreed: taken.bytes, details: {}, at: T0 });
        }
        expect(await ledger.totalBytesFreed()).toBe(await sumOfRows());
        // The unfiltered page's total is the running row count: it must equal count(*).
        const counted: { count: string }[] = await dataSource.query(
          'SELECT count(*) FROM "curation"."audit_log"',
        );
        expect((await ledger.page({}, { limit: 1, offset: 0 }, T0)).total).toBe(Number(counted[0]?.count));
      }),
      { numRuns: 25 },
    );
  });

  it('keeps nothing of a row whose transaction rolls back', async () => {
    await ledger.append(row({ bytesFreed: 100 }));
    await expect(
      ledger.transaction(async (manager) => {
        await ledger.append(row({ bytesFreed: 5000 }), manager);
        throw new Error('the mutation failed');
      }),
    ).rejects.toThrow('the mutation failed');
    expect(await ledger.totalBytesFreed()).toBe(100);
    expect((await ledger.page({}, { limit: 10, offset: 0 }, T0)).total).toBe(1);
  });
});

describe('intents', () => {
  const deadline = new Date(T0.getTime() + 10 * MINUTE);

  it('refuses an intent without a deadline', async () => {
    await expect(ledger.append(row({ outcome: 'in_progress' }))).rejects.toThrow('deadline');
  });

  it('complete only once: a second completion changes neither the row nor the total', async () => {
    const id = await ledger.append(row({ outcome: 'in_progress', deadlineAt: deadline }));
    expect(await ledger.complete(id, { bytesFreed: 700, details: { results: ['a'] }, at: T0 })).toBe(true);
    expect(await ledger.complete(id, { bytesFreed: 900, details: { results: ['b'] }, at: T0 })).toBe(false);
    const found = await ledger.find(id, T0);
    expect(found).toMatchObject({ outcome: 'completed', bytesFreed: 700, completedAt: T0 });
    expect(JSON.parse(found?.details ?? 'null')).toEqual({ results: ['a'] });
    expect(await ledger.totalBytesFreed()).toBe(700);
  });

  it('never completes a row that was recorded as done', async () => {
    const id = await ledger.append(row({ bytesFreed: 10 }));
    expect(await ledger.complete(id, { bytesFreed: 99, details: {}, at: T0 })).toBe(false);
    expect(await ledger.totalBytesFreed()).toBe(10);
  });

  it('reads as interrupted past its deadline, and markInterrupted settles only those rows', async () => {
    const late = await ledger.append(row({ outcome: 'in_progress', deadlineAt: deadline }));
    const early = await ledger.append(
      row({ outcome: 'in_progress', deadlineAt: new Date(deadline.getTime() + 60 * MINUTE) }),
    );
    expect((await ledger.find(late, T0))?.outcome).toBe('in_progress');
    const after = new Date(deadline.getTime() + 1);
    expect((await ledger.find(late, after))?.outcome).toBe('interrupted');
    expect((await ledger.find(late, deadline))?.outcome).toBe('interrupted');
    expect(await ledger.markInterrupted(after)).toEqual([late]);
    expect(await ledger.markInterrupted(after)).toEqual([]);
    // Settled in the table, so it reads as interrupted at any time now.
    expect((await ledger.find(late, T0))?.outcome).toBe('interrupted');
    expect((await ledger.find(early, after))?.outcome).toBe('in_progress');
    expect(await ledger.totalBytesFreed()).toBe(0);
  });

  it('lets a writer that outlived its deadline still report what it freed, once', async () => {
    const id = await ledger.append(row({ outcome: 'in_progress', deadlineAt: deadline }));
    await ledger.markInterrupted(new Date(deadline.getTime() + 1));
    expect(await ledger.complete(id, { bytesFreed: 42, details: {}, at: deadline })).toBe(true);
    expect(await ledger.complete(id, { bytesFreed: 42, details: {}, at: deadline })).toBe(false);
    expect(await ledger.find(id, deadline)).toMatchObject({ outcome: 'completed', bytesFreed: 42 });
    expect(await ledger.totalBytesFreed()).toBe(42);
  });

  it('finds nothing for ids that are not ledger ids', async () => {
    for (const id of ['0', '-1', 'abc', '1; DROP TABLE x', '99999999999999999999', ''])
      expect(await ledger.find(id, T0)).toBeNull();
  });
});

describe('pages and filters', () => {
  // Two actors, three actions, times one minute apart with one tie (ids break it).
  const plan = [
    { action: AuditAction.Protect, actor: 'alice', minute: 0 },
    { action: AuditAction.Prune, actor: 'bob', minute: 1 },
    { action: AuditAction.Protect, actor: 'bob', minute: 2 },
    { action: AuditAction.SettingsUpdated, actor: 'alice', minute: 2 },
    { action: AuditAction.Prune, actor: 'alice', minute: 3 },
    { action: AuditAction.Unprotect, actor: 'alice', minute: 4 },
  ];
  let ids: string[];

  beforeEach(async () => {
    ids = [];
    for (const [index, planned] of plan.entries()) {
      const media =
        planned.action === AuditAction.SettingsUpdated
          ? undefined
          : { itemId: `movie-tmdb-${index % 2}`, mediaType: 'movie' as const };
      ids.push(
        await ledger.append(
          row({
            action: planned.action,
            actor: planned.actor,
            media,
            executedAt: new Date(T0.getTime() + planned.minute * MINUTE),
          }),
        ),
      );
    }
  });

  const page = async (filter: Parameters<AuditLedgerRepository['page']>[0], limit = 100, offset = 0) =>
    ledger.page(filter, { limit, offset }, T0);

  it('orders newest first, ties by the later id, and pages without gaps or repeats', async () => {
    const all = await page({});
    expect(all.rows.map((found) => found.id)).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect(all.total).toBe(6);
    const walked: string[] = [];
    for (let offset = 0; offset < 6; offset += 4) {
      const part = await page({}, 4, offset);
      expect(part.total).toBe(6);
      walked.push(...part.rows.map((found) => found.id));
    }
    expect(walked).toEqual(all.rows.map((found) => found.id));
    expect((await page({}, 4, 6)).rows).toEqual([]);
  });

  it('filters by action, actor, item and time (from inclusive, to exclusive), counting the matches', async () => {
    const idsOf = async (filter: Parameters<AuditLedgerRepository['page']>[0]) => {
      const found = await page(filter);
      expect(found.total).toBe(found.rows.length);
      return found.rows.map((entry) => entry.id);
    };
    expect(await idsOf({ action: AuditAction.Protect })).toEqual([ids[2], ids[0]]);
    expect(await idsOf({ actor: 'bob' })).toEqual([ids[2], ids[1]]);
    expect(await idsOf({ actor: 'ALICE' })).toEqual([]);
    expect(await idsOf({ mediaItemId: 'movie-tmdb-1' })).toEqual([ids[5], ids[1]]);
    const at = (minute: number) => new Date(T0.getTime() + minute * MINUTE);
    expect(await idsOf({ from: at(2), to: at(4) })).toEqual([ids[4], ids[3], ids[2]]);
    expect(await idsOf({ from: at(2), to: at(4), actor: 'alice', action: AuditAction.Prune })).toEqual([
      ids[4],
    ]);
    expect(await idsOf({ from: at(5) })).toEqual([]);
  });

  it('answers rows with their fields, details as JSON text and no media for other subjects', async () => {
    const settingsRow = (await page({ action: AuditAction.SettingsUpdated })).rows[0];
    expect(settingsRow).toMatchObject({
      id: ids[3],
      mediaType: null,
      mediaItemId: null,
      bytesFreed: 0,
      actor: 'alice',
      outcome: 'completed',
      details: '{}',
    });
    expect(settingsRow?.executedAt.toISOString()).toBe(new Date(T0.getTime() + 2 * MINUTE).toISOString());
  });
});
