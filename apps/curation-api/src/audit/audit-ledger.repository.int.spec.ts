// The audit ledger's SQL over real Postgres (migrations applied as in production): the running
// total always equals the sum of the rows, an intent completes once, an intent without a writer's
// lock past its deadline reads and settles as interrupted, one with a lock exactly when its
// writer's session is gone, and pages come newest first under every filter.
import fc from 'fast-check';
import { dataSourceOptions, migrate } from '@platform/service-kit';
import { createTestDatabase, type TestDatabase } from '@platform/testing-database';
import { DataSource } from 'typeorm';
import { DESCRIPTOR } from '../curation-api.module';
import { AuditAction } from './audit-actions';
import { AuditLedgerRepository, type NewLedgerRow } from './audit-ledger.repository';
import { INTENT_OWNER_NAMESPACE, intentLockKey } from './intent-liveness';
import { type IntentOwnerSession, IntentOwnerSessions } from './intent-owner-sessions';

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
  it('equal the sum and the count of the rows after any sequence of appends, steps, interruptions and completions', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('record' as const), bytes: fc.nat({ max: 5e12 }) }),
      fc.record({ kind: fc.constant('begin' as const) }),
      fc.record({ kind: fc.constant('complete' as const), pick: fc.nat(), bytes: fc.nat({ max: 5e12 }) }),
      fc.record({
        kind: fc.constant('step' as const),
        pick: fc.nat(),
        index: fc.nat({ max: 1 }),
        bytes: fc.nat({ max: 5e12 }),
      }),
      fc.record({ kind: fc.constant('interrupt' as const) }),
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
                row({
                  outcome: 'in_progress',
                  deadlineAt: new Date(T0.getTime() + MINUTE),
                  details: { targets: [{ status: 'pending' }, { status: 'pending' }] },
                }),
              ),
            );
          if (taken.kind === 'interrupt') await ledger.markInterrupted(new Date(T0.getTime() + MINUTE));
          const id =
            taken.kind === 'complete' || taken.kind === 'step'
              ? intents[taken.pick % Math.max(intents.length, 1)]
              : undefined;
          if (taken.kind === 'complete' && id !== undefined)
            await ledger.complete(id, { bytesFreed: taken.bytes, details: {}, at: T0 });
          if (taken.kind === 'step' && id !== undefined)
            await ledger.recordStep(id, taken.index, { status: 'deleted' }, taken.bytes);
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

describe('intents whose writer holds the liveness lock', () => {
  let owners: IntentOwnerSessions;
  const open: IntentOwnerSession[] = [];
  const far = new Date(T0.getTime() + 365 * 24 * 60 * MINUTE);

  beforeAll(() => {
    owners = new IntentOwnerSessions(dataSource, 1);
  });

  afterAll(async () => {
    await owners.beforeApplicationShutdown();
  });

  afterEach(async () => {
    for (const session of open.splice(0)) await session.close();
  });

  /** An intent of two targets written on a session of its own that takes the intent's lock. */
  async function lockedIntent(): Promise<{ id: string; session: IntentOwnerSession }> {
    const session = await owners.open();
    open.push(session);
    const id = await session.transaction(async (manager) => {
      const written = await ledger.appendLockedIntent(
        row({
          outcome: 'in_progress',
          deadlineAt: new Date(T0.getTime() + MINUTE),
          details: { targets: [{ status: 'pending' }, { status: 'pending' }] },
        }),
        manager,
      );
      await session.hold(manager, intentLockKey(written));
      return written;
    });
    return { id, session };
  }

  async function locksHeld(): Promise<{ objid: string; pid: number }[]> {
    return dataSource.query(
      `SELECT "objid"::text AS "objid", "pid" FROM pg_catalog.pg_locks
        WHERE "locktype" = 'advisory' AND "classid" = $1::oid AND "objsubid" = 2 AND "granted"
        AND "database" = (SELECT "oid" FROM pg_catalog.pg_database WHERE "datname" = current_database())`,
      [INTENT_OWNER_NAMESPACE],
    );
  }

  it('reads in progress while the writer holds its lock, past any deadline, and no sweep touches it', async () => {
    const { id } = await lockedIntent();
    expect(await locksHeld()).toEqual([{ objid: String(intentLockKey(id)), pid: expect.any(Number) }]);
    expect((await ledger.find(id, far))?.outcome).toBe('in_progress');
    expect(await ledger.markInterrupted(far)).toEqual([]);
    expect(await ledger.inProgress(AuditAction.Prune, ['movie-tmdb-348'], far)).toEqual(
      new Map([['movie-tmdb-348', id]]),
    );
  });

  it('reads interrupted once the writer lets go without completing, before its deadline, and settles keeping its steps', async () => {
    const { id, session } = await lockedIntent();
    expect(await ledger.recordStep(id, 0, { status: 'deleted', bytesFreed: 300 }, 300)).toBe(true);
    expect(await ledger.recordStep(id, 1, { status: 'running' }, 0)).toBe(true);
    await session.close();
    expect(await locksHeld()).toEqual([]);
    expect((await ledger.find(id, T0))?.outcome).toBe('interrupted');
    expect(await ledger.inProgress(AuditAction.Prune, ['movie-tmdb-348'], T0)).toEqual(new Map());
    expect(await ledger.markInterrupted(T0, { by: 'prune', itemIds: ['movie-tmdb-other'] })).toEqual([]);
    expect(await ledger.markInterrupted(T0, { by: 'prune', itemIds: ['movie-tmdb-348'] })).toEqual([id]);
    const settled = await ledger.find(id, T0);
    expect(settled).toMatchObject({ outcome: 'interrupted', bytesFreed: 300, completedAt: null });
    expect(JSON.parse(settled?.details ?? 'null')).toEqual({
      targets: [{ status: 'deleted', bytesFreed: 300 }, { status: 'running' }],
      interrupted: { at: T0.toISOString(), by: 'prune' },
    });
    // Settled rows take no more steps; the total holds the bytes the steps recorded.
    expect(await ledger.recordStep(id, 1, { status: 'deleted' }, 50)).toBe(false);
    expect(await ledger.totalBytesFreed()).toBe(300);
    // A writer that turns out alive still completes it; the total moves by the difference.
    expect(await ledger.complete(id, { bytesFreed: 500, details: { done: true }, at: T0 })).toBe(true);
    expect(await ledger.totalBytesFreed()).toBe(500);
  });

  it('reads interrupted at once when the writer’s session dies (a crash)', async () => {
    const { id } = await lockedIntent();
    const [held] = await locksHeld();
    // With a timeout, pg_terminate_backend waits until the backend has exited (and released its locks).
    await dataSource.query('SELECT pg_terminate_backend($1, 10000)', [held?.pid]);
    expect(await locksHeld()).toEqual([]);
    expect((await ledger.find(id, T0))?.outcome).toBe('interrupted');
    expect(await ledger.markInterrupted(T0)).toEqual([id]);
  });

  it('releases a lock taken in a transaction that rolled back (a session lock survives the rollback)', async () => {
    const session = await owners.open();
    open.push(session);
    await expect(
      session.transaction(async (manager) => {
        await session.hold(manager, 77);
        throw new Error('the intent was refused');
      }),
    ).rejects.toThrow('the intent was refused');
    expect(await locksHeld()).toEqual([{ objid: '77', pid: expect.any(Number) }]);
    await session.close();
    expect(await locksHeld()).toEqual([]);
    expect(owners.openCount).toBe(0);
  });

  it('ends the session when it is closed in the middle of a transaction, which releases the lock', async () => {
    const session = await owners.open();
    open.push(session);
    let inside: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let leave: () => void = () => undefined;
    const left = new Promise<void>((resolve) => {
      leave = resolve;
    });
    const transaction = session
      .transaction(async (manager) => {
        await session.hold(manager, 78);
        inside();
        await left;
        await manager.query('SELECT 1');
      })
      .catch((error: unknown) => error);
    await entered;
    await session.close();
    leave();
    expect(await transaction).toBeInstanceOf(Error);
    // The destroyed connection's backend exits on its own time: wait for it.
    for (let attempt = 0; attempt < 500 && (await locksHeld()).length > 0; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await locksHeld()).toEqual([]);
    expect(owners.openCount).toBe(0);
  });

  it('opens at most `limit` sessions; the next waits for one to close', async () => {
    const first = await owners.open();
    open.push(first);
    let second: IntentOwnerSession | undefined;
    const waiting = owners.open().then((session) => {
      second = session;
      open.push(session);
    });
    await dataSource.query('SELECT 1');
    expect(second).toBeUndefined();
    expect(owners.openCount).toBe(1);
    await first.close();
    await waiting;
    // The waiter got a session of its own, and it works.
    expect(second).not.toBe(first);
    await expect(
      (second as IntentOwnerSession).transaction((manager) => manager.query('SELECT 1 AS one')),
    ).resolves.toEqual([{ one: 1 }]);
    expect(owners.openCount).toBe(1);
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
