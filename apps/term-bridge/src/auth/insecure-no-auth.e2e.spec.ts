// Without a key (TERM_BRIDGE_INSECURE_NO_AUTH=true) the bridge answers only local requests that
// no other site sent (decision 018, "Without a key: local requests only"), over real HTTP with
// real tmux: a web page that rebinds its own name to 127.0.0.1 (DNS rebinding) or posts from
// another origin reaches no shell, while curl, the SDKs and the bridge's own origin still work.
// With a key, the key decides, as before.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import request from 'supertest';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { BRIDGE_SERVICE } from '../term-bridge.module';

describe('the bridge without a key (real HTTP, real tmux)', () => {
  const tmux = TmuxTestServer.create('no-auth');
  let bridge: BridgeUnderTest;
  let port: string;

  function chat(content: string) {
    return { model: 'term:new', messages: [{ role: 'user', content }] };
  }

  beforeAll(async () => {
    bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_INSECURE_NO_AUTH: 'true',
      TERM_BRIDGE_TAPS_PERSIST: 'false',
    });
    port = new URL(bridge.baseUrl).port;
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  it('answers local requests without a key: loopback addresses and localhost, with or without their own origin', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
      await request(bridge.baseUrl).get('/v1/models').set('Host', host).expect(200);
    }
    await request(bridge.baseUrl).get('/v1/models').set('Origin', `http://127.0.0.1:${port}`).expect(200);
    const models = await bridge.openai.models.list();
    expect(models.data[0]?.id).toBe('term:new');
  });

  it('refuses a request under another host name (DNS rebinding), typing nothing', async () => {
    const marker = tmux.path('rebound');
    for (const host of [`rebound.attacker.example:${port}`, `attacker.example`, `127.0.0.1.nip.io:${port}`]) {
      const response = await request(bridge.baseUrl)
        .post('/v1/chat/completions')
        .set('Host', host)
        .send(chat(`touch ${marker}`))
        .expect(403);
      expect(response.body.error).toMatchObject({ type: 'permission_error', code: 'local_requests_only' });
      expect(response.headers['x-should-retry']).toBe('false');
    }
    await request(bridge.baseUrl).get('/v1/models').set('Host', 'attacker.example').expect(403);
    await request(bridge.baseUrl).get('/taps').set('Host', 'attacker.example').expect(403);
    await request(bridge.baseUrl)
      .post('/mcp')
      .set('Host', 'attacker.example')
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })
      .expect(403);
    expect(existsSync(marker)).toBe(false);
    expect(await tmux.tmux('list-sessions').catch(() => '')).toBe('');
  });

  it('refuses a request that another site’s page sent to the loopback address', async () => {
    const marker = tmux.path('cross-site');
    for (const origin of ['http://attacker.example', `http://localhost:${Number(port) + 1}`, 'null']) {
      await request(bridge.baseUrl)
        .post('/v1/chat/completions')
        .set('Origin', origin)
        .send(chat(`touch ${marker}`))
        .expect(403);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('keeps /health open to probes', async () => {
    await request(bridge.baseUrl).get('/health').set('Host', 'bridge.internal').expect(200);
  });
});

describe('the bridge with a key (real HTTP)', () => {
  const tmux = TmuxTestServer.create('with-key');
  let bridge: BridgeUnderTest;

  beforeAll(async () => {
    bridge = await startBridge(BRIDGE_SERVICE, tmux, { TERM_BRIDGE_TAPS_PERSIST: 'false' });
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  it('lets the key decide, whatever the host name (behind a proxy, in a cluster)', async () => {
    await request(bridge.baseUrl).get('/v1/models').set('Host', 'bridge.internal:8082').expect(401);
    await request(bridge.baseUrl)
      .get('/v1/models')
      .set('Host', 'bridge.internal:8082')
      .set(bridge.auth)
      .expect(200);
  });
});
