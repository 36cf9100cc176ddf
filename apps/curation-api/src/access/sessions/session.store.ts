// Sessions after a Plex sign-in (docs/decisions/031): an opaque 256-bit random token, kept only as
// its SHA-256, valid for 30 days from sign-in. It also keeps the account's plex.tv token, sealed,
// for the few calls that must act as the signed-in person (listing their servers).
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import { SecretBox } from '../../secrets/secret-box';
import { AccessErrors } from '../access-errors';
import type { Caller } from '../caller';
import { SessionRepository } from './session.repository';

/** Fixed, not sliding: a stolen token stops working at a known time whatever its use. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const PLEX_ACCOUNT_TOKEN_PURPOSE = 'plex account token';
/** base64url of 32 random bytes. */
const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedSession {
  readonly token: string;
  readonly expiresAt: Date;
}

export type SessionCaller = Extract<Caller, { kind: 'user' }>;

@Injectable()
export class SessionStore {
  /** The sealed plex.tv token of each caller this store authenticated, for plexTokenOf. */
  private readonly plexTokens = new WeakMap<Caller, string>();

  constructor(
    private readonly sessions: SessionRepository,
    private readonly secrets: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async issue(userId: string, plexAccountToken: string): Promise<IssuedSession> {
    const now = this.clock.now();
    await this.sessions.deleteExpired(now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await this.sessions.insert(
      digestOf(token),
      userId,
      this.secrets.seal(plexAccountToken, PLEX_ACCOUNT_TOKEN_PURPOSE),
      expiresAt,
    );
    return { token, expiresAt };
  }

  /** The caller behind a session token; null when the token is unknown, expired or revoked. */
  async authenticate(token: string): Promise<SessionCaller | null> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return null;
    // Looked up by digest: the index sees a hash of the token, so timing tells nothing about it.
    const session = await this.sessions.findActive(digestOf(token), this.clock.now());
    if (session === null) return null;
    const caller: SessionCaller = {
      kind: 'user',
      userId: session.userId,
      username: session.username,
      role: session.role,
    };
    this.plexTokens.set(caller, session.plexTokenSealed);
    return caller;
  }

  /** Ends the session at once (logout). Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    if (SESSION_TOKEN_PATTERN.test(token)) await this.sessions.delete(digestOf(token));
  }

  /**
   * The plex.tv account token of the signed-in caller of this request (GET /mediaserver/servers
   * lists the servers plex.tv gives that account). API-key callers have none: 403.
   */
  plexTokenOf(caller: Caller): string {
    const sealed = this.plexTokens.get(caller);
    if (caller.kind !== 'user' || sealed === undefined) throw AccessErrors.plexSignInRequired();
    return this.secrets.open(sealed, PLEX_ACCOUNT_TOKEN_PURPOSE);
  }
}

function digestOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
