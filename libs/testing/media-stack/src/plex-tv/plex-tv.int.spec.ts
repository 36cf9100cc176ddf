// The plex.tv simulator over real HTTP: the PIN sign-in a headless client does, the stand-in for
// app.plex.tv's approval page and its approve route, the account and resources (checked against the
// Plex OpenAPI documents), home users, and the XML-only friends list.
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

  describe('the approval page (app.plex.tv/auth)', () => {
    const approve = (fields: Record<string, unknown>) =>
      fetch(plexTv.appApproveUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(fields),
      });
    const newPin = async (): Promise<{ id: number; code: string }> =>
      (await (await call('/api/v2/pins', { method: 'POST', token: null })).json()) as {
        id: number;
        code: string;
      };
    const tokenOf = async (pinId: number): Promise<unknown> =>
      ((await (await call(`/api/v2/pins/${pinId}`, { token: null })).json()) as Json)['authToken'];

    it('is served at the path authUrl points to, as an HTML page that loads nothing from elsewhere', async () => {
      expect(plexTv.appAuthUrl).toBe(`${plexTv.url}/auth#?`);
      expect(plexTv.appApproveUrl).toBe(`${plexTv.url}/auth/approve`);
      const response = await fetch(plexTv.appAuthUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("connect-src 'self'");
      const html = await response.text();
      expect(html).toContain('<title>Sign in to Plex (simulated)</title>');
      expect(html).not.toMatch(/\b(src|href)=/);
      const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html).toContain('location.hash');
    });

    it('offers one button per account, the owner first, each saying who it is', async () => {
      const html = await (await fetch(`${plexTv.url}/auth`)).text();
      const buttons = [
        ...html.matchAll(/<button type="button" data-plex-id="(\d+)" disabled>([^<]*)<\/button>/g),
      ];
      expect(buttons.map((match) => Number(match[1])).sort()).toEqual(
        library.users.map((user) => user.plexId).sort(),
      );
      expect(buttons[0]?.[1]).toBe(String(owner.plexId));
      expect(buttons[0]?.[2]).toBe(`Approve as ${owner.username} (owner)`);
      const labelOf = (user: LibraryUser) => buttons.find((match) => match[1] === String(user.plexId))?.[2];
      expect(labelOf(friend)).toBe(`Approve as ${friend.username} (friend)`);
      expect(labelOf(outsider)).toBe(
        `Approve as ${outsider.username} (friend without access to this server)`,
      );
      const managed = library.users.find(
        (user) => user.kind === 'home' && user.username === null,
      ) as LibraryUser;
      expect(labelOf(managed)).toBe(`Approve as ${managed.title} (managed home user)`);
    });

    it('escapes usernames: a hostile one is text, not markup', async () => {
      const hostile = `<img src=x onerror=alert(1)>"'&`;
      const renamed = {
        ...library,
        users: library.users.map((user) =>
          user.plexId === friend.plexId ? { ...user, username: hostile } : user,
        ),
      };
      const hostilePlexTv = await startPlexTv({ library: renamed, plexServerUrl: 'http://127.0.0.1:32400' });
      try {
        const html = await (await fetch(`${hostilePlexTv.url}/auth`)).text();
        expect(html).toContain('Approve as &lt;img src=x onerror=alert(1)&gt;&quot;&apos;&amp; (friend)');
        const tags = new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => match[1]));
        expect([...tags].sort()).toEqual([
          'body',
          'button',
          'h1',
          'head',
          'html',
          'li',
          'main',
          'meta',
          'p',
          'script',
          'span',
          'strong',
          'style',
          'title',
          'ul',
        ]);
        const pin = (await (
          await fetch(`${hostilePlexTv.url}/api/v2/pins`, { method: 'POST', headers: client })
        ).json()) as { code: string };
        const approved = await fetch(hostilePlexTv.appApproveUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            code: pin.code,
            clientID: client['X-Plex-Client-Identifier'],
            plexId: friend.plexId,
          }),
        });
        expect(await approved.json()).toMatchObject({ approvedAs: hostile });
      } finally {
        await hostilePlexTv.stop();
      }
    });

    it("approves the PIN of the code and client with the chosen account's token, which the client then reads", async () => {
      const pin = await newPin();
      const clientID = client['X-Plex-Client-Identifier'];
      const response = await approve({ code: pin.code, clientID, plexId: friend.plexId });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        code: pin.code,
        approvedAs: friend.username,
        alreadyApproved: false,
      });
      expect(await tokenOf(pin.id)).toBe(friend.authToken);
      const account = (await (await call('/api/v2/user', { token: friend.authToken })).json()) as Json;
      expect(account['id']).toBe(friend.plexId);
    });

    it('keeps the first approval when approved again, as whoever', async () => {
      const pin = await newPin();
      const clientID = client['X-Plex-Client-Identifier'];
      expect((await approve({ code: pin.code, clientID, plexId: friend.plexId })).status).toBe(200);
      const again = await approve({ code: pin.code.toLowerCase(), clientID, plexId: owner.plexId });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({
        code: pin.code,
        approvedAs: friend.username,
        alreadyApproved: true,
      });
      expect(await tokenOf(pin.id)).toBe(friend.authToken);
    });

    it('refuses an unknown code or another client (404), an expired code (410), and says why', async () => {
      const pin = await newPin();
      const clientID = client['X-Plex-Client-Identifier'];
      const unknown = await approve({ code: 'NOPE', clientID, plexId: friend.plexId });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        errors: [
          {
            code: 1020,
            status: 404,
            message: 'Code not found for this application: start the sign-in again',
          },
        ],
      });
      expect(
        (await approve({ code: pin.code, clientID: 'someone-else', plexId: friend.plexId })).status,
      ).toBe(404);
      now += 901_000;
      const expired = await approve({ code: pin.code, clientID, plexId: friend.plexId });
      expect(expired.status).toBe(410);
      expect(await expired.json()).toEqual({
        errors: [{ code: 1020, status: 410, message: 'This code has expired: start the sign-in again' }],
      });
      expect(plexTv.state.pins.get(pin.id)?.authToken).toBeNull();
    });

    it('refuses a request without a code, a client or an account, and an unknown account', async () => {
      const pin = await newPin();
      const clientID = client['X-Plex-Client-Identifier'];
      const messageOf = async (fields: Record<string, unknown>) => {
        const response = await approve(fields);
        const body = (await response.json()) as { errors: { message: string }[] };
        return [response.status, body.errors[0]?.message];
      };
      expect(await messageOf({ clientID, plexId: friend.plexId })).toEqual([
        400,
        'code is missing: open the authUrl with its #?clientID=…&code=… part',
      ]);
      expect(await messageOf({ code: pin.code, plexId: friend.plexId })).toEqual([
        400,
        'clientID is missing',
      ]);
      expect(await messageOf({ code: pin.code, clientID, plexId: String(friend.plexId) })).toEqual([
        400,
        'plexId must be the id of an account (an integer)',
      ]);
      expect(await messageOf({ code: pin.code, clientID, plexId: 4 })).toEqual([404, 'No account with id 4']);
      expect(await tokenOf(pin.id)).toBeNull();
    });
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
