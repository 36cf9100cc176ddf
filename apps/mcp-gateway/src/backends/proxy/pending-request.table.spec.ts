import fc from 'fast-check';
import type { JsonRpcId } from '@platform/jsonrpc';
import { type PendingRequest, PendingRequestTable } from './pending-request.table';

const base = { backendId: 'files', method: 'tools/call', timeoutMs: 60_000, onTimeout: () => undefined };

function registered(table: PendingRequestTable, sessionId: string, originalId: JsonRpcId): PendingRequest {
  const request = table.register({ ...base, sessionId, originalId });
  if (request === 'duplicate') throw new Error('unexpected duplicate');
  return request;
}

describe('PendingRequestTable', () => {
  it('gives every request a fresh 32-hex upstream id and restores the original id with its type', () => {
    const table = new PendingRequestTable();
    const ids: JsonRpcId[] = ['1', 1, null, 'abc', 0, -7];
    const requests = ids.map((id) => registered(table, 's1', id));
    expect(new Set(requests.map((request) => request.upstreamId)).size).toBe(ids.length);
    for (const request of requests) expect(request.upstreamId).toMatch(/^[0-9a-f]{32}$/);
    expect(requests.map((request) => table.complete(request.upstreamId)?.originalId)).toEqual(ids);
    expect(table.size).toBe(0);
  });

  it('refuses an id that is still pending in the same session, and accepts it once completed', () => {
    const table = new PendingRequestTable();
    const first = registered(table, 's1', 7);
    expect(table.register({ ...base, sessionId: 's1', originalId: 7 })).toBe('duplicate');
    expect(table.register({ ...base, sessionId: 's1', originalId: '7' })).not.toBe('duplicate');
    expect(table.register({ ...base, sessionId: 's2', originalId: 7 })).not.toBe('duplicate');
    table.complete(first.upstreamId);
    expect(table.register({ ...base, sessionId: 's1', originalId: 7 })).not.toBe('duplicate');
  });

  it('cancels by the client id: the signal aborts at once and a late reply finds nothing', () => {
    const table = new PendingRequestTable();
    const request = registered(table, 's1', 'req-1');
    expect(table.cancel('s1', 'req-1')?.upstreamId).toBe(request.upstreamId);
    expect(request.signal.aborted).toBe(true);
    expect(request.signal.reason).toBe('cancelled');
    expect(table.complete(request.upstreamId)).toBeUndefined();
    expect(table.cancel('s1', 'req-1')).toBeUndefined();
  });

  it('ends every request of a dropped backend, and only those', () => {
    const table = new PendingRequestTable();
    const onFiles = [registered(table, 's1', 1), registered(table, 's2', 1)];
    const other = table.register({ ...base, backendId: 'wiki', sessionId: 's1', originalId: 2 });
    expect(
      table
        .failBackend('files')
        .map((request) => request.upstreamId)
        .sort(),
    ).toEqual(onFiles.map((request) => request.upstreamId).sort());
    expect(onFiles.every((request) => request.signal.reason === 'connection-closed')).toBe(true);
    expect(table.size).toBe(1);
    expect(other).not.toBe('duplicate');
  });

  it('spares the requests the caller keeps when a backend drops', () => {
    const table = new PendingRequestTable();
    const kept = registered(table, 's1', 'kept');
    const ended = registered(table, 's1', 'ended');
    const failed = table.failBackend('files', (request) => request.upstreamId === kept.upstreamId);
    expect(failed.map((request) => request.upstreamId)).toEqual([ended.upstreamId]);
    expect(kept.signal.aborted).toBe(false);
    expect(table.size).toBe(1);
    expect(table.complete(kept.upstreamId)?.originalId).toBe('kept');
  });

  it('times a request out once, after which the entry is gone', async () => {
    const timedOut: PendingRequest[] = [];
    const table = new PendingRequestTable();
    const request = table.register({
      ...base,
      sessionId: 's1',
      originalId: 1,
      timeoutMs: 5,
      onTimeout: (r) => timedOut.push(r),
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(timedOut).toHaveLength(1);
    expect(request !== 'duplicate' && request.signal.reason).toBe('timed-out');
    expect(table.size).toBe(0);
  });

  it('never mixes up sessions that use colliding ids of all three types', () => {
    const idArbitrary = fc.oneof(
      fc.constantFrom<JsonRpcId>('1', 1, null, '0', 0),
      fc.string({ maxLength: 3 }),
      fc.integer({ min: -3, max: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ session: fc.constantFrom('a', 'b', 'c'), id: idArbitrary }), { maxLength: 60 }),
        fc.infiniteStream(fc.nat()),
        (calls, order) => {
          const table = new PendingRequestTable();
          const accepted: { session: string; id: JsonRpcId; upstreamId: string }[] = [];
          const seen = new Set<string>();
          for (const call of calls) {
            const key = `${call.session}|${call.id === null ? 'null' : typeof call.id}|${String(call.id)}`;
            const result = table.register({ ...base, sessionId: call.session, originalId: call.id });
            if (seen.has(key)) {
              if (result !== 'duplicate') return false;
              continue;
            }
            seen.add(key);
            if (result === 'duplicate') return false;
            accepted.push({ session: call.session, id: call.id, upstreamId: result.upstreamId });
          }
          // Backends answer in any order; every answer must go back to its own session and id.
          const pending = [...accepted];
          const iterator = order[Symbol.iterator]();
          while (pending.length > 0) {
            const index = (iterator.next().value as number) % pending.length;
            const [next] = pending.splice(index, 1);
            if (next === undefined) return false;
            const ended = table.complete(next.upstreamId);
            if (ended?.sessionId !== next.session || !Object.is(ended.originalId, next.id)) return false;
          }
          return table.size === 0;
        },
      ),
    );
  });
});
