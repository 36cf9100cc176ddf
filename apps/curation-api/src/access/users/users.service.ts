// The media server's users and their roles (GET/PUT/DELETE /api/v1/auth/users…): the roster is
// refreshed from plex.tv on each listing, which also signs out whoever lost access; an Admin's role
// choices survive refreshes and sign-ins.
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@platform/service-kit';
import type { EntityManager } from 'typeorm';
import { AuditAction } from '../../audit/audit-actions';
import { AuditLedger } from '../../audit/audit-ledger';
import type { CurationConfig } from '../../config/curation-config';
import { MediaServerBindingRepository } from '../../mediaserver/media-server-binding.repository';
import { AccessErrors } from '../access-errors';
import { actorName, type Caller } from '../caller';
import type { CurationRole } from '../curation-roles';
import { PlexTvConnector } from '../plex-tv/plex-tv.connector';
import { SessionRepository } from '../sessions/session.repository';
import { isConfiguredAdmin } from './default-role';
import { readRoster } from './media-server-roster';
import { UserRepository, type CurationUser } from './user.repository';

@Injectable()
export class UsersService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: CurationConfig,
    private readonly users: UserRepository,
    private readonly bindings: MediaServerBindingRepository,
    private readonly plexTv: PlexTvConnector,
    private readonly sessions: SessionRepository,
    private readonly ledger: AuditLedger,
  ) {}

  /** Every user: the bound server's roster as plex.tv has it now, and everyone who signed in. */
  async list(): Promise<CurationUser[]> {
    const binding = await this.bindings.current();
    if (binding !== null) {
      const roster = await readRoster(await this.plexTv.api(), binding, this.config.adminPlexAccounts());
      await this.users.transaction(async (manager) => {
        for (const record of roster) await this.users.upsert(record, null, manager);
        const present = roster.map((record) => record.id);
        await this.users.removeAbsent(present, manager);
        // Whoever plex.tv no longer lets use the server (a revoked share, an admin who signed in
        // before binding without access to the server bound since) is signed out.
        await this.sessions.deleteForUsersNotIn(present, manager);
      });
    }
    return this.users.list();
  }

  async setRole(id: string, role: CurationRole, caller: Caller): Promise<CurationUser> {
    const ownerAccountId = (await this.bindings.current())?.ownerAccountId ?? null;
    return this.users.transaction(async (manager) => {
      const user = await this.users.find(id, manager);
      if (user === null) throw AccessErrors.userNotFound(id);
      if (user.role === 'Admin' && role !== 'Admin')
        await this.refuseLosingAdmin(user, ownerAccountId, manager);
      const updated = await this.users.setRole(id, role, actorName(caller), manager);
      if (updated === null) throw AccessErrors.userNotFound(id);
      await this.ledger.record(
        caller,
        {
          action: AuditAction.UserRoleChanged,
          title: user.username,
          details: { userId: id, username: user.username, from: user.role, to: role },
        },
        manager,
      );
      return updated;
    });
  }

  /** Forgets the user and ends their sessions; the owner and the last Admin stay. */
  async remove(id: string, caller: Caller): Promise<void> {
    const ownerAccountId = (await this.bindings.current())?.ownerAccountId ?? null;
    await this.users.transaction(async (manager) => {
      const user = await this.users.find(id, manager);
      if (user === null) throw AccessErrors.userNotFound(id);
      if (user.kind === 'owner' || user.id === ownerAccountId) throw AccessErrors.ownerStaysAdmin();
      if (user.role === 'Admin' && (await this.users.countAdmins(manager)) <= 1)
        throw AccessErrors.lastAdmin();
      await this.users.delete(id, manager);
      await this.ledger.record(
        caller,
        {
          action: AuditAction.UserRemoved,
          title: user.username,
          details: { userId: id, username: user.username, role: user.role, kind: user.kind },
        },
        manager,
      );
    });
  }

  private async refuseLosingAdmin(
    user: CurationUser,
    ownerAccountId: string | null,
    manager: EntityManager,
  ): Promise<void> {
    if (user.kind === 'owner' || user.id === ownerAccountId) throw AccessErrors.ownerStaysAdmin();
    if (isConfiguredAdmin({ id: user.id, username: user.username }, this.config.adminPlexAccounts())) {
      throw AccessErrors.configuredAdminStaysAdmin();
    }
    if ((await this.users.countAdmins(manager)) <= 1) throw AccessErrors.lastAdmin();
  }
}
