// The legacy SSE session table: who may use a session, when it expires, and its bounds, on a clock
// the test moves.
import { ManualClock } from '../clock/clock';
import { DomainError } from '../errors/domain-error';
import { httpStatusOf } from '../errors/problem-details';
import { type LegacySseLimits, LegacySseSessions } from './legacy-sse-sessions';

const LIMITS: LegacySseLimits = {
  maxSessions: 3,
  maxSessionsPerCaller: 2,
  idleTimeoutMs: 60_000,
  maxLifetimeMs: 600_000,
};

class Handle {
  closed = 0;
  close(): Promise<void> {
    this.closed += 1;
    return Promise.resolve();
  }
}

function refusal(action: () => unknown): { code: string; status: number } {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, status: httpStatusOf(error.kind) };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('legacy SSE sessions', () => {
  let clock: ManualClock;
  let sessions: LegacySseSessions<Handle>;
  const errors: unknown[] = [];

  beforeEach(() => {
    clock = new ManualClock();
    sessions = new LegacySseSessions<Handle>(LIMITS, clock, (error) => errors.push(error));
  });

  afterEach(async () => {
    await sessions.endAll();
    expect(errors).toEqual([]);
  });

  function openAttached(owner: string): { id: string; handle: Handle } {
    const id = sessions.open(owner);
    const handle = new Handle();
    sessions.attach(id, handle);
    return { id, handle };
  }

  it('gives each session a fresh id of 32 hex digits', () => {
    const ids = new Set([sessions.open('a'), sessions.open('a'), sessions.open('b')]);
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers only its owner: another caller is refused (403) and the session goes on', () => {
    const { id, handle } = openAttached('api-key:1');
    expect(refusal(() => sessions.use(id, 'api-key:2'))).toEqual({
      code: 'mcp.session-of-another-caller',
      status: 403,
    });
    expect(sessions.use(id, 'api-key:1')).toBe(handle);
    expect(handle.closed).toBe(0);
  });

  it('does not know an id it never gave, nor one not yet being served (404)', () => {
    expect(refusal(() => sessions.use('f'.repeat(32), 'a'))).toEqual({
      code: 'mcp.session-not-found',
      status: 404,
    });
    const reserved = sessions.open('a');
    expect(refusal(() => sessions.use(reserved, 'a')).code).toBe('mcp.session-not-found');
  });

  it('ends a session idle for idleTimeoutMs, and each message restarts that wait', () => {
    const { id, handle } = openAttached('a');
    clock.advance(59_999);
    sessions.use(id, 'a');
    clock.advance(59_999);
    sessions.use(id, 'a');
    clock.advance(60_000);
    expect(refusal(() => sessions.use(id, 'a')).code).toBe('mcp.session-not-found');
    expect(handle.closed).toBe(1);
    expect(sessions.size).toBe(0);
  });

  it('ends a session maxLifetimeMs after it opened, however busy', () => {
    const { id, handle } = openAttached('a');
    for (let elapsed = 0; elapsed < 600_000 - 50_000; elapsed += 50_000) {
      clock.advance(50_000);
      sessions.use(id, 'a');
    }
    clock.advance(50_000);
    expect(refusal(() => sessions.use(id, 'a')).code).toBe('mcp.session-not-found');
    expect(handle.closed).toBe(1);
  });

  it('bounds one caller (429) before the service as a whole (503)', () => {
    openAttached('a');
    openAttached('a');
    expect(refusal(() => sessions.open('a'))).toEqual({ code: 'mcp.caller-session-limit', status: 429 });
    openAttached('b');
    expect(refusal(() => sessions.open('c'))).toEqual({ code: 'mcp.session-limit', status: 503 });
  });

  it('makes room as sessions end or expire', () => {
    const first = openAttached('a');
    openAttached('a');
    sessions.end(first.id);
    expect(first.handle.closed).toBe(1);
    openAttached('a');
    openAttached('b');
    clock.advance(60_000);
    // Every session has expired: a new one is allowed, and the expired ones are closed.
    expect(sessions.open('c')).toMatch(/^[0-9a-f]{32}$/);
    expect(sessions.size).toBe(1);
  });

  it('closes a session that ended before it was attached, once attached', () => {
    const id = sessions.open('a');
    sessions.end(id);
    const handle = new Handle();
    sessions.attach(id, handle);
    expect(handle.closed).toBe(1);
  });

  it('closes every session at shutdown', async () => {
    const one = openAttached('a');
    const two = openAttached('b');
    await sessions.endAll();
    expect([one.handle.closed, two.handle.closed]).toEqual([1, 1]);
    expect(refusal(() => sessions.use(one.id, 'a')).code).toBe('mcp.session-not-found');
  });
});
