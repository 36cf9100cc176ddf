// /mcp driven by the official MCP client (Streamable HTTP) over a synced simulated library: the
// tools, their answers compared with the REST routes, bad input, roles, and who may connect.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import request from 'supertest';
import type { SyncedCuration } from '../sync/synced-curation.spec-helpers';
import { startListeningCuration, type ToolResult } from './mcp-e2e.spec-helpers';
import { SyncService } from '../sync/sync.service';

const ADMIN_KEY = 'mcp-e2e-bootstrap-key-0123456789';
const CURATION_TOOLS = [
  'plex_get_item',
  'plex_library_stats',
  'plex_list_categories',
  'plex_protect_item',
  'plex_prune',
  'plex_request_protection',
  'plex_search_catalog',
  'plex_start_sync',
  'plex_sync_status',
];

let curation: SyncedCuration;
let baseUrl: string;
const clients: Client[] = [];

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'curation-mcp-e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }),
  );
  clients.push(client);
  return client;
}

/** A tool call's result; a protocol error (e.g. arguments the schema refuses) as an error result. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  try {
    return (await client.callTool({ name, arguments: args })) as ToolResult;
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: String(error) }] };
  }
}

/** A JSON-RPC answer sent as JSON or as the last event of an event stream. */
function answerOf(text: string): unknown {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .at(-1);
  return JSON.parse(data === undefined ? text : data.slice('data: '.length));
}

function textOf(result: ToolResult): string {
  return result.content.map((part) => part.text ?? '').join('\n');
}

beforeAll(async () => {
  ({ curation, baseUrl } = await startListeningCuration({
    seed: 'curation-mcp-e2e',
    items: 80,
    adminKey: ADMIN_KEY,
  }));
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await curation?.close();
});

const admin = () => ({ 'X-Api-Key': ADMIN_KEY });
const rest = (path: string) =>
  request(curation.service.server).get(`/api/v1${path}`).set(admin()).expect(200);

describe('who may connect to /mcp', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: {},
  };
  const post = () =>
    request(curation.service.server)
      .post('/mcp')
      .set('Accept', 'application/json, text/event-stream')
      .set('Content-Type', 'application/json');

  it('refuses a request without a key with 401 and a body that says which key to send', async () => {
    const response = await post().send(initialize).expect(401);
    expect(response.body).toMatchObject({
      status: 401,
      code: 'auth.api-key-required',
      detail: expect.stringContaining('X-Api-Key or Authorization: Bearer'),
    });
  });

  it('refuses an unknown key in either header, naming the header', async () => {
    const wrong = `cur_${'0'.repeat(16)}_${'1'.repeat(64)}`;
    const inHeader = await post().set('X-Api-Key', wrong).send(initialize).expect(401);
    expect(inHeader.body).toMatchObject({
      code: 'auth.invalid-api-key',
      detail: expect.stringContaining('X-Api-Key'),
    });
    const asBearer = await post().set('Authorization', `Bearer ${wrong}`).send(initialize).expect(401);
    expect(asBearer.body).toMatchObject({
      code: 'auth.invalid-api-key',
      detail: expect.stringContaining('Authorization: Bearer'),
    });
  });

  it('does not accept a Plex sign-in session, as a cookie or as a bearer token', async () => {
    const signedIn = await request(curation.service.server)
      .post('/api/v1/auth/plex')
      .send({ authToken: curation.owner.authToken })
      .expect(200);
    const token = (signedIn.body as { token: string }).token;
    // The same session opens the REST API ...
    await request(curation.service.server)
      .get('/api/v1/catalog?limit=1')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    // ... and not /mcp.
    const cookie = await post().set('Cookie', `curation_session=${token}`).send(initialize).expect(401);
    expect(cookie.body).toMatchObject({ code: 'auth.api-key-required' });
    const bearer = await post().set('Authorization', `Bearer ${token}`).send(initialize).expect(401);
    expect(bearer.body).toMatchObject({ code: 'auth.invalid-api-key' });
  });

  it('serves a 2025-era client (stateless Streamable HTTP) as well', async () => {
    const legacy = (body: object) =>
      post().set('X-Api-Key', curation.guestKey).set('MCP-Protocol-Version', '2025-06-18').send(body);
    const initialized = await legacy({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    }).expect(200);
    expect(answerOf(initialized.text)).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-06-18', serverInfo: { name: 'curation-api' } },
    });
    const listed = await legacy({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }).expect(200);
    const tools = (answerOf(listed.text) as { result: { tools: { name: string }[] } }).result.tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(CURATION_TOOLS);
  });

  it('accepts an API key as a bearer token', async () => {
    const client = await connect({ Authorization: `Bearer ${curation.guestKey}` });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(CURATION_TOOLS);
  });
});

describe('the curation tools', () => {
  let client: Client;
  let guest: Client;

  beforeAll(async () => {
    client = await connect(admin());
    guest = await connect({ 'X-Api-Key': curation.guestKey });
  });

  it('lists the tools with typed schemas and annotations that say what they change', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(CURATION_TOOLS);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of [
      'plex_library_stats',
      'plex_list_categories',
      'plex_search_catalog',
      'plex_get_item',
      'plex_sync_status',
    ]) {
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    expect(byName.get('plex_start_sync')?.annotations).toMatchObject({
      readOnlyHint: false,
      openWorldHint: true,
    });
    expect(byName.get('plex_start_sync')?.description).toMatch(/Admin keys only/);
    expect(byName.get('plex_get_item')?.inputSchema).toMatchObject({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' } },
    });
    expect(byName.get('plex_search_catalog')?.inputSchema).toMatchObject({
      properties: {
        mediaType: { enum: ['movie', 'series'] },
        sortBy: { enum: ['size', 'title', 'plays', 'added', 'lastWatched'] },
        limit: { type: 'integer', maximum: 100 },
      },
    });
  });

  it('searches the catalog as GET /catalog does, with text for the model and the page as structured content', async () => {
    const page = (await rest('/catalog?limit=500')).body as { items: { id: string; title: string }[] };
    const target = page.items[7];
    if (target === undefined) throw new Error('the synced library is too small');
    const word = target.title.split(/\s+/)[0] ?? target.title;
    const expected = (await rest(`/catalog?search=${encodeURIComponent(word)}&sortBy=title&limit=100`))
      .body as {
      items: { id: string }[];
      total: number;
    };
    const result = await call(guest, 'plex_search_catalog', { search: word, sortBy: 'title', limit: 100 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ total: expected.total, limit: 100, offset: 0 });
    const items = result.structuredContent?.['items'] as { id: string }[];
    expect(items.map((item) => item.id)).toEqual(expected.items.map((item) => item.id));
    expect(items.map((item) => item.id)).toContain(target.id);
    expect(textOf(result)).toContain(`of ${expected.total} items:`);
    expect(textOf(result)).toContain(`id ${target.id}`);
  });

  it('pages and filters: twenty by default, movies only when asked', async () => {
    const movies = (await rest('/catalog?mediaType=movie&limit=1')).body as { total: number };
    const result = await call(client, 'plex_search_catalog', { mediaType: 'movie' });
    expect(result.structuredContent).toMatchObject({ total: movies.total, limit: 20, offset: 0 });
    const items = result.structuredContent?.['items'] as { mediaType: string }[];
    expect(items.length).toBe(Math.min(20, movies.total));
    expect(new Set(items.map((item) => item.mediaType))).toEqual(new Set(['movie']));
  });

  it('gives one item’s details as GET /catalog/{id} does', async () => {
    const [first] = ((await rest('/catalog?limit=1')).body as { items: { id: string }[] }).items;
    const expected = (await rest(`/catalog/${first?.id}`)).body as Record<string, unknown>;
    const result = await call(guest, 'plex_get_item', { id: first?.id });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ item: expected });
    expect(textOf(result)).toContain(`id ${first?.id}`);
  });

  it('lists the categories as GET /categories does', async () => {
    const expected = (await rest('/categories')).body as unknown[];
    const result = await call(guest, 'plex_list_categories', {});
    expect(result.structuredContent).toEqual({ categories: expected });
    expect(textOf(result)).toMatch(/^never_watched \(Never watched\): \d+ items/);
  });

  it('gives library statistics that add up to the catalog', async () => {
    const movies = (await rest('/catalog?mediaType=movie&limit=1')).body as { total: number };
    const series = (await rest('/catalog?mediaType=series&limit=1')).body as { total: number };
    const result = await call(guest, 'plex_library_stats', {});
    expect(result.structuredContent).toMatchObject({
      byMediaType: { movie: { items: movies.total }, series: { items: series.total } },
      server: { bound: true, name: curation.stack.library.server.name },
      sync: { state: 'succeeded' },
    });
    expect(textOf(result)).toContain(`movie: ${movies.total} items`);
  });

  it('answers an unknown item with a tool error naming it', async () => {
    const result = await call(guest, 'plex_get_item', { id: 'movie-tmdb-999999999' });
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'catalog.item-not-found' },
    });
    expect(textOf(result)).toBe('No catalog item movie-tmdb-999999999.');
  });

  it.each([
    ['a limit over the maximum', { limit: 101 }, /limit/],
    ['an unknown category', { category: 'everything' }, /category/],
    ['an argument the tool does not have', { deleteEverything: true }, /deleteEverything|unrecognized/i],
    ['a search over 200 characters', { search: 'x'.repeat(201) }, /search/],
  ])('refuses %s as an error naming the argument', async (_case, args, named) => {
    const result = await call(guest, 'plex_search_catalog', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(named);
  });

  it.each(['constructor', '__proto__', 'toString', 'prune'])(
    'answers a call of the unknown tool %s with a protocol error, never a 500',
    async (name) => {
      await expect(guest.callTool({ name, arguments: {} })).rejects.toThrow(/Tool .+ (not found|disabled)/);
    },
  );

  it('refuses a user id nobody has, as the REST route does', async () => {
    const result = await call(guest, 'plex_search_catalog', { requestedBy: 'no-such-user' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^requestedBy must be a user id/);
  });

  it('does not let a Guest key start a sync, and starts nothing', async () => {
    const before = (await rest('/sync/status')).body as { jobId: string };
    const result = await call(guest, 'plex_start_sync', {});
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'mcp.tool-role-required', requiredRoles: ['Admin'], role: 'Guest' },
    });
    expect(textOf(result)).toBe(
      'plex_start_sync needs an Admin API key; this key has the Guest role. Nothing was changed.',
    );
    expect(((await rest('/sync/status')).body as { jobId: string }).jobId).toBe(before.jobId);
  });

  it('starts a sync with an Admin key, and reports it through plex_sync_status', async () => {
    const started = await call(client, 'plex_start_sync', {});
    expect(started.isError).toBeFalsy();
    const jobId = started.structuredContent?.['jobId'];
    expect(jobId).toEqual(expect.any(String));
    await curation.service.app.get(SyncService).settled();
    const status = await call(guest, 'plex_sync_status', {});
    expect(status.structuredContent).toMatchObject({ jobId, state: 'succeeded' });
    expect(textOf(status)).toMatch(/: succeeded, done/);
  });

  describe('protection', () => {
    let itemIds: string[];
    const protectionOf = async (id: string) =>
      ((await rest(`/catalog/${id}`)).body as { protection: { isProtected: boolean; reason: string | null } })
        .protection;

    beforeAll(async () => {
      const page = (await rest('/catalog?sortBy=title&limit=10')).body as { items: { id: string }[] };
      itemIds = page.items.map((item) => item.id);
    });

    it('does not let a Guest key protect, and protects nothing', async () => {
      const id = itemIds[0] as string;
      const result = await call(guest, 'plex_protect_item', { id, isProtected: true, reason: 'mine' });
      expect(result).toMatchObject({
        isError: true,
        structuredContent: { code: 'mcp.tool-role-required', requiredRoles: ['Admin'] },
      });
      expect(await protectionOf(id)).toMatchObject({ isProtected: false });
    });

    it('protects and unprotects with an Admin key, each change in the audit ledger', async () => {
      const id = itemIds[1] as string;
      const protectedNow = await call(client, 'plex_protect_item', {
        id,
        isProtected: true,
        reason: '  Family favourite  ',
      });
      expect(protectedNow.isError).toBeFalsy();
      expect(protectedNow.structuredContent).toMatchObject({
        id,
        isProtected: true,
        reason: 'Family favourite',
        protectedBy: 'bootstrap-api-key',
      });
      expect(textOf(protectedNow)).toMatch(new RegExp(`^${id} is protected: Family favourite`));
      expect(await protectionOf(id)).toMatchObject({ isProtected: true, reason: 'Family favourite' });
      const lifted = await call(client, 'plex_protect_item', { id, isProtected: false });
      expect(textOf(lifted)).toBe(`${id} is not protected.`);
      const audit = (await rest('/audit?limit=50')).body as {
        logs: { action: string; actor: string; mediaItemId: string | null }[];
      };
      expect(
        audit.logs.filter((log) => log.mediaItemId === id).map((log) => [log.action, log.actor]),
      ).toEqual([
        ['unprotect', 'bootstrap-api-key'],
        ['protect', 'bootstrap-api-key'],
      ]);
    });

    it('answers a protection without a reason, or with a reason over two lines, with a tool error naming it', async () => {
      const id = itemIds[2] as string;
      const missing = await call(client, 'plex_protect_item', { id, isProtected: true });
      expect(missing).toMatchObject({
        isError: true,
        structuredContent: { code: 'protection.reason-required' },
      });
      const twoLines = await call(client, 'plex_protect_item', { id, isProtected: true, reason: 'a\nb' });
      expect(twoLines).toMatchObject({
        isError: true,
        structuredContent: { code: 'protection.invalid-text' },
      });
      expect(textOf(twoLines)).toMatch(/reason/);
      expect(await protectionOf(id)).toMatchObject({ isProtected: false });
    });

    it('lets a Guest key request protection once per item', async () => {
      const id = itemIds[3] as string;
      const requested = await call(guest, 'plex_request_protection', { id, reason: 'Still watching it' });
      expect(requested.isError).toBeFalsy();
      expect(requested.structuredContent?.['request']).toMatchObject({
        mediaItemId: id,
        status: 'pending',
        reason: 'Still watching it',
      });
      const again = await call(guest, 'plex_request_protection', { id, reason: 'Please' });
      expect(again).toMatchObject({
        isError: true,
        structuredContent: { code: 'protection.request-pending' },
      });
      const listed = (await rest('/catalog?limit=500')).body as {
        items: { id: string; protectionRequested: boolean }[];
      };
      expect(listed.items.find((item) => item.id === id)?.protectionRequested).toBe(true);
    });

    it('refuses an empty reason for a request before anything is recorded', async () => {
      const result = await call(guest, 'plex_request_protection', { id: itemIds[4] as string, reason: '' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/reason/);
    });
  });

  describe('pruning', () => {
    interface Target {
      id: string;
      connectionIds: string[];
    }
    const mutations = () =>
      [
        curation.stack.radarr,
        curation.stack.radarr4k,
        curation.stack.sonarr,
        curation.stack.sonarr4k,
      ].flatMap((simulator) =>
        simulator.requests.filter((entry) => entry.method !== 'GET').map((entry) => entry.path),
      );
    const pruneRows = async () =>
      ((await rest('/audit?action=prune&limit=50')).body as { total: number }).total;
    const targets: Target[] = [];

    beforeAll(async () => {
      // Movies held by Radarr, largest first, skipping those the protection tests touched.
      const page = (await rest('/catalog?mediaType=movie&sortBy=size&sortDesc=true&limit=40')).body as {
        items: { id: string; isProtected: boolean; protectionRequested: boolean }[];
      };
      for (const item of page.items) {
        if (item.isProtected || item.protectionRequested) continue;
        const details = (await rest(`/catalog/${item.id}`)).body as {
          instances: { connectionId: string | null }[];
        };
        const connectionIds = details.instances.flatMap((instance) =>
          instance.connectionId === null ? [] : [instance.connectionId],
        );
        if (connectionIds.length > 0) targets.push({ id: item.id, connectionIds });
        if (targets.length === 3) break;
      }
      expect(targets).toHaveLength(3);
    });

    const pruneArguments = (target: Target, extra: Record<string, unknown> = {}) => ({
      mediaItemId: target.id,
      targetConnectionIds: target.connectionIds,
      ...extra,
    });

    it('is marked destructive and says how to confirm', async () => {
      const { tools } = await client.listTools();
      const prune = tools.find((tool) => tool.name === 'plex_prune');
      expect(prune?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
      expect(prune?.inputSchema).toMatchObject({
        required: ['mediaItemId', 'targetConnectionIds'],
        properties: { confirm: { type: 'boolean' } },
      });
    });

    it('does not let a Guest key prune, even with confirm, and calls nothing', async () => {
      const before = mutations().length;
      const target = targets[0] as Target;
      const result = await call(guest, 'plex_prune', pruneArguments(target, { confirm: true }));
      expect(result).toMatchObject({
        isError: true,
        structuredContent: { code: 'mcp.tool-role-required', requiredRoles: ['Admin'], role: 'Guest' },
      });
      expect(mutations()).toHaveLength(before);
      await rest(`/catalog/${target.id}`);
    });

    it('answers what it would delete without confirm: a dry run that changes nothing and records nothing', async () => {
      const before = mutations().length;
      const rows = await pruneRows();
      const target = targets[0] as Target;
      const result = await call(client, 'plex_prune', pruneArguments(target));
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        dryRun: true,
        success: false,
        bytesFreed: 0,
        auditId: null,
      });
      expect(textOf(result)).toMatch(
        /^Dry run: would delete .+ Nothing was changed\.\nCall again with confirm: true/,
      );
      const explicit = await call(client, 'plex_prune', pruneArguments(target, { confirm: false }));
      expect(explicit.structuredContent).toMatchObject({ dryRun: true });
      expect(mutations()).toHaveLength(before);
      expect(await pruneRows()).toBe(rows);
      await rest(`/catalog/${target.id}`);
    });

    it('refuses a protected item as a tool error, dry run or not', async () => {
      const target = targets[1] as Target;
      await call(client, 'plex_protect_item', { id: target.id, isProtected: true, reason: 'Keep' });
      for (const confirm of [false, true]) {
        const result = await call(client, 'plex_prune', pruneArguments(target, { confirm }));
        expect(result).toMatchObject({ isError: true, structuredContent: { code: 'prune.item-protected' } });
      }
      await call(client, 'plex_protect_item', { id: target.id, isProtected: false });
    });

    it('deletes with confirm: true, reports each target, and records it in the ledger', async () => {
      const rows = await pruneRows();
      const target = targets[2] as Target;
      const result = await call(client, 'plex_prune', pruneArguments(target, { confirm: true }));
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        dryRun: false,
        success: true,
        auditId: expect.any(String),
      });
      const results = result.structuredContent?.['results'] as { connectionId: string; status: string }[];
      expect(results.map((entry) => [entry.connectionId, entry.status])).toEqual(
        target.connectionIds.map((id) => [id, 'deleted']),
      );
      expect(textOf(result)).toContain(`${target.connectionIds[0]}: deleted`);
      expect(mutations().some((path) => path.includes('/movie/'))).toBe(true);
      expect(await pruneRows()).toBe(rows + 1);
    });

    it.each([
      ['a connection id that is not a UUID', { targetConnectionIds: ['radarr'] }, /targetConnectionIds/],
      ['no target', { targetConnectionIds: [] }, /targetConnectionIds/],
      ['an item id of the wrong form', { mediaItemId: 'DROP TABLE' }, /mediaItemId/],
      ['a season that is not a number', { seasonNumber: 'one' }, /seasonNumber/],
    ])('refuses %s before anything is planned', async (_case, override, named) => {
      const before = mutations().length;
      const result = await call(client, 'plex_prune', {
        ...pruneArguments(targets[0] as Target),
        ...override,
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(named);
      expect(mutations()).toHaveLength(before);
    });
  });
});
