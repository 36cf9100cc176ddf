// The live legacy HTTP+SSE sessions of one MCP endpoint, held in this process. Each belongs to the
// caller that opened it (a POST from anyone else is refused); each ends when its client closes the
// event stream, after `idleTimeoutMs` without a message, after `maxLifetimeMs` whatever it does, and
// at shutdown. Their number is bounded in all and per caller, so one key cannot take every slot.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock/clock';
import { LegacySseErrors } from './legacy-sse-errors';

export interface LegacySseLimits {
  /** Sessions open at once, all callers together (beyond: 503). */
  readonly maxSessions: number;
  /** Sessions one caller may hold at once (beyond: 429). */
  readonly maxSessionsPerCaller: number;
  /** A session that receives no message for this long is ended. */
  readonly idleTimeoutMs: number;
  /** A session is ended this long after it opened, however busy. */
  readonly maxLifetimeMs: number;
}

export const DEFAULT_LEGACY_SSE_LIMITS: LegacySseLimits = {
  maxSessions: 64,
  maxSessionsPerCaller: 8,
  idleTimeoutMs: 30 * 60_000,
  maxLifetimeMs: 24 * 60 * 60_000,
};

/** What a session needs from whatever serves it: to be ended. */
export interface LegacySseSessionHandle {
  close(): Promise<void>;
}

interface LiveSession<Handle> {
  readonly id: string;
  readonly owner: string;
  readonly openedAtMs: number;
  lastMessageAtMs: number;
  handle: Handle | undefined;
}

export class LegacySseSessions<Handle extends LegacySseSessionHandle> {
  private readonly sessions = new Map<string, LiveSession<Handle>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly limits: LegacySseLimits,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {
    const sweepMs = Math.max(1_000, Math.min(60_000, limits.idleTimeoutMs / 4));
    this.sweeper = setInterval(() => this.endExpired(), sweepMs);
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * A new session for `owner`, with a fresh id of 128 random bits; refused when the service or
   * the owner holds as many as allowed. `attach` gives it what ends it, once it is being served.
   */
  open(owner: string): string {
    this.endExpired();
    if (this.sessions.size >= this.limits.maxSessions)
      throw LegacySseErrors.sessionLimit(this.limits.maxSessions);
    let owned = 0;
    for (const session of this.sessions.values()) if (session.owner === owner) owned += 1;
    if (owned >= this.limits.maxSessionsPerCaller)
      throw LegacySseErrors.callerSessionLimit(this.limits.maxSessionsPerCaller);
    const id = randomBytes(16).toString('hex');
    const now = this.clock.nowMs();
    this.sessions.set(id, { id, owner, openedAtMs: now, lastMessageAtMs: now, handle: undefined });
    return id;
  }

  attach(id: string, handle: Handle): void {
    const session = this.sessions.get(id);
    if (session === undefined) void handle.close().catch(this.onError);
    else session.handle = handle;
  }

  /**
   * The session a message for `id` from `owner` goes to, counted as activity. Unknown or expired:
   * not found; someone else's: refused, and the session goes on.
   */
  use(id: string, owner: string): Handle {
    const session = this.sessions.get(id);
    if (session === undefined || session.handle === undefined) throw LegacySseErrors.sessionNotFound();
    if (this.expired(session)) {
      this.end(id);
      throw LegacySseErrors.sessionNotFound();
    }
    if (session.owner !== owner) throw LegacySseErrors.sessionOfAnotherCaller();
    session.lastMessageAtMs = this.clock.nowMs();
    return session.handle;
  }

  /** Ends the session, if it is still live: its stream closes and its server with it. */
  end(id: string): void {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    this.sessions.delete(id);
    void session.handle?.close().catch(this.onError);
  }

  /** Ends every session (shutdown). */
  async endAll(): Promise<void> {
    clearInterval(this.sweeper);
    const handles = [...this.sessions.values()].flatMap((session) => session.handle ?? []);
    this.sessions.clear();
    await Promise.all(handles.map((handle) => handle.close().catch(this.onError)));
  }

  private endExpired(): void {
    for (const session of [...this.sessions.values()]) if (this.expired(session)) this.end(session.id);
  }

  private expired(session: LiveSession<Handle>): boolean {
    const now = this.clock.nowMs();
    return (
      now - session.lastMessageAtMs >= this.limits.idleTimeoutMs ||
      now - session.openedAtMs >= this.limits.maxLifetimeMs
    );
  }
}
