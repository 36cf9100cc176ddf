// The simulator against Vault's published HTTP API: what a client sees over real HTTP.
import { startVaultSimulator } from './vault-simulator';
import type { VaultSimulator } from './vault-simulator';

describe('Vault simulator', () => {
  let vault: VaultSimulator;
  /** `token: null` sends no token at all. */
  const call = (path: string, init: RequestInit = {}, token: string | null = vault.token) =>
    fetch(`${vault.address}${path}`, {
      ...init,
      headers: { ...(token === null ? {} : { 'X-Vault-Token': token }), ...(init.headers ?? {}) },
    });
  const write = (path: string, body: unknown, method = 'POST') =>
    call(path, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  beforeEach(async () => {
    vault = await startVaultSimulator();
  });
  afterEach(async () => {
    await vault.stop();
  });

  it('reads the latest version of a KV v2 secret inside the standard envelope', async () => {
    vault.put('apps/github', { token: 'v1' });
    vault.put('apps/github', { token: 'v2', user: 'bot' });
    const response = await call('/v1/secret/data/apps/github');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      lease_id: '',
      renewable: false,
      lease_duration: 0,
      wrap_info: null,
      warnings: null,
      auth: null,
      data: {
        data: { token: 'v2', user: 'bot' },
        metadata: { custom_metadata: null, deletion_time: '', destroyed: false, version: 2 },
      },
    });
    expect(typeof body['request_id']).toBe('string');
    const metadata = (body['data'] as { metadata: { created_time: string } }).metadata;
    expect(Number.isNaN(Date.parse(metadata.created_time))).toBe(false);
  });

  it('reads an older version with ?version= and answers 404 for a version that does not exist', async () => {
    vault.put('db', { password: 'old' });
    vault.put('db', { password: 'new' });
    const older = (await (await call('/v1/secret/data/db?version=1')).json()) as {
      data: { data: unknown; metadata: { version: number } };
    };
    expect(older.data).toMatchObject({ data: { password: 'old' }, metadata: { version: 1 } });
    const latest = (await (await call('/v1/secret/data/db?version=0')).json()) as { data: { data: unknown } };
    expect(latest.data.data).toEqual({ password: 'new' });
    const missing = await call('/v1/secret/data/db?version=7');
    expect([missing.status, await missing.json()]).toEqual([404, { errors: [] }]);
    expect((await call('/v1/secret/data/db?version=two')).status).toBe(400);
  });

  it('creates versions with POST and PUT and returns the new version metadata', async () => {
    const created = await write('/v1/secret/data/team/api', { data: { key: 'a' } });
    expect(created.status).toBe(200);
    expect(((await created.json()) as { data: unknown }).data).toMatchObject({
      version: 1,
      destroyed: false,
    });
    const updated = await write('/v1/secret/data/team/api', { data: { key: 'b' } }, 'PUT');
    expect(((await updated.json()) as { data: { version: number } }).data.version).toBe(2);
    const read = (await (await call('/v1/secret/data/team/api')).json()) as { data: { data: unknown } };
    expect(read.data.data).toEqual({ key: 'b' });
  });

  it('applies check-and-set and refuses a write without data', async () => {
    vault.put('cas', { a: '1' });
    const stale = await write('/v1/secret/data/cas', { options: { cas: 0 }, data: { a: '2' } });
    expect([stale.status, await stale.json()]).toEqual([
      400,
      { errors: ['check-and-set parameter did not match the current version'] },
    ]);
    expect((await write('/v1/secret/data/cas', { options: { cas: 1 }, data: { a: '2' } })).status).toBe(200);
    const empty = await write('/v1/secret/data/cas', { value: 'x' });
    expect([empty.status, await empty.json()]).toEqual([400, { errors: ['no data provided'] }]);
  });

  it('answers 403 permission denied without a token or with a wrong one, and accepts a Bearer token', async () => {
    vault.put('x', { a: '1' });
    for (const token of [null, 'hvs.wrong']) {
      const response = await call('/v1/secret/data/x', {}, token);
      expect([response.status, await response.json()]).toEqual([403, { errors: ['permission denied'] }]);
    }
    const bearer = await call(
      '/v1/secret/data/x',
      { headers: { Authorization: `Bearer ${vault.token}` } },
      null,
    );
    expect(bearer.status).toBe(200);
  });

  it('answers 404 with an empty error list for an unknown secret and names unknown routes', async () => {
    const unknown = await call('/v1/secret/data/nothing/here');
    expect([unknown.status, await unknown.json()]).toEqual([404, { errors: [] }]);
    const route = await call('/v1/other/data/x');
    expect(route.status).toBe(404);
    expect(await route.json()).toEqual({
      errors: ['no handler for route "other/data/x". route entry not found.'],
    });
    expect((await call('/v1/secret/data/x', { method: 'DELETE' })).status).toBe(405);
  });

  it('decodes percent-encoded path segments', async () => {
    vault.put('teams/a b/key', { v: '1' });
    expect((await call('/v1/secret/data/teams/a%20b/key')).status).toBe(200);
  });

  it('serves sys/health without a token, and 503 everywhere while sealed', async () => {
    const health = await call('/v1/sys/health', {}, null);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ initialized: true, sealed: false, standby: false });
    vault.setSealed(true);
    expect((await call('/v1/sys/health', {}, null)).status).toBe(503);
    const read = await call('/v1/secret/data/x');
    expect([read.status, await read.json()]).toEqual([503, { errors: ['Vault is sealed'] }]);
  });

  it('counts and records requests, including the namespace header', async () => {
    expect(vault.requestCount()).toBe(0);
    vault.put('x', { a: '1' });
    expect(vault.requestCount()).toBe(0);
    await call('/v1/secret/data/x', { headers: { 'X-Vault-Namespace': 'team-a' } });
    await call('/v1/sys/health');
    expect(vault.requestCount()).toBe(2);
    expect(vault.requests()[0]).toEqual({
      method: 'GET',
      path: '/v1/secret/data/x',
      query: '',
      namespace: 'team-a',
      tokenPresented: true,
    });
  });

  it('injects failures, dropped connections and latency', async () => {
    vault.put('x', { a: '1' });
    vault.failNext({ status: 500, errors: ['internal error'] }, 2);
    expect((await call('/v1/secret/data/x')).status).toBe(500);
    expect((await call('/v1/secret/data/x')).status).toBe(500);
    expect((await call('/v1/secret/data/x')).status).toBe(200);
    vault.failNext('reset-connection');
    await expect(call('/v1/secret/data/x')).rejects.toThrow();
    vault.setLatency(150);
    const started = Date.now();
    expect((await call('/v1/secret/data/x')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('refuses connections once stopped, even with a slow request in flight', async () => {
    vault.setLatency(10_000);
    const pending = call('/v1/sys/health').then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await vault.stop();
    expect(await pending).toBe('failed');
    await expect(call('/v1/sys/health')).rejects.toThrow();
  });
});

describe('Vault simulator with a namespace and a custom mount', () => {
  it('serves only requests for its namespace, on its mount', async () => {
    const vault = await startVaultSimulator({ namespace: 'team-a/', mount: 'kv', token: 'root' });
    try {
      vault.put('x', { a: '1' });
      const url = `${vault.address}/v1/kv/data/x`;
      const inside = await fetch(url, {
        headers: { 'X-Vault-Token': 'root', 'X-Vault-Namespace': 'team-a' },
      });
      expect(inside.status).toBe(200);
      const outside = await fetch(url, { headers: { 'X-Vault-Token': 'root' } });
      expect(outside.status).toBe(403);
      expect(vault.namespace).toBe('team-a');
    } finally {
      await vault.stop();
    }
  });
});
