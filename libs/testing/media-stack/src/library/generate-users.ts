// plex.tv accounts around the server: the owner (local account 1), friends the server is shared
// with, Plex Home members (managed profiles without username or e-mail), and friends who only share
// another server. Overseerr imports the users that have an e-mail and access, as its Plex import does.
import { DAY, YEAR } from './generation-context';
import type { GenerationContext } from './generation-context';
import type { LibraryUser, UserKind } from './media-library.types';
import { makeUsername } from './names';

export function userCountFor(itemCount: number): number {
  return Math.min(60, Math.round(6 + itemCount / 2000));
}

export function generateUsers(context: GenerationContext, count: number): LibraryUser[] {
  const { random, now } = context;
  const homeCount = Math.max(1, Math.floor(count * 0.2));
  const outsiderCount = Math.max(1, Math.floor(count * 0.1));
  const users: LibraryUser[] = [];
  let overseerrId = 1;
  for (let index = 0; index < count; index += 1) {
    const kind: UserKind = index === 0 ? 'owner' : index <= homeCount ? 'home' : 'shared';
    const managed = kind === 'home' && index % 2 === 1;
    const hasServerAccess = !(kind === 'shared' && index >= count - outsiderCount);
    const username = managed ? null : makeUsername(random, index);
    const title = username ?? `Kid ${index}`;
    const plexId = 10_000_000 + index * 7919 + random.int(0, 7000);
    const authToken = random.token(20);
    const imported = hasServerAccess && !managed && (kind === 'owner' || random.chance(0.85));
    users.push({
      plexId,
      localAccountId: kind === 'owner' ? 1 : plexId,
      kind,
      uuid: random.hex(16),
      username,
      title,
      email: managed || username === null ? null : `${username}@example.com`,
      authToken,
      serverToken: kind === 'owner' ? authToken : random.token(20),
      restricted: managed,
      hasServerAccess,
      joinedAt: kind === 'owner' ? now - 9 * YEAR : now - random.int(30 * DAY, 8 * YEAR),
      overseerrUserId: imported ? overseerrId++ : null,
    });
  }
  return users;
}
