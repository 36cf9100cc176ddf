// The plex.tv simulator over real HTTP: the PIN sign-in a headless client does, the account and
// resources (checked against the Plex OpenAPI documents), home users, and the XML-only friends list.
import { generateMediaLibrary } from '../library/generate-media-library';
import type { LibraryUser } from '../library/media-library.types';
import { schemaErrors } from '../testing/vendor-schema.spec-helpers';
import { startPlexTv } from './plex-tv.simulator';
import type { PlexTvSimulator } from './plex-tv.simulator';

type Json = Record<string, unknown>;

describe('plex.tv simulator', () => {
  const library = generateMediaLibrary({ seed: 'plex-tv-tests', items: 50, users: 12 });
  const owner = library.users.find((user) => user.kind === 'owner') as LibraryUser;
  const friend = library.users.find((user) => user.kind === 'shared' && user.hasServerAccess) as LibraryUser;
  const outsider = library.users.find((user) => !user.hasServerAccess) as LibraryUser;
  let now = Date.parse('2026-01-01T12:00:00Z');
  let plexTv: PlexTvSimulator;
  const client = { 'X-Plex-Client-Identifier': 'curation-api-test', 'X-Plex-Product': 'Curation API' };
  const call = (path: string, init: RequestInit & { token?: string | null; clientId?: boolean } = {}) => {
    const { token = owner.authToken, clientId = true, ...rest } = init;
    return fetch(`${plexTv.url}${path}`, {
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(clientId ? client : {}),
        ...(token === null ? {} : { 'X-Plex-Token': token }),
        ...(rest.headers ?? {}),
      },
    });
  };

  beforeEach(async () => {
    now = Date.parse('2026-01-01T12:00:00Z');
    plexTv = await startPlexTv({ library, plexServerUrl: 'http://127.0.0.1:32400', clock: () => now });
  });
  afterEach(async () => {
    await plexTv.stop();
  });

  it('requires X-Plex-Client-Identifier on v2 endpoints (400) before the token (401)', async () => {
    for (const path of ['/api/v2/user', '/api/v2/resources', '/api/v2/home/users']) {
      const missing = await call(path, { clientId: false });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        errors: [expect.objectContaining({ code: 1000, status: 400 })],
      });
      expect((await call(path, { token: 'bad' })).status).toBe(401);
      expect((await call(path, { token: null })).status).toBe(401);
    }
    expect((await call('/api/v2/pins', { method: 'POST', token: null, clientId: false })).status).toBe(400);
  });

  it('runs the PIN sign-in: create (201), pending without a token, approved with the account token', async () => {
    const created = await call('/api/v2/pins?strong=true', { method: 'POST', token: null });
    expect(created.status).toBe(201);
    const pin = (await created.json()) as Json;
    expect(schemaErrors('plex-openapi-v0.yaml', '/pins', 'post', 201, pin)).toEqual([]);
    expect(pin).toMatchObject({ authToken: null, clientIdentifier: 'curation-api-test', expiresIn: 1800 });
    const pending = (await (await call(`/api/v2/pins/${pin['id']}`, { token: null })).json()) as Json;
    expect(pending['authToken']).toBeNull();
    expect(schemaErrors('plex-openapi-v0.yaml', '/pins/{pinID}', 'get', 200, pending)).toEqual([]);
    plexTv.state.approvePin(pin['id'] as number, friend.plexId);
    const approved = (await (await call(`/api/v2/pins/${pin['id']}`, { token: null })).json()) as Json;
    expect(approved['authToken']).toBe(friend.authToken);
    const account = (await (
      await call('/api/v2/user', { token: approved['authToken'] as string })
    ).json()) as Json;
    expect(account).toMatchObject({ id: friend.plexId, username: friend.username });
  });

  it('links a PIN by its code for the signed-in account, as the plex.tv/link page does', async () => {
    const pin = (await (await call('/api/v2/pins', { method: 'POST', token: null })).json()) as Json;
    const code = String(pin['code']);
    expect((await call(`/api/v2/pins/link?code=${code}`, { method: 'PUT', token: 'bad' })).status).toBe(401);
    expect(
      (await call('/api/v2/pins/link?code=NOPE', { method: 'PUT', token: friend.authToken })).status,
    ).toBe(404);
    expect(
      (await call(`/api/v2/pins/link?code=${code.toLowerCase()}`, { method: 'PUT', token: friend.authToken }))
        .status,
    ).toBe(204);
    const approved = (await (await call(`/api/v2/pins/${pin['id']}`, { token: null })).json()) as Json;
    expect(approved['authToken']).toBe(friend.authToken);
    const late = (await (await call('/api/v2/pins', { method: 'POST', token: null })).json()) as Json;
    now += 901_000;
    expect(
      (
        await call(`/api/v2/pins/link?code=${String(late['code'])}`, {
          method: 'PUT',
          token: friend.authToken,
        })
      ).status,
    ).toBe(404);
  });

  it('forgets a PIN once it expired (404), and hides it from another client', async () => {
    const pin = (await (await call('/api/v2/pins', { method: 'POST', token: null })).json()) as Json;
    expect(
      (
        await call(`/api/v2/pins/${pin['id']}`, {
          token: null,
          headers: { 'X-Plex-Client-Identifier': 'someone-else' },
        })
      ).status,
    ).toBe(404);
    now += 901_000;
    expect((await call(`/api/v2/pins/${pin['id']}`, { token: null })).status).toBe(404);
  });

  it('answers the account with the vendor schema, and refuses a revoked token', async () => {
    const account = (await (await call('/api/v2/user')).json()) as Json;
    expect(schemaErrors('plex-openapi.yaml', '/user', 'get', 200, account)).toEqual([]);
    expect(account).toMatchObject({ id: owner.plexId, authToken: owner.authToken });
    plexTv.state.revokedTokens.add(owner.authToken);
    expect((await call('/api/v2/user')).status).toBe(401);
  });

  it("lists resources: the owner's server with connections, a friend's access token, no server for an outsider", async () => {
    const mine = (await (await call('/api/v2/resources?includeHttps=1&includeRelay=1')).json()) as Json[];
    expect(schemaErrors('plex-openapi.yaml', '/resources', 'get', 200, mine)).toEqual([]);
    const server = mine.find((resource) => String(resource['provides']).split(',').includes('server'));
    expect(server).toMatchObject({
      clientIdentifier: library.server.machineIdentifier,
      owned: true,
      accessToken: owner.serverToken,
    });
    expect(server?.['connections']).toContainEqual(
      expect.objectContaining({ uri: 'http://127.0.0.1:32400', local: true }),
    );

    const theirs = (await (await call('/api/v2/resources', { token: friend.authToken })).json()) as Json[];
    expect(
      theirs.find((resource) => resource['clientIdentifier'] === library.server.machineIdentifier),
    ).toMatchObject({
      owned: false,
      accessToken: friend.serverToken,
      ownerId: owner.plexId,
    });
    const outside = (await (await call('/api/v2/resources', { token: outsider.authToken })).json()) as Json[];
    expect(
      outside.some((resource) => resource['clientIdentifier'] === library.server.machineIdentifier),
    ).toBe(false);
  });

  it('serves /api/users as XML only, with managed users lacking username and e-mail', async () => {
    const response = await call('/api/users', { clientId: false });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain(`<User id="${friend.plexId}"`);
    expect(xml).toContain(`machineIdentifier="${library.server.machineIdentifier}"`);
    expect(xml).toContain(`machineIdentifier="${library.otherServer.machineIdentifier}"`);
    expect(xml).toMatch(/<User id="\d+" title="Kid \d+" username="" email=""/);
    expect((await call('/api/users', { token: 'bad' })).status).toBe(401);
  });

  it('lists home users, managed ones restricted and without username', async () => {
    const home = (await (await call('/api/v2/home/users')).json()) as { users: Json[] };
    expect(home.users).toContainEqual(expect.objectContaining({ id: owner.plexId, admin: true }));
    expect(home.users.some((user) => user['restricted'] === true && user['username'] === null)).toBe(true);
    expect(home.users.some((user) => user['id'] === friend.plexId)).toBe(false);
  });
});
