import { describe, expect, it } from '@jest/globals';
import { SessionLocks } from './session-locks';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('per-session locks', () => {
  it('lets one holder in at a time, in arrival order', async () => {
    const locks = new SessionLocks();
    const order: string[] = [];
    const first = await locks.acquire('dev');
    const second = locks.acquire('dev').then((release) => {
      order.push('second');
      return release;
    });
    const third = locks.acquire('dev').then((release) => {
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
    const dev = await locks.acquire('dev');
    const ops = await locks.acquire('ops');
    dev();
    ops();
    expect(locks.isBusy('dev') || locks.isBusy('ops')).toBe(false);
  });

  it('drops a waiter whose client left without blocking the ones behind it', async () => {
    const locks = new SessionLocks();
    const holder = await locks.acquire('dev');
    const controller = new AbortController();
    const leaving = locks.acquire('dev', controller.signal);
    const staying = locks.acquire('dev');
    controller.abort(new Error('client left'));
    await expect(leaving).rejects.toThrow('client left');
    holder();
    const release = await staying;
    release();
    release();
    expect(locks.isBusy('dev')).toBe(false);
  });

  it('refuses at once when the client already left', async () => {
    const locks = new SessionLocks();
    await expect(locks.acquire('dev', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(locks.isBusy('dev')).toBe(false);
  });
});
