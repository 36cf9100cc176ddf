// The connection endpoints through HTTP, over real Postgres, against the Sonarr, Radarr, Overseerr
// and Tautulli simulators: each type is tested before it is stored, every refusal names its
// reason, and no key ever comes back in an answer or lies in the table in the clear.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { startMediaStack, type MediaStack } from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import { ledgerRecords } from '../audit/audit.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';

const BOOTSTRAP_KEY = `bootstrap-${randomBytes(12).toString('hex')}`;
const ADMIN = { 'X-Api-Key': BOOTSTRAP_KEY };
/** Nothing listens on port 1 of the loopback interface: connections are refused at once. */
const DEAD_URL = 'http://127.0.0.1:1';

let stack: MediaStack;
let service: TestService;
const answers: Response[] = [];

beforeAll(async () => {
  stack = await startMediaStack({ seed: 'curation-connections', items: 30 });
  service = await startTestService(CURATION_SERVICE, {
    CURATION_BOOTSTRAP_API_KEY: BOOTSTRAP_KEY,
    CURATION_PLEX_TV_URL: stack.plexTv.url,
    CURATION_SECRET_KEY: randomBytes(32).toString('base64'),
  });
});

afterAll(async () => {
  await service?.close();
  await stack?.stop();
});

afterEach(() => {
  for (const simulator of [stack.sonarr, stack.sonarr4k, stack.radarr, stack.radarr4k, stack.overseerr]) {
    simulator.faults.clear();
  }
});

type Method = 'get' | 'post' | 'put' | 'delete';

async function call(method: Method, path: string, body?: Record<string, unknown>): Promise<Response> {
  const pending = request(service.server)[method](`/api/v1/connections${path}`).set(ADMIN);
  const answer = body === undefined ? await pending : await pending.send(body);
  answers.push(answer);
  return answer;
}

function sonarr(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'sonarr',
    name: 'Sonarr',
    baseUrl: stack.sonarr.url,
    apiKey: stack.sonarr.apiKey,
    ...fields,
  };
}

function allKeys(): string[] {
  return [
    stack.sonarr.apiKey,
    stack.sonarr4k.apiKey,
    stack.radarr.apiKey,
    stack.radarr4k.apiKey,
    stack.overseerr.apiKey,
    stack.tautulli.apiKey,
  ];
}

const created = new Map<string, string>();

describe('creating', () => {
  it.each([
    ['sonarr', 'Sonarr', () => stack.sonarr, false],
    ['sonarr', 'Sonarr 4K', () => stack.sonarr4k, true],
    ['radarr', 'Radarr', () => stack.radarr, false],
    ['radarr', 'Radarr 4K', () => stack.radarr4k, true],
    ['overseerr', 'Overseerr', () => stack.overseerr, false],
    ['tautulli', 'Tautulli', () => stack.tautulli, false],
  ] as const)('creates a %s connection named %s after testing it', async (type, name, simulator, is4k) => {
    const target = simulator();
    const answer = await call('post', '', {
      type,
      name,
      baseUrl: `${target.url}/`,
      apiKey: target.apiKey,
      is4k,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type,
      name,
      baseUrl: target.url,
      is4k,
      hasApiKey: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    created.set(name, answer.body.id as string);
  });

  it('lists them by type then name, without keys', async () => {
    const answer = await call('get', '');
    expect(answer.status).toBe(200);
    expect(
      (answer.body as { type: string; name: string }[]).map(({ type, name }) => `${type}:${name}`),
    ).toEqual([
      'overseerr:Overseerr',
      'radarr:Radarr',
      'radarr:Radarr 4K',
      'sonarr:Sonarr',
      'sonarr:Sonarr 4K',
      'tautulli:Tautulli',
    ]);
  });

  it('refuses a Radarr URL given as Sonarr, saying what answered', async () => {
    const answer = await call(
      'post',
      '',
      sonarr({ name: 'Not Sonarr', baseUrl: stack.radarr.url, apiKey: stack.radarr.apiKey }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('connections.test-failed');
    expect(answer.body.reason).toBe('wrong-app');
    expect(answer.body.detail).toContain('answers as "Radarr", not Sonarr');
  });

  it('refuses a key Sonarr refuses (401) and one Overseerr refuses (403)', async () => {
    const arr = await call('post', '', sonarr({ name: 'Sonarr wrong key', apiKey: 'f'.repeat(32) }));
    expect(arr.status).toBe(400);
    expect(arr.body.reason).toBe('unauthorized');
    expect(arr.body.detail).toContain('refused apiKey (HTTP 401)');

    await call('delete', `/${created.get('Overseerr')}`);
    const overseerr = await call('post', '', {
      type: 'overseerr',
      name: 'Overseerr again',
      baseUrl: stack.overseerr.url,
      apiKey: 'not-the-key',
    });
    expect(overseerr.status).toBe(400);
    expect(overseerr.body.reason).toBe('unauthorized');
    expect(overseerr.body.detail).toContain('refused apiKey (HTTP 403)');
    const restored = await call('post', '', {
      type: 'overseerr',
      name: 'Overseerr',
      baseUrl: stack.overseerr.url,
      apiKey: stack.overseerr.apiKey,
    });
    expect(restored.status).toBe(201);
    created.set('Overseerr', restored.body.id as string);
  });

  it('refuses a Tautulli key Tautulli refuses', async () => {
    await call('delete', `/${created.get('Tautulli')}`);
    const answer = await call('post', '', {
      type: 'tautulli',
      name: 'Tautulli',
      baseUrl: stack.tautulli.url,
      apiKey: 'not-the-key',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toBe('unauthorized');
    const restored = await call('post', '', {
      type: 'tautulli',
      name: 'Tautulli',
      baseUrl: stack.tautulli.url,
      apiKey: stack.tautulli.apiKey,
    });
    created.set('Tautulli', restored.body.id as string);
  });

  it('refuses a URL nothing answers on, and one that times out to a dropped connection', async () => {
    const refused = await call('post', '', sonarr({ name: 'Nowhere', baseUrl: DEAD_URL }));
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('unreachable');
    expect(refused.body.detail).toContain(DEAD_URL);

    stack.sonarr.faults.add({ path: '/api/v3/system/status', drop: true });
    const dropped = await call('post', '', sonarr({ name: 'Dropped' }));
    expect(dropped.status).toBe(400);
    expect(dropped.body.reason).toBe('unreachable');
  });

  it('refuses a second Overseerr and a second Tautulli, naming the existing one', async () => {
    for (const [type, target] of [
      ['overseerr', stack.overseerr],
      ['tautulli', stack.tautulli],
    ] as const) {
      const answer = await call('post', '', {
        type,
        name: `Second ${type}`,
        baseUrl: target.url,
        apiKey: target.apiKey,
      });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('connections.helper-exists');
      expect(answer.body.detail).toContain(type === 'overseerr' ? '"Overseerr"' : '"Tautulli"');
    }
  });

  it('refuses a name taken in another case', async () => {
    const answer = await call(
      'post',
      '',
      sonarr({ name: 'SONARR 4k', baseUrl: stack.sonarr4k.url, apiKey: stack.sonarr4k.apiKey }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('connections.name-taken');
  });

  it.each([
    ['type', { type: 'plex' }, 'sonarr, radarr, overseerr, tautulli'],
    ['baseUrl', { baseUrl: 'not a url' }, 'http(s) URL'],
    ['baseUrl', { baseUrl: 'file:///etc/passwd' }, 'http(s) URL'],
    ['apiKey', { apiKey: '' }, 'apiKey'],
    ['name', { name: ' padded ' }, 'whitespace'],
    ['is4k', { is4k: 'yes' }, 'is4k'],
    [
      'is4k',
      { type: 'tautulli', name: 'T4K', baseUrl: 'http://127.0.0.1:1', is4k: true },
      'sonarr and radarr',
    ],
  ])('refuses a bad %s with 400 naming it', async (field, fields, expected) => {
    const answer = await call('post', '', sonarr({ name: 'Bad field', ...fields }));
    expect(answer.status).toBe(400);
    const said = JSON.stringify([answer.body.detail, answer.body.errors]);
    expect(said).toContain(field);
    expect(said).toContain(expected);
  });
});

describe('reading, changing, testing and deleting', () => {
  it('reads one connection, and 404s an unknown or malformed id', async () => {
    const id = created.get('Sonarr') ?? '';
    const answer = await call('get', `/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe('Sonarr');
    expect((await call('get', '/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('get', '/not-an-id')).status).toBe(404);
  });

  it('renames keeping the stored key when apiKey is left out', async () => {
    const id = created.get('Sonarr') ?? '';
    const answer = await call('put', `/${id}`, {
      type: 'sonarr',
      name: 'Sonarr HD',
      baseUrl: stack.sonarr.url,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe('Sonarr HD');
    expect(Date.parse(answer.body.updatedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(answer.body.createdAt as string),
    );
    const test = await call('post', `/${id}/test`);
    expect(test.body).toEqual({ ok: true, appName: 'Sonarr', version: expect.any(String) });
  });

  it('will not send the stored key to a new URL: apiKey is required then', async () => {
    const id = created.get('Sonarr HD') ?? created.get('Sonarr') ?? '';
    const answer = await call('put', `/${id}`, {
      type: 'sonarr',
      name: 'Sonarr HD',
      baseUrl: stack.sonarr4k.url,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('connections.api-key-required');
  });

  it('refuses a change of type, a change that fails its test, and an unknown id', async () => {
    const id = created.get('Sonarr') ?? '';
    const retyped = await call('put', `/${id}`, {
      type: 'radarr',
      name: 'Sonarr HD',
      baseUrl: stack.sonarr.url,
    });
    expect(retyped.status).toBe(400);
    expect(retyped.body.code).toBe('connections.type-unchangeable');

    const badKey = await call('put', `/${id}`, {
      type: 'sonarr',
      name: 'Sonarr HD',
      baseUrl: stack.sonarr.url,
      apiKey: 'f'.repeat(32),
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.reason).toBe('unauthorized');
    // The refused change left the stored key as it was.
    expect((await call('post', `/${id}/test`)).body.ok).toBe(true);

    const unknown = await call('put', '/00000000-0000-4000-8000-000000000000', sonarr());
    expect(unknown.status).toBe(404);
  });

  it('replaces the key and URL together, tested first', async () => {
    const id = created.get('Sonarr 4K') ?? '';
    const answer = await call('put', `/${id}`, {
      type: 'sonarr',
      name: 'Sonarr 4K',
      baseUrl: stack.sonarr4k.url,
      apiKey: stack.sonarr4k.apiKey,
      is4k: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.is4k).toBe(true);
  });

  it('answers a failed test with 200, ok false and the reason', async () => {
    const id = created.get('Radarr') ?? '';
    stack.radarr.faults.add({ path: '/api/v3/system/status', status: 401 });
    const answer = await call('post', `/${id}/test`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: false,
      reason: 'unauthorized',
      error: expect.stringContaining('refused apiKey'),
    });
    expect((await call('post', '/00000000-0000-4000-8000-000000000000/test')).status).toBe(404);
  });

  it('deletes, then 404s the deleted id', async () => {
    const id = created.get('Radarr 4K') ?? '';
    expect((await call('delete', `/${id}`)).status).toBe(204);
    expect((await call('get', `/${id}`)).status).toBe(404);
    expect((await call('delete', `/${id}`)).status).toBe(404);
  });

  it('refuses every route to anonymous callers and to a wrong key', async () => {
    expect((await request(service.server).get('/api/v1/connections')).status).toBe(401);
    expect(
      (await request(service.server).get('/api/v1/connections').set('X-Api-Key', 'wrong-key')).status,
    ).toBe(401);
  });
});

describe('the audit ledger', () => {
  it('holds one row per connection created, changed and deleted, with what changed; refusals none', async () => {
    const ledger = (action: string) => ledgerRecords(service, BOOTSTRAP_KEY, { action });
    const creations = await ledger('connection.created');
    // Overseerr and Tautulli were deleted and created again by the key-refusal tests.
    expect(creations.map((row) => row.title).sort()).toEqual(
      [...created.keys(), 'Overseerr', 'Tautulli'].sort(),
    );
    expect(creations.every((row) => row.actor === 'bootstrap-api-key' && row.mediaType === null)).toBe(true);
    const updates = (await ledger('connection.updated')).reverse();
    expect(updates.map((row) => [row.title, row.parsed['changes'], row.parsed['apiKeyReplaced']])).toEqual([
      ['Sonarr HD', { name: { from: 'Sonarr', to: 'Sonarr HD' } }, false],
      ['Sonarr 4K', {}, true],
    ]);
    const deletions = (await ledger('connection.deleted')).reverse();
    expect(deletions.map((row) => row.title)).toEqual(['Overseerr', 'Tautulli', 'Radarr 4K']);
    expect(deletions[2]?.parsed).toMatchObject({
      connectionId: created.get('Radarr 4K'),
      type: 'radarr',
      is4k: true,
    });
  });

  it('never holds a key, in clear or base64', async () => {
    const everything = JSON.stringify(await ledgerRecords(service, BOOTSTRAP_KEY));
    for (const key of [...allKeys(), 'f'.repeat(32)]) {
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(Buffer.from(key).toString('base64'));
    }
  });
});

describe('secrets', () => {
  it('never returns a key in any answer of this file, refusals included', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const answer of answers) {
      for (const key of allKeys()) expect(answer.text).not.toContain(key);
      expect(answer.text).not.toContain('apiKey":');
    }
  });

  it('stores every key sealed: the table holds none of them, in clear or base64', async () => {
    const rows: { api_key_sealed: string }[] = await service.app
      .get(DataSource)
      .query('SELECT "api_key_sealed" FROM "curation"."connections"');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const { api_key_sealed: sealed } of rows) {
      for (const key of allKeys()) {
        expect(sealed).not.toContain(key);
        expect(sealed).not.toContain(Buffer.from(key).toString('base64'));
      }
    }
  });
});
