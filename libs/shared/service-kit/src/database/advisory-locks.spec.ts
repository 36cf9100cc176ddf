import type { EntityManager } from 'typeorm';
import { ADVISORY_LOCK_NAMESPACES, ADVISORY_LOCKS, withAdvisoryLock } from './advisory-locks';

describe('ADVISORY_LOCKS', () => {
  it('gives every lock its own id, so no two guarded sections exclude each other by accident', () => {
    const owners = new Map<number, string[]>();
    for (const [name, id] of Object.entries(ADVISORY_LOCKS))
      owners.set(id, [...(owners.get(id) ?? []), name]);
    const shared = [...owners.entries()].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('uses ids PostgreSQL accepts as a bigint key', () => {
    for (const id of Object.values(ADVISORY_LOCKS)) {
      expect(Number.isSafeInteger(id)).toBe(true);
    }
  });

  it('gives every per-object namespace a number no lock id or other namespace takes, as an int4', () => {
    const numbers = [...Object.values(ADVISORY_LOCKS), ...Object.values(ADVISORY_LOCK_NAMESPACES)];
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const namespace of Object.values(ADVISORY_LOCK_NAMESPACES)) {
      expect(Number.isInteger(namespace)).toBe(true);
      expect(namespace).toBeGreaterThan(0);
      expect(namespace).toBeLessThanOrEqual(2_147_483_647);
    }
  });

  it('keeps the ids released replicas already take (an id changed in a rolling upgrade guards nothing)', () => {
    expect(ADVISORY_LOCKS).toMatchObject({
      gatewayKeyQuota: 7_340_001,
      gatewayAdminBootstrap: 7_340_002,
      gatewayServersFileSync: 7_340_003,
      gatewayLegacyOwnerPlacement: 7_340_019,
    });
  });
});

describe('withAdvisoryLock', () => {
  it('takes the named lock inside the transaction before the work runs, and returns its result', async () => {
    const calls: string[] = [];
    const manager = {
      query: (sql: string, parameters: unknown[]) => {
        calls.push(`${sql} ${JSON.stringify(parameters)}`);
        return Promise.resolve([]);
      },
    } as unknown as EntityManager;
    const database = {
      transaction: (work: (inner: EntityManager) => Promise<unknown>) => {
        calls.push('begin');
        return work(manager);
      },
    } as unknown as EntityManager;

    const result = await withAdvisoryLock(database, 'gatewayDefaultPolicySeeding', (inner) => {
      calls.push(inner === manager ? 'work on the transaction manager' : 'work elsewhere');
      return Promise.resolve(42);
    });

    expect(result).toBe(42);
    expect(calls).toEqual([
      'begin',
      'SELECT pg_advisory_xact_lock($1) [7340004]',
      'work on the transaction manager',
    ]);
  });
});
