// Diagnostics and accountability over HTTP: /health, /taps, the injection audit (fail-closed),
// persisted taps with retention, and a bridge whose tmux executable is missing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, createHmac } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { startServiceOn } from '@platform/testing-service';
import { InjectionAuditService } from '../audit/injection-audit.service';
import { BRIDGE_SERVICE } from '../term-bridge.module';
import { TapsService } from './taps.service';

describe('diagnostics and persistence', () => {
  const tmux = TmuxTestServer.create('diagnostics');
  let bridge: BridgeUnderTest;
  const others: NestExpressApplication[] = [];

  async function chat(content: string, model = 'term:ops'): Promise<string> {
    const completion = await bridge.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content }],
    });
    return completion.choices[0]?.message.content ?? '';
  }

  /** Another bridge on the same database and tmux server, with different settings. */
  async function variant(environment: Record<string, string>): Promise<NestExpressApplication> {
    const app = await startServiceOn(BRIDGE_SERVICE, bridge.service.database.url, {
      TERM_BRIDGE_API_KEY: bridge.apiKey,
      TERM_BRIDGE_TMUX_SOCKET: tmux.socketName,
      DATABASE_RUN_MIGRATIONS: 'false',
      TERM_BRIDGE_QUIESCENCE_MS: '300',
      TERM_BRIDGE_ENTER_DELAY_MS: '20',
      ...environment,
    });
    others.push(app);
    return app;
  }

  beforeAll(async () => {
    await tmux.newSession('ops');
    await tmux.newSession('other');
    bridge = await startBridge(BRIDGE_SERVICE, tmux);
  });

  afterAll(async () => {
    for (const app of others) await app.close();
    await bridge?.close();
    await tmux.kill();
  });

  it('reports health with tmux availability, version and sessions, without authentication', async () => {
    const response = await request(bridge.service.server).get('/health').expect(200);
    expect(response.body).toMatchObject({
      status: 'healthy',
      service: 'term-bridge',
      version: '0.1.0',
      uptimeSeconds: expect.any(Number),
      activeSessions: 2,
      tmux: { available: true, version: expect.stringMatching(/^tmux \d/), server: `-L ${tmux.socketName}` },
    });
    expect(JSON.stringify(response.body)).not.toContain(bridge.apiKey);
  });

  it('records what happened in /taps, filterable by session and kind', async () => {
    await chat('echo tapped');
    await chat('echo elsewhere', 'term:other');
    const all = await request(bridge.service.server).get('/taps').set(bridge.auth).expect(200);
    const kinds = new Set((all.body.events as { kind: string }[]).map((event) => event.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['request', 'session', 'input', 'settle']));
    expect(all.body.capacity).toBe(1000);
    const settles = await request(bridge.service.server)
      .get('/taps')
      .query({ session: 'ops', kind: 'settle' })
      .set(bridge.auth)
      .expect(200);
    expect(settles.body.events.length).toBeGreaterThan(0);
    for (const event of settles.body.events) {
      expect(event).toMatchObject({
        kind: 'settle',
        session: 'ops',
        data: { reason: expect.any(String), elapsedMs: expect.any(Number) },
      });
    }
    const one = await request(bridge.service.server)
      .get('/taps')
      .query({ limit: 1 })
      .set(bridge.auth)
      .expect(200);
    expect(one.body.events).toHaveLength(1);
    await request(bridge.service.server).get('/taps').query({ kind: 'bogus' }).set(bridge.auth).expect(400);
  });

  it('audits every injection with caller key id, session, length, hash and text', async () => {
    const text = 'echo audited-é';
    await chat(text);
    await chat('/keys C-l');
    const [keys, typed] = await bridge.service.app.get(InjectionAuditService).recent(2);
    const keyId = `key-${createHash('sha256').update(bridge.apiKey).digest('hex').slice(0, 12)}`;
    expect(typed).toMatchObject({
      keyId,
      channel: 'chat',
      sessionName: 'ops',
      inputKind: 'text',
      inputLength: Buffer.byteLength(text),
      inputSha256: createHash('sha256').update(text).digest('hex'),
      inputText: text,
    });
    expect(typed?.requestId).toEqual(expect.any(String));
    expect(keys).toMatchObject({ inputKind: 'keys', inputText: 'C-l', sessionName: 'ops' });
  });

  it('keeps only length and a keyed digest when the audit is configured not to store text', async () => {
    const app = await variant({ TERM_BRIDGE_AUDIT_TEXT: 'false', TERM_BRIDGE_TAPS_PERSIST: 'false' });
    await request(app.getHttpServer())
      .post('/v1/chat/completions')
      .set(bridge.auth)
      .send({ model: 'term:other', messages: [{ role: 'user', content: 'echo secret-ish' }] })
      .expect(200);
    const [row] = await app.get(InjectionAuditService).recent(1);
    expect(row).toMatchObject({ sessionName: 'other', inputText: null, inputLength: 15 });
    // Keyed with the bridge's key: the database alone cannot confirm a guess of the text.
    expect(row?.inputSha256).not.toBe(createHash('sha256').update('echo secret-ish').digest('hex'));
    expect(row?.inputSha256).toBe(
      createHmac('sha256', bridge.apiKey).update('echo secret-ish', 'utf8').digest('hex'),
    );
  });

  it('persists taps in term_bridge.tap_events and deletes them after the retention period', async () => {
    const taps = bridge.service.app.get(TapsService);
    await taps.flush();
    const database = bridge.service.app.get(DataSource);
    const [stored] = (await database.query(
      `SELECT count(*)::int AS n FROM term_bridge.tap_events WHERE kind = 'settle' AND session_name = 'ops'`,
    )) as { n: number }[];
    expect(stored?.n).toBeGreaterThan(0);
    await database.query(
      `INSERT INTO term_bridge.tap_events (occurred_at, kind, session_name, data) VALUES (now() - interval '8 days', 'request', 'old', '{}')`,
    );
    expect(await taps.deleteExpired()).toBe(1);
    const [old] = (await database.query(
      `SELECT count(*)::int AS n FROM term_bridge.tap_events WHERE session_name = 'old'`,
    )) as {
      n: number;
    }[];
    expect(old?.n).toBe(0);
  });

  it('answers 503 naming the missing tmux executable, and says so in /health', async () => {
    const app = await variant({
      TERM_BRIDGE_TMUX_BIN: '/nonexistent/tmux',
      TERM_BRIDGE_TAPS_PERSIST: 'false',
    });
    const models = await request(app.getHttpServer()).get('/v1/models').set(bridge.auth).expect(503);
    expect(models.headers['x-should-retry']).toBe('false');
    expect(models.body.error).toEqual({
      message:
        'The tmux executable "/nonexistent/tmux" was not found. Install tmux or set TERM_BRIDGE_TMUX_BIN.',
      type: 'server_error',
      param: null,
      code: 'tmux_not_found',
    });
    const health = await request(app.getHttpServer()).get('/health').expect(200);
    expect(health.body).toMatchObject({
      status: 'healthy',
      activeSessions: 0,
      tmux: { available: false, version: null },
    });
  });

  it('types nothing when the audit cannot be written (fail closed)', async () => {
    const recorder = await tmux.newRecorderSession('audited');
    await bridge.service.app
      .get(DataSource)
      .query('ALTER TABLE term_bridge.injection_audit RENAME TO injection_audit_gone');
    try {
      const error = await bridge.openai.chat.completions
        .create({ model: 'term:audited', messages: [{ role: 'user', content: 'echo unaudited' }] })
        .catch((caught: unknown) => caught as { status?: number; code?: string });
      expect(error).toMatchObject({ status: 503, code: 'audit_unavailable' });
      expect(recorder.bytes().length).toBe(0);
    } finally {
      await bridge.service.app
        .get(DataSource)
        .query('ALTER TABLE term_bridge.injection_audit_gone RENAME TO injection_audit');
    }
  });
});
