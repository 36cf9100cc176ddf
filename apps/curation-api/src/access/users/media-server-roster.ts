// Everyone who may use the bound server, as plex.tv knows them: the owner (the account of the
// server's token), friends sharing this server (`/api/users`, XML) and Plex Home members.
import type { PlexTvApi } from '@platform/curation-media-clients';
import { DomainError } from '@platform/service-kit';
import type { MediaServerBinding } from '../../mediaserver/media-server-binding.repository';
import { askPlexTv } from '../plex-tv/plex-tv.connector';
import { defaultRoleOf, isConfiguredAdmin } from './default-role';
import type { UserKind, UserRecord } from './user.repository';

export async function readRoster(
  plexTv: PlexTvApi,
  binding: MediaServerBinding,
  configuredAdmins: readonly string[],
): Promise<UserRecord[]> {
  const owner = await askPlexTv(plexTv.getAccount(binding.token)).catch((error: unknown) => {
    throw rosterTokenRefused(error);
  });
  if (binding.ownerAccountId !== null && binding.ownerAccountId !== String(owner.id)) {
    throw new DomainError(
      'conflict',
      'auth.roster-needs-owner-token',
      "The bound server's token is not its owner's plex.tv token, so plex.tv does not list the server's users: bind the server again with the owner's token.",
    );
  }
  const [shared, home] = await Promise.all([
    askPlexTv(plexTv.getSharedUsers(binding.token)),
    askPlexTv(plexTv.getHomeUsers(binding.token)),
  ]);
  const records = new Map<string, UserRecord>();
  const add = (
    id: number,
    username: string | null,
    title: string,
    email: string | null,
    thumb: string | null,
    kind: UserKind,
  ): void => {
    const key = String(id);
    const isOwner = kind === 'owner';
    const configured = isConfiguredAdmin({ id: key, username }, configuredAdmins);
    records.set(key, {
      id: key,
      username: username ?? title,
      email,
      thumb,
      kind,
      defaultRole: defaultRoleOf(isOwner, configured),
      roleIsFixed: isOwner || configured,
    });
  };
  for (const friend of shared) {
    if (!friend.Server.some((server) => server.machineIdentifier === binding.machineIdentifier)) continue;
    add(
      friend.id,
      friend.username,
      friend.title,
      friend.email,
      friend.thumb || null,
      friend.home ? 'home' : 'shared',
    );
  }
  for (const member of home) add(member.id, member.username, member.title, member.email, null, 'home');
  add(owner.id, owner.username || null, owner.title, owner.email || null, owner.thumb || null, 'owner');
  return [...records.values()];
}

function rosterTokenRefused(error: unknown): unknown {
  if (error instanceof DomainError && error.kind === 'unauthenticated') {
    return new DomainError(
      'upstream-failed',
      'auth.roster-token-refused',
      "plex.tv refuses the bound server's token, so the server's users cannot be listed: bind the server again with a current token.",
    );
  }
  return error;
}
