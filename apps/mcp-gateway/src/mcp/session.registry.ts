// Live client sessions. A session answers only to the principal that opened it (another caller
// gets "not found", never a hint that it exists); idle sessions are reaped after the configured
// TTL because clients rarely send DELETE, and ending a session cancels what it still waits for.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Principal } from '../access/principal';
import { identityKeyOf, identityOf } from '../access/identity';
import { BackendProxy } from '../backends/proxy/backend-proxy.service';
import { ClientSession, type SessionTransport } from './client-session';
import type { GatewayMode } from './gateway-mode';

export interface SessionOptions {
  /** A session with no traffic and no open stream for this long is ended. */
  readonly idleTimeoutMs: number;
  /** Upper bound of live sessions; the oldest idle one is ended to make room. */
  readonly maxSessions: number;
}

export const SESSION_OPTIONS = Symbol('SESSION_OPTIONS');

/** Live sessions counted by transport and by view (for `router://status`). */
export interface SessionSummary {
  readonly total: number;
  readonly byTransport: Readonly<Record<SessionTransport, number>>;
  readonly byView: Readonly<Record<GatewayMode['kind'], number>>;
}

/**
 * Who owns a session: the AppKey itself, else the identity (its source and its name there, as
 * access/identity compares them), so one name from two sign-in sources is two owners.
 */
export function ownerKeyOf(principal: Principal): string {
  return principal.appKey !== undefined
    ? `app-key:${principal.appKey.id}`
    : identityKeyOf(identityOf(principal));
}

@Injectable()
export class SessionRegistry implements OnModuleDestroy {
  private readonly sessions = new Map<string, ClientSession>();
  private readonly reaper: NodeJS.Timeout;

  constructor(
    private readonly proxy: BackendProxy,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {
    this.reaper = setInterval(
      () => this.reapIdle(),
      Math.min(60_000, Math.max(1_000, options.idleTimeoutMs / 4)),
    );
    this.reaper.unref();
  }

  open(principal: Principal, mode: GatewayMode, transport: SessionTransport): ClientSession {
    if (this.sessions.size >= this.options.maxSessions) this.endOldestIdle();
    const session = new ClientSession(principal, ownerKeyOf(principal), mode, transport);
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session, if it exists and belongs to this principal (who is then its current owner). */
  find(id: string, principal: Principal): ClientSession | undefined {
    const session = this.sessions.get(id);
    if (session === undefined || session.ownerKey !== ownerKeyOf(principal)) return undefined;
    session.touch();
    session.renew(principal);
    return session;
  }

  /** Every live session (for messages that are not answers, such as list changes). */
  all(): ClientSession[] {
    return [...this.sessions.values()];
  }

  summary(): SessionSummary {
    const byTransport: Record<SessionTransport, number> = { 'legacy-sse': 0, streamable: 0 };
    const byView: Record<GatewayMode['kind'], number> = { meta: 0, aggregate: 0, direct: 0 };
    for (const session of this.sessions.values()) {
      byTransport[session.transport] += 1;
      byView[session.mode.kind] += 1;
    }
    return { total: this.sessions.size, byTransport, byView };
  }

  end(id: string): void {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    this.sessions.delete(id);
    session.close();
    this.proxy.cancelSession(id);
  }

  onModuleDestroy(): void {
    clearInterval(this.reaper);
    for (const id of [...this.sessions.keys()]) this.end(id);
  }

  private reapIdle(): void {
    const cutoff = Date.now() - this.options.idleTimeoutMs;
    for (const session of [...this.sessions.values()]) {
      if (!session.hasStream && session.lastSeen < cutoff) this.end(session.id);
    }
  }

  private endOldestIdle(): void {
    let oldest: ClientSession | undefined;
    for (const session of this.sessions.values()) {
      if (!session.hasStream && (oldest === undefined || session.lastSeen < oldest.lastSeen))
        oldest = session;
    }
    if (oldest !== undefined) this.end(oldest.id);
  }
}
