// Live client sessions. A session answers only to the principal that opened it (another caller
// gets "not found", never a hint that it exists); idle sessions are reaped after the configured
// TTL because clients rarely send DELETE, and ending a session cancels what it still waits for.
// Sessions are bounded per principal and in all; a session in use (an open stream, a request being
// answered) is never ended to make room, and another principal's session only when the gateway as
// a whole is full (docs/decisions/021-robust-mcp-paths.md). Session ids name this replica, so
// another replica can forward a request for one here (docs/decisions/057-gateway-scale-out.md).
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Principal } from '../../access/principal';
import { identityKeyOf, identityOf } from '../../access/identity';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { ReplicaIdentity } from '../../replicas/replica-identity';
import { ClientSession, type SessionTransport } from './client-session';
import type { GatewayMode } from '../views/gateway-mode';
import { type SessionLimitScope, SessionLimitReached } from './session-limit.error';

export interface SessionOptions {
  /** A session with no traffic and no open stream for this long is ended. */
  readonly idleTimeoutMs: number;
  /** Upper bound of live sessions, streams included. */
  readonly maxSessions: number;
  /** Upper bound of one principal's live sessions. */
  readonly maxSessionsPerPrincipal: number;
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
  /** The live sessions of each principal (by owner key), for its quota. */
  private readonly byOwner = new Map<string, Set<ClientSession>>();
  private readonly reaper: NodeJS.Timeout;
  private readonly reapIntervalMs: number;
  private readonly endListeners = new Set<(session: ClientSession) => void>();

  constructor(
    private readonly proxy: BackendProxy,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
    private readonly replica: ReplicaIdentity,
  ) {
    this.reapIntervalMs = Math.min(60_000, Math.max(1_000, options.idleTimeoutMs / 4));
    this.reaper = setInterval(() => this.reapIdle(), this.reapIntervalMs);
    this.reaper.unref();
  }

  /**
   * A new session for this principal. At its quota, its own longest-idle session that is not in
   * use is ended to make room; when the gateway is full, the longest-idle one not in use of anyone
   * (its own first). Throws SessionLimitReached when no session may be ended.
   */
  open(principal: Principal, mode: GatewayMode, transport: SessionTransport): ClientSession {
    const ownerKey = ownerKeyOf(principal);
    const own = this.byOwner.get(ownerKey);
    if (own !== undefined && own.size >= this.options.maxSessionsPerPrincipal)
      this.makeRoom(own, 'principal');
    if (this.sessions.size >= this.options.maxSessions) this.makeRoom(own, 'gateway');
    const session = new ClientSession(this.replica.sessionId(ownerKey), principal, ownerKey, mode, transport);
    this.sessions.set(session.id, session);
    if (own === undefined) this.byOwner.set(ownerKey, new Set([session]));
    else own.add(session);
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

  /** Called with every session that ends (closed, expired, or ended to make room). */
  onEnd(listener: (session: ClientSession) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
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
    const own = this.byOwner.get(session.ownerKey);
    own?.delete(session);
    if (own?.size === 0) this.byOwner.delete(session.ownerKey);
    session.close();
    this.proxy.cancelSession(id);
    for (const listener of this.endListeners) listener(session);
  }

  onModuleDestroy(): void {
    clearInterval(this.reaper);
    for (const id of [...this.sessions.keys()]) this.end(id);
  }

  private reapIdle(): void {
    const cutoff = Date.now() - this.options.idleTimeoutMs;
    for (const session of [...this.sessions.values()]) {
      if (!session.isActive && session.lastSeen < cutoff) this.end(session.id);
    }
  }

  private makeRoom(own: ReadonlySet<ClientSession> | undefined, scope: SessionLimitScope): void {
    // Someone else's session goes only when the gateway is full, and never one in use.
    const victim =
      longestIdle(own ?? []) ?? (scope === 'gateway' ? longestIdle(this.sessions.values()) : undefined);
    if (victim === undefined) {
      const limit = scope === 'principal' ? this.options.maxSessionsPerPrincipal : this.options.maxSessions;
      throw new SessionLimitReached(scope, limit, Math.ceil(this.reapIntervalMs / 1000));
    }
    this.end(victim.id);
  }
}

/** The session not in use that was seen longest ago, if any. */
function longestIdle(sessions: Iterable<ClientSession>): ClientSession | undefined {
  let oldest: ClientSession | undefined;
  for (const session of sessions) {
    if (!session.isActive && (oldest === undefined || session.lastSeen < oldest.lastSeen)) oldest = session;
  }
  return oldest;
}
