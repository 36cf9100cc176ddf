import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SessionLocks, type SessionTicket } from './session-locks';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const NO_CAP = Number.POSITIVE_INFINITY;

function enqueued(locks: SessionLocks, session: string, maxWaiting = NO_CAP): SessionTicket {
  const ticket = locks.enqueue(session, maxWaiting);
  if (ticket === undefined) throw new Error('expected a place in the queue');
  return ticket;
}

describe('per-session locks', () => {
  it('lets one holder in at a time, in arrival order', async () => {
    const locks = new SessionLocks();
    const order: string[] = [];
    const first = await enqueued(locks, 'dev').wait();
    const second = enqueued(locks, 'dev')
      .wait()
      .then((release) => {
        order.push('second');
        return release;
      });
    const third = enqueued(locks, 'dev')
      .wait()
      .then((release) => {
        order.push('third');
        return release;
      });
    await tick();
    expect(order).toEqual([]);
    expect(locks.queued('dev')).toBe(2);
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(locks.isBusy('dev')).toBe(false);
  });

  it('does not make different sessions wait for each other', async () => {
    const locks = new SessionLocks();
    const dev = await enqueued(locks, 'dev').wait();
    const ops = await enqueued(locks, 'ops').wait();
    dev();
    ops();
    expect(locks.isBusy('dev') || locks.isBusy('ops')).toBe(false);
  });

  it('drops a waiter whose client left without blocking the ones behind it', async () => {
    const locks = new SessionLocks();
    const holder = await enqueued(locks, 'dev').wait();
    const controller = new AbortController();
    const leaving = enqueued(locks, 'dev').wait(controller.signal);
    const staying = enqueued(locks, 'dev').wait();
    controller.abort(new Error('client left'));
    await expect(leaving).rejects.toThrow('client left');
    expect(locks.queued('dev')).toBe(1);
    holder();
    const release = await staying;
    release();
    release();
    expect(locks.isBusy('dev')).toBe(false);
  });

  it('refuses at once when the client already left, and frees the place', async () => {
    const locks = new SessionLocks();
    await expect(enqueued(locks, 'dev').wait(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(locks.isBusy('dev')).toBe(false);
    expect(locks.queued('dev')).toBe(0);
  });

  describe('the cap on waiting requests', () => {
    it('admits the holder and at most the cap behind it; a freed place can be taken again', async () => {
      const locks = new SessionLocks();
      const holder = enqueued(locks, 'dev', 2);
      const waiting = [enqueued(locks, 'dev', 2), enqueued(locks, 'dev', 2)];
      expect(locks.enqueue('dev', 2)).toBeUndefined();
      expect(locks.enqueue('ops', 2)).toBeDefined();
      waiting[0]?.cancel();
      const again = enqueued(locks, 'dev', 2);
      expect(locks.enqueue('dev', 2)).toBeUndefined();
      (await holder.wait())();
      (await (waiting[1] as SessionTicket).wait())();
      (await again.wait())();
      expect(locks.isBusy('dev')).toBe(false);
    });

    it('with a cap of 0 admits only the holder', () => {
      const locks = new SessionLocks();
      expect(locks.enqueue('dev', 0)).toBeDefined();
      expect(locks.enqueue('dev', 0)).toBeUndefined();
    });

    it('never lets more than the cap wait, whatever the order of arrivals, departures and releases (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 3 }),
          fc.array(fc.constantFrom('arrive', 'leave', 'finish'), { maxLength: 40 }),
          async (cap, steps) => {
            const locks = new SessionLocks();
            const tickets: SessionTicket[] = [];
            const holding: (() => void)[] = [];
            for (const step of steps) {
              if (step === 'arrive') {
                const ticket = locks.enqueue('s', cap);
                if (ticket !== undefined) {
                  tickets.push(ticket);
                  void ticket.wait().then(
                    (release) => holding.push(release),
                    () => undefined,
                  );
                }
              } else if (step === 'leave') {
                tickets.pop()?.cancel();
              } else {
                holding.shift()?.();
              }
              await tick();
              expect(locks.queued('s')).toBeLessThanOrEqual(cap);
            }
            for (const ticket of tickets) ticket.cancel();
            for (const release of holding) release();
            expect(locks.isBusy('s')).toBe(false);
          },
        ),
      );
    });
  });
});
