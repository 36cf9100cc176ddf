// /mcp over the legacy HTTP+SSE transport (protocol 2024-11-05, docs/decisions/047): the official
// SDK's SSEClientTransport against the real curation API over a synced simulated library, and
// hostile posts that no SDK client sends (someone else's session, no session, bad bodies, too many
// streams). Streamable HTTP on the same URL is held to what it answered before.
import { Client, SSEClientTransport } from '@modelcontextprotocol/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  INSPECTOR_TIMEOUT_MS,
  type LegacySseStream,
  openLegacySseStream,
  runInspectorCli,
} from '@platform/testing-mcp-faults';
import request from 'supertest';
import type { SyncedCuration } from '../sync/synced-curation.spec-helpers';
import { startListeningCuration, type ToolResult } from './mcp-e2e.spec-helpers';
import { SyncService } from '../sync/sync.service';

const ADMIN_KEY = 'mcp-sse-e2e-bootstrap-key-0123456789';

let curation: SyncedCuration;
let baseUrl: string;
const clients: Client[] = [];
const streams: LegacySseStream[] = [];

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'curation-sse-e2e', version: '1.0.0' });
  await client.connect(new SSEClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

async function open(headers: Record<string, string>): Promise<LegacySseStream> {
  const stream = await openLegacySseStream(`${baseUrl}/mcp`, headers);
  streams.push(stream);
  return stream;
}

async function newKey(role: 'Admin' | 'Guest', name: string): Promise<string> {
  const created = await request(curation.service.server)
    .post('/api/v1/auth/api-keys')
    .set('X-Api-Key', ADMIN_KEY)
    .send({ name, role })
    .expect(201);
  return (created.body as { key: string }).key;
}

/** Every call that changes something on a simulated Sonarr or Radarr. */
const mutations = () =>
  [curation.stack.radarr, curation.stack.radarr4k, curation.stack.sonarr, curation.stack.sonarr4k].flatMap(
    (simulator) => simulator.requests.filter((entry) => entry.method !== 'GET').map((entry) => entry.path),
  );

const post = (path: string) =>
  request(curation.service.server).post(path).set('Content-Type', 'application/json');
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

beforeAll(async () => {
  ({ curation, baseUrl } = await startListeningCuration({
    seed: 'curation-mcp-sse-e2e',
    items: 40,
    adminKey: ADMIN_KEY,
  }));
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  for (const stream of streams) stream.close();
  await curation?.close();
});

describe('the official SDK client over legacy SSE', () => {
  it('lists the curation tools and searches the catalog with a Guest key', async () => {
    const guest = await connect({ 'X-Api-Key': curation.guestKey });
    const { tools } = await guest.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['plex_search_catalog', 'plex_prune', 'plex_library_stats']),
    );
    const result = (await guest.callTool({
      name: 'plex_search_catalog',
      arguments: { mediaType: 'movie', limit: 3 },
    })) as ToolResult;
    expect(result.isError).toBeFalsy();
    const page = result.structuredContent as { items: { mediaType: string }[]; total: number };
    expect(page.items).toHaveLength(3);
    expect(page.items.every((item) => item.mediaType === 'movie')).toBe(true);
  });

  it('refuses an Admin-only tool to a Guest key as a tool error, and prunes nothing', async () => {
    const guest = await connect({ Authorization: `Bearer ${curation.guestKey}` });
    const page = await request(curation.service.server)
      .get('/api/v1/catalog?mediaType=movie&limit=1')
      .set('X-Api-Key', ADMIN_KEY)
      .expect(200);
    const id = (page.body as { items: { id: string }[] }).items[0]?.id ?? '';
    const details = await request(curation.service.server)
      .get(`/api/v1/catalog/${id}`)
      .set('X-Api-Key', ADMIN_KEY)
      .expect(200);
    const connectionIds = (
      details.body as { instances: { connectionId: string | null }[] }
    ).instances.flatMap((instance) => (instance.connectionId === null ? [] : [instance.connectionId]));
    expect(connectionIds.length).toBeGreaterThan(0);
    const before = mutations();
    const result = (await guest.callTool({
      name: 'plex_prune',
      arguments: { mediaItemId: id, targetConnectionIds: connectionIds, confirm: true },
    })) as ToolResult;
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'mcp.tool-role-required', requiredRoles: ['Admin'], role: 'Guest' },
    });
    expect(mutations()).toEqual(before);
  });

  it('runs an Admin-only tool for an Admin key', async () => {
    const admin = await connect({ 'X-Api-Key': ADMIN_KEY });
    const result = (await admin.callTool({ name: 'plex_start_sync', arguments: {} })) as ToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.['jobId']).toEqual(expect.any(String));
    await curation.service.app.get(SyncService).settled();
  });
});

describe('the MCP Inspector CLI with --transport sse', () => {
  let home: string;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'curation-inspector-'));
  });

  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it(
    'lists the tools and calls one, as docs/curation/mcp.md shows',
    async () => {
      const common = [`${baseUrl}/mcp`, '--transport', 'sse', '--header', `X-Api-Key: ${curation.guestKey}`];
      const listed = await runInspectorCli([...common, '--format', 'json', '--method', 'tools/list'], home);
      expect(listed.error).toBeUndefined();
      const names = ((listed.result?.['tools'] ?? []) as { name: string }[]).map((tool) => tool.name);
      expect(names).toContain('plex_library_stats');
      const called = await runInspectorCli(
        [...common, '--format', 'json', '--method', 'tools/call', '--tool-name', 'plex_library_stats'],
        home,
      );
      expect(called.error).toBeUndefined();
      expect(called.result?.['isError']).toBeFalsy();
      expect(called.result).toMatchObject({ structuredContent: { server: { bound: true } } });
    },
    INSPECTOR_TIMEOUT_MS * 2,
  );
});

describe('the event stream and its endpoint', () => {
  it('begins with an endpoint event naming /mcp/messages and a session id of 128 random bits', async () => {
    const first = await open({ 'X-Api-Key': curation.guestKey });
    const second = await open({ 'X-Api-Key': curation.guestKey });
    expect(first.endpoint).toMatch(/^\/mcp\/messages\?sessionId=[0-9a-f]{32}$/);
    expect(second.sessionId).not.toBe(first.sessionId);
    await post(first.endpoint).set('X-Api-Key', curation.guestKey).send(ping(1)).expect(202);
    expect(await first.nextAnswer(1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('speaks protocol 2024-11-05 to a client that asks for it, and lists the tools after initialized', async () => {
    const stream = await open({ 'X-Api-Key': curation.guestKey });
    const send = (message: object) =>
      post(stream.endpoint).set('X-Api-Key', curation.guestKey).send(message).expect(202);
    await send({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: {
        protocolVersion: '2024-11-05',
        capabilities: {},
        clientInfo: { name: 'old', version: '0.1' },
      },
    });
    expect(await stream.nextAnswer('init')).toMatchObject({
      result: { protocolVersion: '2024-11-05', serverInfo: { name: 'curation-api' } },
    });
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    const listed = (await stream.nextAnswer(2)) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((tool) => tool.name)).toContain('plex_get_item');
  });

  it('needs a key to open a stream', async () => {
    const refused = await open({});
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'auth.api-key-required' });
  });

  it('leaves Streamable HTTP as it was: a GET with a protocol version or a session id is not a legacy stream', async () => {
    for (const header of [{ 'MCP-Protocol-Version': '2025-06-18' }, { 'Mcp-Session-Id': 'abc' }]) {
      const response = await request(curation.service.server)
        .get('/mcp')
        .set('X-Api-Key', curation.guestKey)
        .set('Accept', 'text/event-stream')
        .set(header);
      expect(response.status).toBe(405);
    }
  });

  it('ends the session when its client closes the stream', async () => {
    const stream = await open({ 'X-Api-Key': curation.guestKey });
    stream.close();
    await stream.ended;
    // The server hears of the close on its own schedule: post until it has.
    let status = 202;
    for (let attempt = 0; attempt < 50 && status === 202; attempt += 1) {
      status = (await post(stream.endpoint).set('X-Api-Key', curation.guestKey).send(ping(2))).status;
    }
    expect(status).toBe(404);
  });
});

describe('hostile posts', () => {
  let victim: LegacySseStream;
  let otherGuestKey: string;

  beforeAll(async () => {
    otherGuestKey = await newKey('Guest', 'another guest');
    victim = await open({ 'X-Api-Key': curation.guestKey });
  });

  it('refuses a post to another caller’s session, whoever it is, and delivers nothing', async () => {
    const other = await post(victim.endpoint).set('X-Api-Key', otherGuestKey).send(ping(90)).expect(403);
    expect(other.body).toMatchObject({ status: 403, code: 'mcp.session-of-another-caller' });
    // An Admin key opens no one else's session either.
    const admin = await post(victim.endpoint).set('X-Api-Key', ADMIN_KEY).send(ping(91)).expect(403);
    expect(admin.body).toMatchObject({ code: 'mcp.session-of-another-caller' });
    const none = await post(victim.endpoint).send(ping(92)).expect(401);
    expect(none.body).toMatchObject({ code: 'auth.api-key-required' });
    const wrong = `cur_${'0'.repeat(16)}_${'1'.repeat(64)}`;
    await post(victim.endpoint).set('Authorization', `Bearer ${wrong}`).send(ping(93)).expect(401);
    // The owner's own ping is answered, and none of the refused ones was: pings are answered in order.
    await post(victim.endpoint).set('X-Api-Key', curation.guestKey).send(ping(94)).expect(202);
    await victim.nextAnswer(94);
    expect(victim.seen.map((message) => message['id'])).toEqual([94]);
  });

  it('refuses a post without a session id (400) and with an unknown one (404)', async () => {
    const missing = await post('/mcp/messages').set('X-Api-Key', curation.guestKey).send(ping(3)).expect(400);
    expect(missing.body).toMatchObject({
      code: 'mcp.session-id-required',
      detail: expect.stringContaining('sessionId'),
    });
    const empty = await post('/mcp/messages?sessionId=')
      .set('X-Api-Key', curation.guestKey)
      .send(ping(3))
      .expect(400);
    expect(empty.body).toMatchObject({ code: 'mcp.session-id-required' });
    const unknown = await post(`/mcp/messages?sessionId=${'f'.repeat(32)}`)
      .set('X-Api-Key', curation.guestKey)
      .send(ping(3))
      .expect(404);
    expect(unknown.body).toMatchObject({ code: 'mcp.session-not-found' });
    // A repeated parameter is no id either.
    await post(`/mcp/messages?sessionId=${victim.sessionId}&sessionId=${victim.sessionId}`)
      .set('X-Api-Key', curation.guestKey)
      .send(ping(3))
      .expect(400);
  });

  it('refuses malformed JSON, bodies that are no JSON-RPC message and batches with 400, and other media types with 415', async () => {
    const malformed = await post(victim.endpoint)
      .set('X-Api-Key', curation.guestKey)
      .send('{"jsonrpc": "2.0", ')
      .expect(400);
    expect(malformed.body).toMatchObject({ status: 400 });
    for (const body of [{ hello: 'world' }, { jsonrpc: '1.0', id: 1, method: 'ping' }, [ping(4), ping(5)]]) {
      const refused = await post(victim.endpoint).set('X-Api-Key', curation.guestKey).send(body).expect(400);
      expect(refused.body).toMatchObject({ code: 'mcp.invalid-message' });
    }
    const notJson = await request(curation.service.server)
      .post(victim.endpoint)
      .set('X-Api-Key', curation.guestKey)
      .set('Content-Type', 'text/plain')
      .send('ping');
    expect(notJson.status).toBe(415);
    // The session is unharmed.
    await post(victim.endpoint).set('X-Api-Key', curation.guestKey).send(ping(6)).expect(202);
    await victim.nextAnswer(6);
  });

  it('refuses a body over the size limit with 413', async () => {
    const huge = { jsonrpc: '2.0', id: 7, method: 'ping', params: { padding: 'x'.repeat(5 * 1024 * 1024) } };
    const response = await post(victim.endpoint).set('X-Api-Key', curation.guestKey).send(huge);
    expect(response.status).toBe(413);
  });

  it('holds one key to 8 open streams (429), and the others keep theirs', async () => {
    const greedyKey = await newKey('Guest', 'greedy');
    const held: LegacySseStream[] = [];
    for (let index = 0; index < 8; index += 1) held.push(await open({ 'X-Api-Key': greedyKey }));
    expect(held.every((stream) => stream.status === 200)).toBe(true);
    const refused = await open({ 'X-Api-Key': greedyKey });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'mcp.caller-session-limit', limit: 8 });
    const someoneElse = await open({ 'X-Api-Key': otherGuestKey });
    expect(someoneElse.status).toBe(200);
    for (const stream of held) stream.close();
  });
});
