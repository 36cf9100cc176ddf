// PlexTvClient against the plex.tv simulator: the PIN flow, the account, servers, shared and home
// users match the generated library, and failures come back typed.
import { generateMediaLibrary, startPlexTv } from '@platform/testing-media-stack';
import type { LibraryUser, MediaLibrary, PlexTvSimulator } from '@platform/testing-media-stack';
import { startAnswerRewritingProxy, withoutField } from '../testing/answer-rewriting-proxy';
import { mediaClientFailure } from '../testing/media-client-failure';
import { PlexTvClient } from './plex-tv.client';
import type { PlexTvClientOptions } from './plex-tv.client';

const PLEX_SERVER_URL = 'http://127.0.0.1:32400';
let library: MediaLibrary;
let plexTv: PlexTvSimulator;
let owner: LibraryUser;

beforeAll(async () => {
  library = generateMediaLibrary({ seed: 'media-clients-plex-tv', items: 40 });
  plexTv = await startPlexTv({ library, plexServerUrl: PLEX_SERVER_URL });
  const found = library.users.find((user) => user.kind === 'owner');
  if (found === undefined) throw new Error('the library has no owner');
  owner = found;
});

afterAll(async () => {
  await plexTv.stop();
});

beforeEach(() => {
  plexTv.faults.clear();
});

function client(overrides: Partial<PlexTvClientOptions> = {}): PlexTvClient {
  return new PlexTvClient({
    baseUrl: plexTv.url,
    clientIdentifier: 'curation-test-client',
    product: 'Curation',
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    ...overrides,
  });
}

describe('PlexTvClient', () => {
  it('creates a PIN, sees it pending, then approved with the account token', async () => {
    const plexTvClient = client();
    const pin = await plexTvClient.createPin();
    expect(pin.clientIdentifier).toBe('curation-test-client');
    expect((await plexTvClient.checkPin(pin.id)).authToken).toBeNull();
    plexTv.state.approvePin(pin.id, owner.plexId);
    expect((await plexTvClient.checkPin(pin.id)).authToken).toBe(owner.authToken);
    const sent = plexTv.requests.filter((request) => request.path.startsWith('/api/v2/pins'));
    expect(sent.every((request) => request.headers['x-plex-product'] === 'Curation')).toBe(true);
  });

  it('does not retry a POST, even after a server error', async () => {
    plexTv.faults.add({ method: 'POST', path: '/api/v2/pins', status: 500, times: 1 });
    const plexTvClient = client();
    const error = await mediaClientFailure(plexTvClient.createPin());
    expect(error.code).toBe('bad-status');
    expect(plexTvClient.requestCount).toBe(1);
  });

  it('reports an unknown PIN as not found', async () => {
    expect((await mediaClientFailure(client().checkPin(1))).code).toBe('not-found');
  });

  it('reads the account behind a token', async () => {
    const account = await client().getAccount(owner.authToken);
    expect(account).toMatchObject({ id: owner.plexId, uuid: owner.uuid, title: owner.title });
    expect(account).not.toHaveProperty('authToken');
  });

  it('refuses an invalid token as unauthorized without naming it', async () => {
    const error = await mediaClientFailure(client().getAccount('not-a-valid-token-987'));
    expect(error.code).toBe('unauthorized');
    expect(error.message).not.toContain('not-a-valid-token-987');
  });

  it("lists the owner's server with its connections and no players", async () => {
    const servers = await client().getServers(owner.authToken);
    expect(servers.map((server) => server.clientIdentifier)).toEqual([library.server.machineIdentifier]);
    expect(servers[0]?.owned).toBe(true);
    expect(servers[0]?.connections.map((connection) => connection.uri)).toContain(PLEX_SERVER_URL);
  });

  it("lists a friend's shared servers with the friend's own token", async () => {
    const friend = library.users.find((user) => user.kind === 'shared' && user.hasServerAccess);
    if (friend === undefined) throw new Error('the library has no friend with access');
    const servers = await client().getServers(friend.authToken);
    const ours = servers.find((server) => server.clientIdentifier === library.server.machineIdentifier);
    expect(ours).toMatchObject({ owned: false, ownerId: owner.plexId, accessToken: friend.serverToken });
    expect(servers.some((server) => server.clientIdentifier === library.otherServer.machineIdentifier)).toBe(
      true,
    );
  });

  it('reads the shared users from the XML list, with their servers', async () => {
    const users = await client().getSharedUsers(owner.authToken);
    const expected = library.users.filter((user) => user.kind !== 'owner');
    expect(users.map((user) => user.id).sort((a, b) => a - b)).toEqual(
      expected.map((user) => user.plexId).sort((a, b) => a - b),
    );
    for (const libraryUser of expected) {
      const user = users.find((candidate) => candidate.id === libraryUser.plexId);
      expect(user?.username).toBe(libraryUser.username);
      expect(user?.email).toBe(libraryUser.email);
      expect(user?.restricted).toBe(libraryUser.restricted);
      expect(
        user?.Server.some((server) => server.machineIdentifier === library.server.machineIdentifier),
      ).toBe(libraryUser.hasServerAccess);
    }
  });

  it('reads the Plex Home members, managed profiles without a username', async () => {
    const home = await client().getHomeUsers(owner.authToken);
    const expected = library.users.filter((user) => user.kind !== 'shared');
    expect(new Set(home.map((user) => user.id))).toEqual(new Set(expected.map((user) => user.plexId)));
    expect(home.find((user) => user.id === owner.plexId)?.admin).toBe(true);
    const managed = expected.find((user) => user.restricted);
    if (managed !== undefined) expect(home.find((user) => user.id === managed.plexId)?.username).toBeNull();
  });

  it('fails on an account answer without its id', async () => {
    const proxy = await startAnswerRewritingProxy(plexTv.url, (path, body) =>
      path === '/api/v2/user' ? withoutField(body, [], 'id') : body,
    );
    try {
      const error = await mediaClientFailure(client({ baseUrl: proxy.url }).getAccount(owner.authToken));
      expect(error.code).toBe('bad-answer');
      expect(error.message).toContain('/api/v2/user');
      expect(error.message).toContain('field id');
      expect(error.message).not.toContain(owner.authToken);
    } finally {
      await proxy.stop();
    }
  });
});
