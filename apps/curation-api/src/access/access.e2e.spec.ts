// Plex sign-in, sessions, roles, users and API keys end to end: the real app over real Postgres,
// plex.tv played by the media-stack simulator (accounts, resources, friends, home, PINs and the
// stand-in for app.plex.tv's approval page).
import { generateMediaLibrary, startPlexTv } from '@platform/testing-media-stack';
import type { LibraryUser, MediaLibrary, PlexTvSimulator } from '@platform/testing-media-stack';
import { ConfigurationError } from '@platform/service-kit';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import { ledgerRecords } from '../audit/audit.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { SessionStore } from './sessions/session.store';
import { BindPermission } from './sign-in/bind-permission';

const BOOTSTRAP_KEY = 'access-e2e-bootstrap-key-0123456789';
const PLEX_SERVER_URL = 'http://127.0.0.1:32400';

let library: MediaLibrary;
let plexTv: PlexTvSimulator;
let plexTvClockOffsetMs = 0;

function userOf(predicate: (user: LibraryUser) => boolean, what: string): LibraryUser {
  const found = library.users.find(predicate);
  if (found === undefined) throw new Error(`the library has no ${what}`);
  return found;
}

let owner: LibraryUser;
let friend: LibraryUser;
let configuredAdmin: LibraryUser;
let homeMember: LibraryUser;
let outsider: LibraryUser;

beforeAll(async () => {
  library = generateMediaLibrary({ seed: 'curation-access', items: 10 });
  plexTv = await startPlexTv({
    library,
    plexServerUrl: PLEX_SERVER_URL,
    clock: () => Date.now() + plexTvClockOffsetMs,
  });
  owner = userOf((user) => user.kind === 'owner', 'owner');
  const friends = library.users.filter((user) => user.kind === 'shared' && user.hasServerAccess);
  if (friends.length < 2) throw new Error('the library needs two friends with access');
  [friend, configuredAdmin] = friends as [LibraryUser, LibraryUser];
  homeMember = userOf((user) => user.kind === 'home', 'home member');
  outsider = userOf((user) => user.kind === 'shared' && !user.hasServerAccess, 'friend without access');
});

afterAll(async () => {
  await plexTv.stop();
});

beforeEach(() => {
  plexTvClockOffsetMs = 0;
});

function startService(environment: Record<string, string>): Promise<TestService> {
  return startTestService(CURATION_SERVICE, { CURATION_PLEX_TV_URL: plexTv.url, ...environment });
}

interface SignedInBody {
  token: string;
  expiresAt: string;
  user: { id: string; username: string; role: string };
}

async function signIn(service: TestService, user: LibraryUser): Promise<SignedInBody> {
  const response = await request(service.server)
    .post('/api/v1/auth/plex')
    .send({ authToken: user.authToken });
  expect(response.status).toBe(200);
  return response.body as SignedInBody;
}

function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

describe('with a bound server', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startService({
      CURATION_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY,
      // Upper case: names compare case-insensitively.
      CURATION_ADMIN_PLEX_ACCOUNTS: ` ${(configuredAdmin.username ?? '').toUpperCase()} , 424242 `,
    });
    await service.app.get(MediaServerBindingRepository).replace({
      machineIdentifier: library.server.machineIdentifier,
      name: library.server.name,
      baseUrl: PLEX_SERVER_URL,
      token: owner.serverToken,
      ownerAccountId: String(owner.plexId),
      boundBy: 'bootstrap-api-key',
    });
  });

  afterAll(async () => {
    await service.close();
  });

  it('signs the owner in as Admin with an HttpOnly, SameSite=Lax session cookie that /auth/me reads', async () => {
    const response = await request(service.server)
      .post('/api/v1/auth/plex')
      .send({ authToken: owner.authToken });
    expect(response.status).toBe(200);
    const body = response.body as SignedInBody;
    expect(body.user).toEqual({ id: String(owner.plexId), username: owner.username, role: 'Admin' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`curation_session=${body.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');

    const me = await request(service.server)
      .get('/api/v1/auth/me')
      .set('Cookie', `curation_session=${body.token}`);
    expect(me.body).toEqual({
      authenticated: true,
      initialized: true,
      authEnabled: true,
      user: { id: String(owner.plexId), username: owner.username, role: 'Admin' },
    });
  });

  it('marks the cookie Secure when the request came over TLS through a proxy', async () => {
    const response = await request(service.server)
      .post('/api/v1/auth/plex')
      .set('X-Forwarded-Proto', 'https')
      .send({ authToken: friend.authToken });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it('signs friends and home members in as Guest, and configured admin accounts as Admin', async () => {
    expect((await signIn(service, friend)).user.role).toBe('Guest');
    const home = await signIn(service, homeMember);
    expect(home.user).toEqual({ id: String(homeMember.plexId), username: homeMember.title, role: 'Guest' });
    expect((await signIn(service, configuredAdmin)).user.role).toBe('Admin');
  });

  it('refuses a token plex.tv does not accept (401) and an account without access to the server (403)', async () => {
    const invalid = await request(service.server)
      .post('/api/v1/auth/plex')
      .send({ authToken: 'not-a-plex-token' });
    expect(invalid.status).toBe(401);
    expect(invalid.body.code).toBe('auth.plex-token-invalid');
    const outside = await request(service.server)
      .post('/api/v1/auth/plex')
      .send({ authToken: outsider.authToken });
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe('auth.no-server-access');
    expect(outside.body.detail).toContain(library.server.name);
    const missing = await request(service.server).post('/api/v1/auth/plex').send({});
    expect(missing.status).toBe(400);
  });

  it('accepts the session as a bearer token and as a cookie, with the role it carries', async () => {
    const admin = await signIn(service, owner);
    const guest = await signIn(service, friend);
    await request(service.server).get('/api/v1/auth/api-keys').set(bearer(admin.token)).expect(200);
    await request(service.server)
      .get('/api/v1/auth/api-keys')
      .set('Cookie', `other=1; curation_session=${admin.token}`)
      .expect(200);
    const refused = await request(service.server).get('/api/v1/auth/api-keys').set(bearer(guest.token));
    expect(refused.status).toBe(403);
    const unknown = await request(service.server)
      .get('/api/v1/auth/api-keys')
      .set(bearer('A'.repeat(43)));
    expect(unknown.status).toBe(401);
  });

  it('ends the session on logout', async () => {
    const session = await signIn(service, owner);
    await request(service.server).post('/api/v1/auth/logout').set(bearer(session.token)).expect(204);
    const after = await request(service.server).get('/api/v1/auth/api-keys').set(bearer(session.token));
    expect(after.status).toBe(401);
    const me = await request(service.server).get('/api/v1/auth/me').set(bearer(session.token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ authenticated: false, initialized: true, user: null });
  });

  it('signs in with a PIN: pending, then approved once, and expired', async () => {
    const started = await request(service.server).post('/api/v1/auth/plex/pin').expect(200);
    const pin = started.body as { id: string; code: string; authUrl: string };
    expect(pin.authUrl).toMatch(/^https:\/\/app\.plex\.tv\/auth#\?/);
    const authUrl = new URLSearchParams(pin.authUrl.split('#?')[1]);
    expect(authUrl.get('code')).toBe(pin.code);
    const plexPin = [...plexTv.state.pins.values()].find((candidate) => candidate.code === pin.code);
    if (plexPin === undefined) throw new Error('plex.tv has no such PIN');
    expect(authUrl.get('clientID')).toBe(plexPin.clientIdentifier);

    const pending = await request(service.server).post(`/api/v1/auth/plex/pin/${pin.id}`);
    expect(pending.status).toBe(202);
    plexTv.state.approvePin(plexPin.id, friend.plexId);
    const approved = await request(service.server).post(`/api/v1/auth/plex/pin/${pin.id}`);
    expect(approved.status).toBe(200);
    expect((approved.body as SignedInBody).user).toMatchObject({ id: String(friend.plexId), role: 'Guest' });
    expect(String(approved.headers['set-cookie'])).toContain('curation_session=');
    expect((await request(service.server).post(`/api/v1/auth/plex/pin/${pin.id}`)).status).toBe(404);

    const second = (await request(service.server).post('/api/v1/auth/plex/pin').expect(200)).body as {
      id: string;
    };
    plexTvClockOffsetMs = 31 * 60 * 1000;
    const expired = await request(service.server).post(`/api/v1/auth/plex/pin/${second.id}`);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('auth.pin-expired');
    expect((await request(service.server).post('/api/v1/auth/plex/pin/not-a-pin-id')).status).toBe(404);
  });

  it("lists the server's users from plex.tv with their roles", async () => {
    const admin = await signIn(service, owner);
    const response = await request(service.server)
      .get('/api/v1/auth/users')
      .set(bearer(admin.token))
      .expect(200);
    const users = response.body as {
      id: string;
      username: string;
      role: string;
      lastSeenAt: string | null;
    }[];
    const expected = library.users.filter((user) => user.hasServerAccess);
    expect(users.map((user) => user.id).sort()).toEqual(expected.map((user) => String(user.plexId)).sort());
    const roleOf = (user: LibraryUser) =>
      users.find((candidate) => candidate.id === String(user.plexId))?.role;
    expect(roleOf(owner)).toBe('Admin');
    expect(roleOf(configuredAdmin)).toBe('Admin');
    expect(roleOf(friend)).toBe('Guest');
    expect(roleOf(homeMember)).toBe('Guest');
    expect(users.find((user) => user.id === String(owner.plexId))?.lastSeenAt).not.toBeNull();
  });

  it('keeps a role an Admin set across sign-ins and roster refreshes, and guards the owner and bad input', async () => {
    const admin = await signIn(service, owner);
    const friendId = String(friend.plexId);
    const promoted = await request(service.server)
      .put(`/api/v1/auth/users/${friendId}/role`)
      .set(bearer(admin.token))
      .send({ role: 'Admin' })
      .expect(200);
    expect(promoted.body).toMatchObject({ id: friendId, role: 'Admin' });
    expect((await signIn(service, friend)).user.role).toBe('Admin');
    await request(service.server).get('/api/v1/auth/users').set(bearer(admin.token)).expect(200);
    expect((await signIn(service, friend)).user.role).toBe('Admin');

    const invalid = await request(service.server)
      .put(`/api/v1/auth/users/${friendId}/role`)
      .set(bearer(admin.token))
      .send({ role: 'Owner' });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('role must be one of: Admin, Guest');
    const unknown = await request(service.server)
      .put('/api/v1/auth/users/999/role')
      .set(bearer(admin.token))
      .send({ role: 'Guest' });
    expect(unknown.status).toBe(404);
    const ownerDemoted = await request(service.server)
      .put(`/api/v1/auth/users/${owner.plexId}/role`)
      .set(bearer(admin.token))
      .send({ role: 'Guest' });
    expect(ownerDemoted.status).toBe(409);
    expect(ownerDemoted.body.code).toBe('auth.owner-stays-admin');

    await request(service.server)
      .put(`/api/v1/auth/users/${friendId}/role`)
      .set(bearer(admin.token))
      .send({ role: 'Guest' })
      .expect(200);
    const demotedSession = await signIn(service, friend);
    expect(demotedSession.user.role).toBe('Guest');

    // Two changes made, three refused: the ledger holds the two, oldest last.
    const changes = await ledgerRecords(service, BOOTSTRAP_KEY, { action: 'user.role-changed' });
    expect(changes.map((row) => [row.title, row.actor, row.mediaType, row.parsed])).toEqual([
      [
        friend.username,
        owner.username,
        null,
        { userId: friendId, username: friend.username, from: 'Admin', to: 'Guest' },
      ],
      [
        friend.username,
        owner.username,
        null,
        { userId: friendId, username: friend.username, from: 'Guest', to: 'Admin' },
      ],
    ]);
  });

  it("ends a removed user's sessions", async () => {
    const admin = await signIn(service, owner);
    const removed = await signIn(service, configuredAdmin);
    await request(service.server).get('/api/v1/auth/api-keys').set(bearer(removed.token)).expect(200);
    await request(service.server)
      .delete(`/api/v1/auth/users/${configuredAdmin.plexId}`)
      .set(bearer(admin.token))
      .expect(204);
    expect(
      (await request(service.server).get('/api/v1/auth/api-keys').set(bearer(removed.token))).status,
    ).toBe(401);
    await request(service.server).delete('/api/v1/auth/users/999').set(bearer(admin.token)).expect(404);
    const removals = await ledgerRecords(service, BOOTSTRAP_KEY, { action: 'user.removed' });
    expect(removals).toEqual([
      expect.objectContaining({ title: configuredAdmin.username, actor: owner.username, bytesFreed: 0 }),
    ]);
    expect(removals[0]?.parsed).toMatchObject({ userId: String(configuredAdmin.plexId), role: 'Admin' });
  });

  it('creates, lists, uses and revokes API keys, shown once and never listed', async () => {
    const created = await request(service.server)
      .post('/api/v1/auth/api-keys')
      .set('X-Api-Key', BOOTSTRAP_KEY)
      .send({ name: 'automation', role: 'Admin' })
      .expect(201);
    const key = created.body as { id: string; name: string; role: string; key: string; createdAt: string };
    expect(key).toMatchObject({ name: 'automation', role: 'Admin' });
    expect(key.key).toMatch(/^cur_[0-9a-f]{16}_[0-9a-f]{64}$/);
    expect(new Date(key.createdAt).toISOString()).toBe(key.createdAt);

    const listed = await request(service.server)
      .get('/api/v1/auth/api-keys')
      .set('X-Api-Key', key.key)
      .expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(key.key.slice(21));
    expect((listed.body as { id: string }[]).map((entry) => entry.id)).toContain(key.id);
    const me = await request(service.server).get('/api/v1/auth/me').set('X-Api-Key', key.key);
    expect(me.body.user).toEqual({ id: `api-key:${key.id}`, username: 'automation', role: 'Admin' });

    const duplicate = await request(service.server)
      .post('/api/v1/auth/api-keys')
      .set('X-Api-Key', key.key)
      .send({ name: 'AUTOMATION', role: 'Guest' });
    expect(duplicate.status).toBe(409);
    const badRole = await request(service.server)
      .post('/api/v1/auth/api-keys')
      .set('X-Api-Key', key.key)
      .send({ name: 'x', role: 'root' });
    expect(badRole.status).toBe(400);

    await request(service.server)
      .delete(`/api/v1/auth/api-keys/${key.id}`)
      .set('X-Api-Key', BOOTSTRAP_KEY)
      .expect(204);
    const revoked = await request(service.server).get('/api/v1/auth/api-keys').set('X-Api-Key', key.key);
    expect(revoked.status).toBe(401);
    const tampered = `${key.key.slice(0, -1)}${key.key.endsWith('0') ? '1' : '0'}`;
    expect(
      (await request(service.server).get('/api/v1/auth/api-keys').set('X-Api-Key', tampered)).status,
    ).toBe(401);
    await request(service.server)
      .delete(`/api/v1/auth/api-keys/${key.id}`)
      .set('X-Api-Key', BOOTSTRAP_KEY)
      .expect(404);

    // Created once (the duplicate name was refused) and revoked once; never the key or its parts.
    const created$ = await ledgerRecords(service, BOOTSTRAP_KEY, { action: 'api-key.created' });
    const revoked$ = await ledgerRecords(service, BOOTSTRAP_KEY, { action: 'api-key.revoked' });
    const details = { keyId: key.id, name: 'automation', role: 'Admin' };
    expect(created$.map((row) => [row.title, row.actor, row.parsed])).toEqual([
      ['automation', 'bootstrap-api-key', details],
    ]);
    expect(revoked$.map((row) => [row.title, row.actor, row.parsed])).toEqual([
      ['automation', 'bootstrap-api-key', details],
    ]);
    const everything = JSON.stringify(await ledgerRecords(service, BOOTSTRAP_KEY));
    expect(everything).not.toContain(key.key.split('_')[2]);
    expect(everything).not.toContain(key.key.split('_')[1]);
  });
});

describe('before a server is bound', () => {
  it('with nothing configured, admits the first account only, which may bind only a server it owns', async () => {
    const service = await startService({});
    try {
      const me = await request(service.server).get('/api/v1/auth/me').expect(200);
      expect(me.body).toEqual({ authenticated: false, initialized: false, authEnabled: true, user: null });
      const first = await signIn(service, owner);
      expect(first.user.role).toBe('Admin');
      const second = await request(service.server)
        .post('/api/v1/auth/plex')
        .send({ authToken: friend.authToken });
      expect(second.status).toBe(403);
      expect(second.body.code).toBe('auth.setup-claimed');
      expect((await signIn(service, owner)).user.role).toBe('Admin');

      const caller = await service.app.get(SessionStore).authenticate(first.token);
      if (caller === null) throw new Error('the session does not authenticate');
      const permission = service.app.get(BindPermission);
      await expect(permission.check(caller, library.server.machineIdentifier)).resolves.toBe(
        String(owner.plexId),
      );
      await expect(permission.check(caller, library.otherServer.machineIdentifier)).rejects.toMatchObject({
        code: 'auth.bind-needs-ownership',
      });
    } finally {
      await service.close();
    }
  });

  it('with a friend who got in first, refuses to let them bind a server they do not own', async () => {
    const service = await startService({});
    try {
      const first = await signIn(service, friend);
      const caller = await service.app.get(SessionStore).authenticate(first.token);
      if (caller === null) throw new Error('the session does not authenticate');
      await expect(
        service.app.get(BindPermission).check(caller, library.server.machineIdentifier),
      ).rejects.toMatchObject({ code: 'auth.bind-needs-ownership' });
    } finally {
      await service.close();
    }
  });

  it('with admin accounts configured, admits only them (by name or by plex.tv id)', async () => {
    const service = await startService({ CURATION_ADMIN_PLEX_ACCOUNTS: `${friend.plexId}` });
    try {
      expect((await signIn(service, friend)).user.role).toBe('Admin');
      const other = await request(service.server)
        .post('/api/v1/auth/plex')
        .send({ authToken: owner.authToken });
      expect(other.status).toBe(403);
      expect(other.body.code).toBe('auth.not-bound-not-admin');
    } finally {
      await service.close();
    }
  });

  it('signs out an admin who got in before binding once the roster shows they cannot use the bound server', async () => {
    const service = await startService({ CURATION_ADMIN_PLEX_ACCOUNTS: `${outsider.plexId}` });
    try {
      const early = await signIn(service, outsider);
      expect(early.user.role).toBe('Admin');
      await service.app.get(MediaServerBindingRepository).replace({
        machineIdentifier: library.server.machineIdentifier,
        name: library.server.name,
        baseUrl: PLEX_SERVER_URL,
        token: owner.serverToken,
        ownerAccountId: String(owner.plexId),
        boundBy: `user:${outsider.plexId}`,
      });
      await request(service.server).get('/api/v1/auth/api-keys').set(bearer(early.token)).expect(200);
      const admin = await signIn(service, owner);
      await request(service.server).get('/api/v1/auth/users').set(bearer(admin.token)).expect(200);
      const after = await request(service.server).get('/api/v1/auth/api-keys').set(bearer(early.token));
      expect(after.status).toBe(401);
      await request(service.server).get('/api/v1/auth/api-keys').set(bearer(admin.token)).expect(200);
    } finally {
      await service.close();
    }
  });

  it('with only a bootstrap key configured, admits no Plex account until a server is bound', async () => {
    const service = await startService({ CURATION_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY });
    try {
      const refused = await request(service.server)
        .post('/api/v1/auth/plex')
        .send({ authToken: owner.authToken });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('auth.not-bound-use-bootstrap-key');
      const permission = service.app.get(BindPermission);
      await expect(
        permission.check({ kind: 'bootstrap', role: 'Admin' }, library.server.machineIdentifier),
      ).resolves.toBeNull();
    } finally {
      await service.close();
    }
  });
});

describe('with CURATION_PLEX_APP_AUTH_URL', () => {
  it("sends the person to that page, whose approval finishes the PIN sign-in (the simulator's page here)", async () => {
    const service = await startService({ CURATION_PLEX_APP_AUTH_URL: plexTv.appAuthUrl });
    try {
      const started = await request(service.server).post('/api/v1/auth/plex/pin').expect(200);
      const pin = started.body as { id: string; code: string; authUrl: string };
      expect(pin.authUrl.startsWith(plexTv.appAuthUrl)).toBe(true);
      const fragment = new URLSearchParams(pin.authUrl.slice(plexTv.appAuthUrl.length));
      expect(fragment.get('code')).toBe(pin.code);
      const clientID = fragment.get('clientID');
      const plexPin = [...plexTv.state.pins.values()].find((candidate) => candidate.code === pin.code);
      expect(clientID).toBe(plexPin?.clientIdentifier);
      expect(fragment.get('context[device][product]')).toBe('Media Curation API');

      // What the person's browser does: open the page, press "Approve as" the owner.
      const page = await fetch(pin.authUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`data-plex-id="${owner.plexId}"`);
      await request(service.server).post(`/api/v1/auth/plex/pin/${pin.id}`).expect(202);
      const approved = await fetch(plexTv.appApproveUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: fragment.get('code'), clientID, plexId: owner.plexId }),
      });
      expect(approved.status).toBe(200);

      const signedIn = await request(service.server).post(`/api/v1/auth/plex/pin/${pin.id}`).expect(200);
      expect((signedIn.body as SignedInBody).user).toEqual({
        id: String(owner.plexId),
        username: owner.username,
        role: 'Admin',
      });
    } finally {
      await service.close();
    }
  });

  it('refuses to start with a value that is not an http(s) URL ending in "#?", saying what is wrong', async () => {
    await expect(startService({ CURATION_PLEX_APP_AUTH_URL: `${plexTv.url}/auth` })).rejects.toThrow(
      'CURATION_PLEX_APP_AUTH_URL: must end with "#?" (the PIN\'s clientID and code are appended to it), such as https://app.plex.tv/auth#?',
    );
    for (const value of [
      'ftp://plex.example/auth#?',
      'app.plex.tv/auth#?',
      'https://me:secret@app.plex.tv/auth#?',
    ]) {
      const refusal = startService({ CURATION_PLEX_APP_AUTH_URL: value });
      await expect(refusal).rejects.toThrow(
        'CURATION_PLEX_APP_AUTH_URL: must be an http(s) URL without user name or password, such as https://app.plex.tv/auth#?',
      );
      await expect(refusal).rejects.toThrow(ConfigurationError);
      await expect(refusal).rejects.not.toThrow('secret');
    }
  });
});
