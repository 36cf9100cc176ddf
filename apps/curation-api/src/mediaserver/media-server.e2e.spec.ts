// The media-server endpoints through HTTP, over real Postgres, against the Plex and plex.tv
// simulators: status before and after binding, every refusal of a bind (wrong server, unreachable,
// a token that is not the owner's, bad fields), rebinding with a catalog, and that the server token
// is neither returned nor stored in the clear.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import {
  generateMediaLibrary,
  startMediaStack,
  startPlexMediaServer,
  type LibraryUser,
  type MediaStack,
  type PlexMediaServerSimulator,
} from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import { ledgerRecords } from '../audit/audit.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';

const BOOTSTRAP_KEY = `bootstrap-${randomBytes(12).toString('hex')}`;
const ADMIN = { 'X-Api-Key': BOOTSTRAP_KEY };
/** Nothing listens on port 1 of the loopback interface: connections are refused at once. */
const DEAD_URL = 'http://127.0.0.1:1';

let stack: MediaStack;
let otherPlex: PlexMediaServerSimulator;
/** Another server, so another machine identifier: what a rebind to a different machine meets. */
const otherLibrary = generateMediaLibrary({ seed: 'curation-mediaserver-other', items: 10 });
let service: TestService;
let owner: LibraryUser;
const answers: Response[] = [];

beforeAll(async () => {
  stack = await startMediaStack({ seed: 'curation-mediaserver', items: 60 });
  otherPlex = await startPlexMediaServer({ library: otherLibrary });
  service = await startTestService(CURATION_SERVICE, {
    CURATION_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY,
    CURATION_PLEX_TV_URL: stack.plexTv.url,
    CURATION_SECRET_KEY: randomBytes(32).toString('base64'),
  });
  const found = stack.library.users.find((user) => user.kind === 'owner');
  if (found === undefined) throw new Error('the generated library has no owner');
  owner = found;
});

afterAll(async () => {
  await service?.close();
  await otherPlex?.stop();
  await stack?.stop();
});

beforeEach(() => {
  stack.plex.faults.clear();
});

function bindRequest(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    machineIdentifier: stack.library.server.machineIdentifier,
    name: stack.library.server.name,
    baseUrl: stack.plex.url,
    apiKey: owner.serverToken,
    ...fields,
  };
}

async function bind(fields: Record<string, unknown> = {}): Promise<Response> {
  const answer = await request(service.server)
    .post('/api/v1/mediaserver/bind')
    .set(ADMIN)
    .send(bindRequest(fields));
  answers.push(answer);
  return answer;
}

async function status(): Promise<Response> {
  const answer = await request(service.server).get('/api/v1/mediaserver/status');
  answers.push(answer);
  return answer;
}

function database(): DataSource {
  return service.app.get(DataSource);
}

describe('before a server is bound', () => {
  it('answers the status to anyone, unbound and without health', async () => {
    const answer = await status();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      bound: false,
      machineIdentifier: null,
      name: null,
      baseUrl: null,
      health: { reachable: false, checkedAt: null, error: null },
      libraries: [],
    });
  });

  it('refuses to bind anonymously', async () => {
    const answer = await request(service.server).post('/api/v1/mediaserver/bind').send(bindRequest());
    expect(answer.status).toBe(401);
  });

  it('refuses a machine identifier the server does not answer with, naming both', async () => {
    const answer = await bind({ machineIdentifier: 'not-this-server' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('mediaserver.identifier-mismatch');
    expect(answer.body.detail).toContain('not-this-server');
    expect(answer.body.detail).toContain(stack.library.server.machineIdentifier);
  });

  it('answers 502 when the server cannot be reached, and when it drops the connection', async () => {
    const refused = await bind({ baseUrl: DEAD_URL });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('mediaserver.unreachable');
    expect(refused.body.detail).toContain(DEAD_URL);

    stack.plex.faults.add({ path: '/identity', drop: true, times: 1 });
    const dropped = await bind();
    expect(dropped.status).toBe(502);
    expect(dropped.body.code).toBe('mediaserver.unreachable');
  });

  it('refuses a token the server does not accept, naming apiKey', async () => {
    const answer = await bind({ apiKey: 'not-a-plex-token' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('mediaserver.token-refused');
    expect(answer.body.detail).toContain('apiKey');
  });

  it("refuses a friend's token: it opens the libraries but not every account's history", async () => {
    const friend = stack.library.users.find((user) => user.kind === 'shared' && user.hasServerAccess);
    if (friend === undefined) throw new Error('the generated library has no friend with access');
    const answer = await bind({ apiKey: friend.serverToken });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('mediaserver.token-refused');
  });

  it('refuses a URL that is not a Plex Media Server', async () => {
    const answer = await bind({ baseUrl: stack.sonarr.url });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('mediaserver.not-plex');
    expect(answer.body.detail).toContain('baseUrl');
  });

  it.each([
    ['baseUrl', { baseUrl: 'ftp://example.com' }],
    ['baseUrl', { baseUrl: 'not a url' }],
    ['apiKey', { apiKey: undefined }],
    ['machineIdentifier', { machineIdentifier: '' }],
    ['force', { force: 'yes' }],
  ])('refuses a bad %s with 400 naming it', async (field, fields) => {
    const answer = await bind(fields);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.errors ?? answer.body.detail)).toContain(field);
  });

  it('lists no servers for an API key caller: that needs a Plex sign-in', async () => {
    const answer = await request(service.server).get('/api/v1/mediaserver/servers').set(ADMIN);
    answers.push(answer);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('mediaserver.plex-account-required');
    expect((await request(service.server).get('/api/v1/mediaserver/servers')).status).toBe(401);
  });

  it('has stored nothing after all those refusals', async () => {
    expect(await database().query('SELECT 1 FROM "curation"."media_server_binding"')).toEqual([]);
  });
});

describe('binding', () => {
  it('binds the server and answers its status with live health and library counts', async () => {
    const answer = await bind();
    expect(answer.status).toBe(200);
    const movies = stack.library.movies.filter((movie) => movie.plex !== null).length;
    const shows = stack.library.series.filter((series) => series.plex !== null).length;
    expect(answer.body).toEqual({
      bound: true,
      machineIdentifier: stack.library.server.machineIdentifier,
      name: stack.library.server.name,
      baseUrl: stack.plex.url,
      health: { reachable: true, checkedAt: expect.any(String), error: null },
      libraries: expect.arrayContaining([
        expect.objectContaining({ type: 'movie', itemCount: movies }),
        expect.objectContaining({ type: 'show', itemCount: shows }),
      ]),
    });
    expect(new Date(answer.body.health.checkedAt as string).toISOString()).toBe(answer.body.health.checkedAt);

    const anonymous = await status();
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.machineIdentifier).toBe(stack.library.server.machineIdentifier);
  });

  it('stores the token sealed, the owner from plex.tv and who bound it', async () => {
    const rows: { token_sealed: string; owner_account_id: string; bound_by: string }[] =
      await database().query(
        'SELECT "token_sealed", "owner_account_id", "bound_by" FROM "curation"."media_server_binding"',
      );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.token_sealed).not.toContain(owner.serverToken);
    expect(row?.token_sealed).not.toContain(Buffer.from(owner.serverToken).toString('base64'));
    expect(row?.owner_account_id).toBe(String(owner.plexId));
    expect(row?.bound_by).toBe('bootstrap-api-key');
  });

  it('reports in the status that the server refuses the stored token', async () => {
    // A rebind to the same server forgets the cached health, so the next probe meets the fault.
    stack.plex.faults.add({ path: '/library/sections', status: 401 });
    const answer = await bind();
    expect(answer.status).toBe(200);
    expect(answer.body.health).toEqual({
      reachable: true,
      checkedAt: expect.any(String),
      error: expect.stringContaining('refused the stored token'),
    });
    expect(answer.body.libraries).toEqual([]);
  });
});

describe('rebinding', () => {
  beforeAll(async () => {
    await database().query(
      `INSERT INTO "curation"."catalog_items" ("id", "media_type", "title", "title_key")
       VALUES ('movie-tmdb-603', 'movie', 'The Matrix', 'the matrix')`,
    );
  });

  function otherServer(fields: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      machineIdentifier: otherLibrary.server.machineIdentifier,
      name: otherLibrary.server.name,
      baseUrl: otherPlex.url,
      apiKey: otherPlex.ownerToken,
      ...fields,
    };
  }

  it('refuses another server while a catalog exists, naming the bound one', async () => {
    const answer = await bind(otherServer());
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('mediaserver.catalog-exists');
    expect(answer.body.detail).toContain(stack.library.server.machineIdentifier);
    expect(answer.body.detail).toContain('force');
  });

  it('allows the same server at another URL with the catalog in place', async () => {
    const sameServer = stack.plex.url.replace('127.0.0.1', 'localhost');
    const answer = await bind({ baseUrl: sameServer });
    expect(answer.status).toBe(200);
    expect(answer.body.baseUrl).toBe(sameServer);
  });

  it('binds another server with force', async () => {
    const answer = await bind(otherServer({ force: true }));
    expect(answer.status).toBe(200);
    expect(answer.body.machineIdentifier).toBe(otherLibrary.server.machineIdentifier);
    expect(answer.body.health.reachable).toBe(true);
    expect((await status()).body.machineIdentifier).toBe(otherLibrary.server.machineIdentifier);
  });

  it('recorded each bind in the ledger with the server it replaced, refusals not at all', async () => {
    const rows = (await ledgerRecords(service, BOOTSTRAP_KEY, { action: 'mediaserver.bound' })).reverse();
    const first = stack.library.server;
    // The first bind, the two rebinds to the same server (the 401 test, another URL) and the forced one.
    expect(
      rows.map((row) => [row.title, row.actor, row.mediaType, row.parsed['previous'], row.parsed['forced']]),
    ).toEqual([
      [first.name, 'bootstrap-api-key', null, null, false],
      [
        first.name,
        'bootstrap-api-key',
        null,
        { machineIdentifier: first.machineIdentifier, name: first.name },
        false,
      ],
      [
        first.name,
        'bootstrap-api-key',
        null,
        { machineIdentifier: first.machineIdentifier, name: first.name },
        false,
      ],
      [
        otherLibrary.server.name,
        'bootstrap-api-key',
        null,
        { machineIdentifier: first.machineIdentifier, name: first.name },
        true,
      ],
    ]);
  });
});

describe('secrets', () => {
  it('never returns a Plex token in any answer of this file, refusals included', () => {
    const secrets = stack.library.users.flatMap((user) => [user.authToken, user.serverToken]);
    secrets.push(otherPlex.ownerToken);
    expect(answers.length).toBeGreaterThanOrEqual(20);
    for (const answer of answers) {
      for (const secret of secrets) expect(answer.text).not.toContain(secret);
    }
  });

  it('never writes a Plex token into the ledger', async () => {
    const ledger = JSON.stringify(await ledgerRecords(service, BOOTSTRAP_KEY));
    expect(ledger).toContain('mediaserver.bound');
    for (const user of stack.library.users) expect(ledger).not.toContain(user.serverToken);
    expect(ledger).not.toContain(otherPlex.ownerToken);
  });
});

describe('binding as the owner signed in with Plex', () => {
  let ownStack: MediaStack;
  let ownService: TestService;

  beforeAll(async () => {
    ownStack = await startMediaStack({ seed: 'curation-mediaserver-owner', items: 20 });
    // No bootstrap key and no configured admins: the first Plex account to sign in sets up.
    ownService = await startTestService(CURATION_SERVICE, {
      CURATION_PLEX_TV_URL: ownStack.plexTv.url,
      CURATION_SECRET_KEY: randomBytes(32).toString('base64'),
    });
  });

  afterAll(async () => {
    await ownService?.close();
    await ownStack?.stop();
  });

  it('binds without apiKey, with the Plex token of the owner’s own sign-in', async () => {
    const serverOwner = ownStack.library.users.find((user) => user.kind === 'owner') as LibraryUser;
    const session = await request(ownService.server)
      .post('/api/v1/auth/plex')
      .send({ authToken: serverOwner.authToken });
    expect(session.status).toBe(200);
    const answer = await request(ownService.server)
      .post('/api/v1/mediaserver/bind')
      .set('Authorization', `Bearer ${(session.body as { token: string }).token}`)
      .send({
        machineIdentifier: ownStack.library.server.machineIdentifier,
        name: ownStack.library.server.name,
        baseUrl: ownStack.plex.url,
      });
    expect({
      status: answer.status,
      bound: answer.body.bound,
      reachable: answer.body.health?.reachable,
    }).toEqual({
      status: 200,
      bound: true,
      reachable: true,
    });
    expect(JSON.stringify(answer.body)).not.toContain(serverOwner.authToken);
  });

  it('still needs apiKey from an API key, which has no Plex account, naming the field', async () => {
    const admin = await request(ownService.server)
      .post('/api/v1/auth/plex')
      .send({
        authToken: (ownStack.library.users.find((user) => user.kind === 'owner') as LibraryUser).authToken,
      });
    const key = await request(ownService.server)
      .post('/api/v1/auth/api-keys')
      .set('Authorization', `Bearer ${(admin.body as { token: string }).token}`)
      .send({ name: 'script', role: 'Admin' });
    expect(key.status).toBe(201);
    const answer = await request(ownService.server)
      .post('/api/v1/mediaserver/bind')
      .set('X-Api-Key', (key.body as { key: string }).key)
      .send({
        machineIdentifier: ownStack.library.server.machineIdentifier,
        name: ownStack.library.server.name,
        baseUrl: ownStack.plex.url,
      });
    expect({ status: answer.status, code: answer.body.code }).toEqual({
      status: 400,
      code: 'mediaserver.api-key-required',
    });
    expect(answer.body.detail).toContain('apiKey');
  });
});
