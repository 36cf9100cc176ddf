// What plex.tv answers about accounts and their devices: the v2 account document, the resource
// list (our server with a local and a plex.direct connection, a friend's server, a player) and
// the XML friends list with each friend's servers.
import { toXml } from '../http/xml';
import type { LibraryUser, MediaLibrary, PlexServerIdentity } from '../library/media-library.types';

export function renderAccount(user: LibraryUser, now: number): Record<string, unknown> {
  return {
    id: user.plexId,
    uuid: user.uuid,
    username: user.username ?? '',
    title: user.title,
    friendlyName: user.title,
    email: user.email ?? '',
    thumb: `https://plex.tv/users/${user.uuid}/avatar`,
    authToken: user.authToken,
    hasPassword: !user.restricted,
    joinedAt: user.joinedAt,
    twoFactorEnabled: false,
    confirmed: true,
    guest: false,
    home: user.kind === 'home' || user.kind === 'owner',
    homeAdmin: user.kind === 'owner',
    restricted: user.restricted,
    protected: false,
    locale: null,
    country: 'US',
    subscription: {
      active: user.kind === 'owner',
      subscribedAt: null,
      status: user.kind === 'owner' ? 'Active' : 'Inactive',
      paymentService: null,
      plan: null,
      features: [],
    },
    rememberExpiresAt: now + 30 * 86_400,
  };
}

export function renderResources(
  library: MediaLibrary,
  user: LibraryUser,
  plexServerUrl: string,
  now: number,
): Record<string, unknown>[] {
  const owner = library.users.find((candidate) => candidate.kind === 'owner');
  const resources: Record<string, unknown>[] = [];
  if (user.hasServerAccess) {
    const owned = user.kind === 'owner';
    resources.push(
      server(
        library.server,
        plexServerUrl,
        user.serverToken,
        owned,
        owned ? null : (owner?.plexId ?? null),
        owned ? null : (owner?.username ?? null),
        now,
      ),
    );
  }
  if (user.kind === 'shared') {
    resources.push(
      server(
        library.otherServer,
        'http://192.0.2.10:32400',
        `other-${user.serverToken}`,
        false,
        999_999,
        'friend',
        now,
      ),
    );
  }
  resources.push({
    ...deviceBase(
      `Player of ${user.title}`,
      'Plex for Android (TV)',
      'client,player',
      `player-${user.uuid}`,
      now,
    ),
    accessToken: user.authToken,
    owned: true,
    ownerId: null,
    sourceTitle: null,
    home: false,
    connections: [],
  });
  return resources;
}

function server(
  identity: PlexServerIdentity,
  url: string,
  accessToken: string,
  owned: boolean,
  ownerId: number | null,
  sourceTitle: string | null,
  now: number,
): Record<string, unknown> {
  const { hostname, port, protocol } = new URL(url);
  const portNumber = Number(port || (protocol === 'https:' ? 443 : 80));
  const dashed = hostname.replace(/\./g, '-');
  return {
    ...deviceBase(identity.name, 'Plex Media Server', 'server', identity.machineIdentifier, now),
    productVersion: identity.version,
    accessToken,
    owned,
    ownerId,
    sourceTitle,
    home: false,
    connections: [
      {
        protocol: protocol.replace(':', ''),
        address: hostname,
        port: portNumber,
        uri: url.replace(/\/$/, ''),
        local: true,
        relay: false,
        IPv6: false,
      },
      {
        protocol: 'https',
        address: '203.0.113.7',
        port: 32400,
        uri: `https://${dashed}.${identity.machineIdentifier.slice(0, 32)}.plex.direct:32400`,
        local: false,
        relay: false,
        IPv6: false,
      },
    ],
  };
}

function deviceBase(
  name: string,
  product: string,
  provides: string,
  clientIdentifier: string,
  now: number,
): Record<string, unknown> {
  return {
    name,
    product,
    productVersion: '1.0.0',
    platform: 'Linux',
    platformVersion: '6.1',
    device: 'PC',
    clientIdentifier,
    createdAt: new Date((now - 400 * 86_400) * 1000).toISOString().replace('.000Z', 'Z'),
    lastSeenAt: new Date(now * 1000).toISOString().replace('.000Z', 'Z'),
    provides,
    publicAddress: '203.0.113.7',
    synced: false,
    relay: true,
    presence: true,
    httpsRequired: false,
    publicAddressMatches: true,
    dnsRebindingProtection: false,
    natLoopbackSupported: false,
  };
}

/** `GET https://plex.tv/api/users`: the owner's friends and home members, XML only. */
export function renderFriendsXml(library: MediaLibrary, forOwner: boolean): string {
  const friends = forOwner ? library.users.filter((user) => user.kind !== 'owner') : [];
  return toXml('MediaContainer', {
    friendlyName: 'myPlex',
    identifier: 'com.plexapp.plugins.myplex',
    machineIdentifier: library.server.machineIdentifier,
    totalSize: friends.length,
    size: friends.length,
    User: friends.map((user) => ({
      id: user.plexId,
      title: user.title,
      username: user.username ?? '',
      email: user.email ?? '',
      recommendationsPlaylistId: '',
      thumb: `https://plex.tv/users/${user.uuid}/avatar`,
      protected: false,
      home: user.kind === 'home',
      allowTuners: 0,
      allowSync: !user.restricted,
      allowCameraUpload: false,
      allowChannels: false,
      allowSubtitleAdmin: false,
      filterAll: '',
      filterMovies: '',
      filterMusic: '',
      filterPhotos: '',
      filterTelevision: '',
      restricted: user.restricted,
      Server: [friendServer(library, user)],
    })),
  });
}

function friendServer(library: MediaLibrary, user: LibraryUser): Record<string, unknown> {
  const identity = user.hasServerAccess ? library.server : library.otherServer;
  return {
    id: 900_000_000 + (user.plexId % 100_000),
    serverId: user.hasServerAccess ? 9_999_999 : 8_888_888,
    machineIdentifier: identity.machineIdentifier,
    name: identity.name,
    lastSeenAt: library.now,
    numLibraries: 2,
    allLibraries: true,
    owned: user.hasServerAccess,
    pending: false,
  };
}

/** `GET /api/v2/home/users`: the Plex Home (the owner and home members) as the owner sees it. */
export function renderHomeUsers(library: MediaLibrary, user: LibraryUser): Record<string, unknown> {
  const members =
    user.kind === 'owner' || user.kind === 'home'
      ? library.users.filter((member) => member.kind !== 'shared')
      : [user];
  return {
    id: 4_200_000 + ((library.users[0]?.plexId ?? 0) % 100_000),
    name: `${library.users[0]?.title ?? 'owner'}'s home`,
    guestUserID: null,
    guestUserUUID: null,
    guestEnabled: false,
    subscription: true,
    users: members.map((member) => ({
      id: member.plexId,
      uuid: member.uuid,
      title: member.title,
      username: member.username,
      email: member.email,
      friendlyName: member.title,
      thumb: `https://plex.tv/users/${member.uuid}/avatar`,
      hasPassword: !member.restricted,
      restricted: member.restricted,
      restrictionProfile: member.restricted ? 'little_kid' : null,
      admin: member.kind === 'owner',
      guest: false,
      protected: false,
    })),
  };
}
