// Who may bind the media server (docs/decisions/031 and 034), for POST /api/v1/mediaserver/bind to
// ask before it binds: any Admin holding an API key (the bootstrap key, an Admin API key) or named
// in CURATION_ADMIN_PLEX_ACCOUNTS; any other Admin signed in with Plex (the owner, the first account
// to sign in with nothing configured, someone promoted) only a server plex.tv lists as their own.
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@platform/service-kit';
import type { CurationConfig } from '../../config/curation-config';
import { AccessErrors } from '../access-errors';
import type { Caller } from '../caller';
import { askPlexTv, PlexTvConnector } from '../plex-tv/plex-tv.connector';
import { SessionStore } from '../sessions/session.store';
import { isConfiguredAdmin } from '../users/default-role';

@Injectable()
export class BindPermission {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: CurationConfig,
    private readonly sessions: SessionStore,
    private readonly plexTv: PlexTvConnector,
  ) {}

  /**
   * Resolves when `caller` may bind the server `machineIdentifier`, with the plex.tv account id of
   * its owner when the caller proved to be that owner (else null); otherwise throws a 403.
   */
  async check(caller: Caller, machineIdentifier: string): Promise<string | null> {
    if (caller.role !== 'Admin') throw AccessErrors.roleRequired(['Admin']);
    if (caller.kind !== 'user') return null;
    if (
      isConfiguredAdmin({ id: caller.userId, username: caller.username }, this.config.adminPlexAccounts())
    ) {
      return null;
    }
    const plexTv = await this.plexTv.api();
    const servers = await askPlexTv(plexTv.getServers(this.sessions.plexTokenOf(caller)));
    const owned = servers.some((server) => server.clientIdentifier === machineIdentifier && server.owned);
    if (!owned) throw AccessErrors.bindNeedsOwnership(machineIdentifier);
    return caller.userId;
  }
}
