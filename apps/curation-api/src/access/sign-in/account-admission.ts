// Whether a plex.tv account may sign in, and as what (docs/decisions/031). With a bound server:
// only accounts plex.tv lists as able to use it; its owner and the configured admin accounts are
// Admin, everyone else Guest unless an Admin chose otherwise. Before any server is bound: only the
// configured admin accounts, or, when neither they nor a bootstrap key are configured, the first
// account to sign in.
import { Inject, Injectable } from '@nestjs/common';
import type { PlexAccount, PlexTvApi } from '@platform/curation-media-clients';
import { SERVICE_CONFIG } from '@platform/service-kit';
import type { CurationConfig } from '../../config/curation-config';
import { MediaServerBindingRepository } from '../../mediaserver/media-server-binding.repository';
import { AccessErrors } from '../access-errors';
import { BootstrapKeyVerifier } from '../bootstrap-key.verifier';
import { askPlexTv } from '../plex-tv/plex-tv.connector';
import { defaultRoleOf, isConfiguredAdmin } from '../users/default-role';
import { UserRepository, type UserRecord, type UserKind } from '../users/user.repository';
import { SetupClaimRepository } from './setup-claim.repository';

@Injectable()
export class AccountAdmission {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: CurationConfig,
    private readonly bootstrapKey: BootstrapKeyVerifier,
    private readonly bindings: MediaServerBindingRepository,
    private readonly users: UserRepository,
    private readonly setupClaims: SetupClaimRepository,
  ) {}

  /** The user record to store for `account`; a 403 naming why when it may not sign in. */
  async admit(plexTv: PlexTvApi, account: PlexAccount, accountToken: string): Promise<UserRecord> {
    const id = String(account.id);
    const username = account.username === '' ? null : account.username;
    const configured = isConfiguredAdmin({ id, username }, this.config.adminPlexAccounts());
    const person = {
      id,
      username: username ?? account.title,
      email: account.email === '' ? null : account.email,
      thumb: account.thumb === '' ? null : account.thumb,
    };
    const binding = await this.bindings.current();
    if (binding === null) {
      await this.admitBeforeBinding(id, configured);
      return { ...person, kind: 'admin', defaultRole: 'Admin', roleIsFixed: true };
    }
    const servers = await askPlexTv(plexTv.getServers(accountToken));
    const server = servers.find((candidate) => candidate.clientIdentifier === binding.machineIdentifier);
    if (server === undefined) throw AccessErrors.noServerAccess(binding.name);
    const isOwner = server.owned || binding.ownerAccountId === id;
    return {
      ...person,
      kind: isOwner ? 'owner' : await this.guestKindOf(id),
      defaultRole: defaultRoleOf(isOwner, configured),
      roleIsFixed: isOwner || configured,
    };
  }

  private async admitBeforeBinding(id: string, configured: boolean): Promise<void> {
    if (configured) return;
    if (this.config.adminPlexAccounts().length > 0) throw AccessErrors.notBoundNotAdmin();
    if (this.bootstrapKey.configured) throw AccessErrors.notBoundUseBootstrapKey();
    if ((await this.setupClaims.claim(id)) !== id) throw AccessErrors.setupClaimedByAnother();
  }

  /** plex.tv's resources do not tell friends from home members; the roster refresh does. */
  private async guestKindOf(id: string): Promise<UserKind> {
    const known = (await this.users.find(id))?.kind;
    return known === 'home' ? 'home' : 'shared';
  }
}
