// Who may bind the media server (docs/decisions/031), for POST /api/v1/mediaserver/bind to ask
// before it binds: any Admin (the bootstrap key, an Admin API key, an Admin signed in with Plex),
// except that the account which got in as the first to sign in, with nothing configured, may bind
// only a server plex.tv lists as its own.
import { Injectable } from '@nestjs/common';
import { AccessErrors } from '../access-errors';
import type { Caller } from '../caller';
import { askPlexTv, PlexTvConnector } from '../plex-tv/plex-tv.connector';
import { SessionStore } from '../sessions/session.store';
import { SetupClaimRepository } from './setup-claim.repository';

@Injectable()
export class BindPermission {
  constructor(
    private readonly setupClaims: SetupClaimRepository,
    private readonly sessions: SessionStore,
    private readonly plexTv: PlexTvConnector,
  ) {}

  /** Resolves when `caller` may bind the server `machineIdentifier`; otherwise throws a 403. */
  async check(caller: Caller, machineIdentifier: string): Promise<void> {
    if (caller.role !== 'Admin') throw AccessErrors.roleRequired(['Admin']);
    if (caller.kind !== 'user' || (await this.setupClaims.holder()) !== caller.userId) return;
    const plexTv = await this.plexTv.api();
    const servers = await askPlexTv(plexTv.getServers(this.sessions.plexTokenOf(caller)));
    const owned = servers.some((server) => server.clientIdentifier === machineIdentifier && server.owned);
    if (!owned) throw AccessErrors.bindNeedsOwnership(machineIdentifier);
  }
}
