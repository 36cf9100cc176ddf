// Plex sign-in (docs/decisions/031): with a plex.tv account token a browser obtained itself, or
// through a PIN this API asks plex.tv for and polls for headless clients. Either way the account
// is checked with plex.tv, admitted, stored as a user, and given a session.
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MediaClientError } from '@platform/curation-media-clients';
import { CLOCK, SERVICE_CONFIG, type Clock } from '@platform/service-kit';
import type { CurationConfig } from '../../config/curation-config';
import { AccessErrors } from '../access-errors';
import { askPlexTv, PLEX_PRODUCT, plexTvFailure, PlexTvConnector } from '../plex-tv/plex-tv.connector';
import { SessionStore, type IssuedSession } from '../sessions/session.store';
import { UserRepository, type CurationUser } from '../users/user.repository';
import { AccountAdmission } from './account-admission';
import { SignInPinRepository } from './sign-in-pin.repository';

export interface SignedIn {
  readonly user: CurationUser;
  readonly session: IssuedSession;
}

export interface StartedPin {
  readonly id: string;
  readonly code: string;
  readonly authUrl: string;
  readonly expiresAt: Date;
}

export type PinOutcome =
  | { readonly state: 'pending'; readonly expiresAt: Date }
  | { readonly state: 'signed-in'; readonly signedIn: SignedIn };

@Injectable()
export class PlexSignInService {
  constructor(
    private readonly plexTv: PlexTvConnector,
    private readonly admission: AccountAdmission,
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly pins: SignInPinRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: CurationConfig,
  ) {}

  async signInWithToken(accountToken: string): Promise<SignedIn> {
    const plexTv = await this.plexTv.api();
    const account = await askPlexTv(plexTv.getAccount(accountToken));
    const record = await this.admission.admit(plexTv, account, accountToken);
    const user = await this.users.upsert(record, this.clock.now());
    return { user, session: await this.sessions.issue(user.id, accountToken) };
  }

  async startPin(): Promise<StartedPin> {
    const plexTv = await this.plexTv.api();
    const pin = await askPlexTv(plexTv.createPin());
    const expiresAt = new Date(pin.expiresAt);
    if (Number.isNaN(expiresAt.getTime())) {
      throw AccessErrors.plexTvFailed(
        new MediaClientError('bad-answer', 'plex.tv', 'the PIN has no valid expiresAt time'),
      );
    }
    const id = randomBytes(16).toString('base64url');
    await this.pins.insert(digestOf(id), { plexPinId: pin.id, expiresAt }, this.clock.now());
    // Where a person approves a PIN, as Plex's own apps send them (CURATION_PLEX_APP_AUTH_URL).
    const query = new URLSearchParams({
      clientID: await this.plexTv.clientIdentifier(),
      code: pin.code,
      'context[device][product]': PLEX_PRODUCT,
    });
    return {
      id,
      code: pin.code,
      authUrl: `${this.config.CURATION_PLEX_APP_AUTH_URL}${query.toString()}`,
      expiresAt,
    };
  }

  /** Pending until plex.tv has the PIN approved; then one sign-in; 410 once expired or used. */
  async checkPin(id: string): Promise<PinOutcome> {
    const digest = digestOf(id);
    const pending = await this.pins.find(digest);
    if (pending === null) throw AccessErrors.pinUnknown();
    if (pending.expiresAt.getTime() <= this.clock.nowMs()) {
      await this.pins.take(digest);
      throw AccessErrors.pinExpired();
    }
    const plexTv = await this.plexTv.api();
    let authToken: string | null;
    try {
      authToken = (await plexTv.checkPin(pending.plexPinId)).authToken;
    } catch (error) {
      // plex.tv forgets a PIN when it expires.
      if (error instanceof MediaClientError && error.code === 'not-found') {
        await this.pins.take(digest);
        throw AccessErrors.pinExpired();
      }
      throw plexTvFailure(error);
    }
    if (authToken === null) return { state: 'pending', expiresAt: pending.expiresAt };
    if (!(await this.pins.take(digest))) throw AccessErrors.pinExpired();
    return { state: 'signed-in', signedIn: await this.signInWithToken(authToken) };
  }
}

function digestOf(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}
