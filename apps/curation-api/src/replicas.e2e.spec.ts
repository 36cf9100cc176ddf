// Two replicas of the built curation API (two real processes, as `npm start` runs it) on one
// PostgreSQL database, over the simulated media stack (docs/decisions/058, issue 20): they start
// together, a PIN sign-in started on one finishes on the other and its session works on both,
// settings changed on one are what the other reads, of two syncs started at once exactly one runs,
// a prune through one of an item listed through the other deletes once, the ledger reads the same
// on both, and a legacy SSE message posted to the replica without the stream fails cleanly.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type LibraryUser, type MediaStack, startMediaStack } from '@platform/testing-media-stack';
import { createTestDatabase, describeOnPostgresServer, type TestDatabase } from '@platform/testing-database';
import { openLegacySseStream } from '@platform/testing-mcp-faults';
import {
  buildCurationApi,
  type CurationProcess,
  startCurationProcess,
} from './testing/curation-process.spec-helpers';

const ADMIN_KEY = `replicas-e2e-${randomBytes(12).toString('hex')}`;
const SECRET_KEY = randomBytes(32).toString('base64');
const WAIT_MS = 120_000;

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

let stack: MediaStack;
let database: TestDatabase;
let a: CurationProcess;
let b: CurationProcess;
let owner: LibraryUser;
/** The owner's session, from the PIN sign-in. */
let session: string;
let radarrId: string;

async function call(
  replica: CurationProcess,
  method: string,
  path: string,
  options: { readonly body?: unknown; readonly headers?: Record<string, string> } = {},
): Promise<Answer> {
  // The bootstrap key unless the caller gives other credentials (an empty value drops it).
  const headers = Object.fromEntries(
    Object.entries({ 'X-Api-Key': ADMIN_KEY, ...options.headers }).filter(([, value]) => value !== ''),
  );
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${replica.origin}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/** As the signed-in owner: by bearer token, or (for reads) by the session cookie. */
function asOwner(by: 'bearer' | 'cookie'): Record<string, string> {
  return by === 'bearer' ? { Authorization: `Bearer ${session}` } : { Cookie: `curation_session=${session}` };
}

function environment(secretKey: string): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    DOCS_ENABLED: 'false',
    CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY,
    CURATION_SECRET_KEY: secretKey,
    CURATION_PLEX_TV_URL: stack.plexTv.url,
    CURATION_PLEX_APP_AUTH_URL: stack.plexTv.appAuthUrl,
    CURATION_SYNC_INTERVAL_MINUTES: '0',
  };
}

async function syncSettled(replica: CurationProcess, jobId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const status = await call(replica, 'GET', '/api/v1/sync/status');
    if (status.body['jobId'] === jobId && status.body['state'] !== 'running') return status.body;
    if (Date.now() > deadline) throw new Error(`sync ${jobId} did not end: ${JSON.stringify(status.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  buildCurationApi();
  stack = await startMediaStack({ seed: 'replicas-e2e', items: 60 });
  owner = stack.library.users.find((user) => user.kind === 'owner') as LibraryUser;
  database = await createTestDatabase();
  if (database.engine !== 'postgres') throw new Error('two processes on one database need TEST_DATABASE_URL');
  // Started together on an empty database: both migrate at start.
  [a, b] = await Promise.all([
    startCurationProcess(database.url, environment(SECRET_KEY)),
    startCurationProcess(database.url, environment(SECRET_KEY)),
  ]);
  const bound = await call(a, 'POST', '/api/v1/mediaserver/bind', {
    body: {
      machineIdentifier: stack.library.server.machineIdentifier,
      name: stack.library.server.name,
      baseUrl: stack.plex.url,
      apiKey: stack.plex.ownerToken,
    },
  });
  expect([200, 201]).toContain(bound.status);
  const radarr = await call(b, 'POST', '/api/v1/connections', {
    body: {
      type: 'radarr',
      name: 'Radarr',
      baseUrl: stack.radarr.url,
      apiKey: stack.radarr.apiKey,
      is4k: false,
    },
  });
  expect(radarr.status).toBe(201);
  radarrId = radarr.body['id'] as string;
}, 600_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await stack?.stop();
});

describeOnPostgresServer('two curation API processes on one database', () => {
  it('finishes on B a PIN sign-in started on A, and the session works on both until logged out on one', async () => {
    const started = await call(a, 'POST', '/api/v1/auth/plex/pin');
    expect(started.status).toBe(200);
    const pinId = started.body['id'] as string;
    const plexPin = [...stack.plexTv.state.pins.values()].find((pin) => pin.code === started.body['code']);
    if (plexPin === undefined) throw new Error('plex.tv has no such PIN');

    expect((await call(b, 'POST', `/api/v1/auth/plex/pin/${pinId}`)).status).toBe(202);
    stack.plexTv.state.approvePin(plexPin.id, owner.plexId);
    const signedIn = await call(b, 'POST', `/api/v1/auth/plex/pin/${pinId}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toContain('curation_session=');
    session = signedIn.body['token'] as string;
    // Used once: neither replica signs in with it again.
    expect((await call(a, 'POST', `/api/v1/auth/plex/pin/${pinId}`)).status).toBe(404);

    for (const replica of [a, b]) {
      for (const by of ['bearer', 'cookie'] as const) {
        const me = await call(replica, 'GET', '/api/v1/auth/me', {
          headers: { 'X-Api-Key': '', ...asOwner(by) },
        });
        expect(me.body).toMatchObject({ authenticated: true, user: { role: 'Admin' } });
      }
      // The session's plex.tv token, sealed by B, opens on A as well (one secret key).
      const servers = await call(replica, 'GET', '/api/v1/mediaserver/servers', {
        headers: { 'X-Api-Key': '', ...asOwner('bearer') },
      });
      expect(servers.status).toBe(200);
    }

    const other = await call(a, 'POST', '/api/v1/auth/plex', {
      body: { authToken: owner.authToken },
      headers: { 'X-Api-Key': '' },
    });
    expect(other.status).toBe(200);
    const otherSession = other.body['token'] as string;
    expect(
      (
        await call(b, 'POST', '/api/v1/auth/logout', {
          headers: { 'X-Api-Key': '', Authorization: `Bearer ${otherSession}` },
        })
      ).status,
    ).toBe(204);
    const afterLogout = await call(a, 'GET', '/api/v1/auth/me', {
      headers: { 'X-Api-Key': '', Authorization: `Bearer ${otherSession}` },
    });
    expect(afterLogout.body).toMatchObject({ authenticated: false });
  });

  it('reads on B the settings changed on A', async () => {
    const before = await call(b, 'GET', '/api/v1/settings', {
      headers: { 'X-Api-Key': '', ...asOwner('cookie') },
    });
    const staleDays = (before.body['staleDays'] as number) + 7;
    const changed = await call(a, 'PUT', '/api/v1/settings', {
      body: { staleDays },
      headers: { 'X-Api-Key': '', ...asOwner('bearer') },
    });
    expect(changed.status).toBe(200);
    const after = await call(b, 'GET', '/api/v1/settings', {
      headers: { 'X-Api-Key': '', ...asOwner('cookie') },
    });
    expect(after.body).toMatchObject({ staleDays });
  });

  it('runs exactly one of two syncs started on both at once; the other gets 409 naming the running one', async () => {
    const answers = await Promise.all([a, b].map((replica) => call(replica, 'POST', '/api/v1/sync')));
    const started = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const jobId = started[0]?.body['jobId'] as string;
    expect(refused[0]?.body).toMatchObject({ code: 'sync.already-running', runningJob: { jobId } });
    expect(await syncSettled(b, jobId)).toMatchObject({ state: 'succeeded' });
    expect(await syncSettled(a, jobId)).toMatchObject({ state: 'succeeded' });
    const sync = await call(a, 'GET', '/api/v1/audit?action=sync.started');
    expect(sync.body['total']).toBe(1);
  });

  it('prunes through B an item listed through A, deleting it once, and A lists the result', async () => {
    const listed = await call(a, 'GET', '/api/v1/catalog?mediaType=movie&limit=100', {
      headers: { 'X-Api-Key': '', ...asOwner('cookie') },
    });
    const ids = (listed.body['items'] as { id: string }[]).map((item) => item.id);
    let target: { id: string; title: string } | undefined;
    for (const id of ids) {
      const details = await call(a, 'GET', `/api/v1/catalog/${id}`);
      const instances = details.body['instances'] as { connectionId: string | null }[];
      const protection = details.body['protection'] as { isProtected: boolean; pendingRequests: unknown[] };
      if (protection.isProtected || protection.pendingRequests.length > 0) continue;
      if (instances.some((instance) => instance.connectionId === radarrId)) {
        target = { id, title: details.body['title'] as string };
        break;
      }
    }
    if (target === undefined) throw new Error('no movie with a Radarr copy to prune');
    const deletesBefore = stack.radarr.requests.filter((entry) => entry.method === 'DELETE').length;

    const pruned = await call(b, 'POST', '/api/v1/prune', {
      body: {
        mediaItemId: target.id,
        seasonNumber: null,
        targetConnectionIds: [radarrId],
        addToImportExclusion: false,
      },
      headers: { 'X-Api-Key': '', ...asOwner('bearer') },
    });
    expect(pruned.status).toBe(200);
    expect(pruned.body).toMatchObject({
      success: true,
      results: [{ connectionId: radarrId, status: 'deleted' }],
    });
    const deletes = stack.radarr.requests.filter((entry) => entry.method === 'DELETE');
    expect(deletes).toHaveLength(deletesBefore + 1);
    expect(deletes.at(-1)?.path).toMatch(/^\/api\/v3\/movie\/\d+$/);

    const after = await call(a, 'GET', `/api/v1/catalog/${target.id}`);
    const instancesAfter = (after.body['instances'] as { connectionId: string | null }[] | undefined) ?? [];
    expect(instancesAfter.some((instance) => instance.connectionId === radarrId)).toBe(false);
  });

  it('shows the same ledger on both, with what was done through each', async () => {
    const [onA, onB] = await Promise.all(
      [a, b].map((replica) =>
        call(replica, 'GET', '/api/v1/audit?limit=100', {
          headers: { 'X-Api-Key': '', ...asOwner('cookie') },
        }),
      ),
    );
    expect(onA?.body).toEqual(onB?.body);
    const actions = ((onA?.body['logs'] as { action: string }[] | undefined) ?? []).map((log) => log.action);
    for (const action of [
      'mediaserver.bound',
      'connection.created',
      'settings.updated',
      'sync.started',
      'prune',
    ])
      expect(actions).toContain(action);
  });

  it('answers 404 mcp.session-not-found to a legacy SSE message posted to the replica without the stream', async () => {
    const stream = await openLegacySseStream(`${a.origin}/mcp`, { 'X-Api-Key': ADMIN_KEY });
    try {
      expect(stream.status).toBe(200);
      const message = { jsonrpc: '2.0', id: 1, method: 'ping' };
      const elsewhere = await call(b, 'POST', stream.endpoint, { body: message });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.headers.get('content-type')).toContain('application/problem+json');
      expect(elsewhere.body).toMatchObject({ code: 'mcp.session-not-found' });
      const here = await call(a, 'POST', stream.endpoint, { body: message });
      expect(here.status).toBe(202);
    } finally {
      stream.close();
    }
  });

  it('refuses to start a third replica with another secret key, naming the variable', async () => {
    await expect(
      startCurationProcess(database.url, environment(randomBytes(32).toString('base64'))),
    ).rejects.toThrow(/CURATION_SECRET_KEY is not the key the other processes on this database use/);
  });
});
