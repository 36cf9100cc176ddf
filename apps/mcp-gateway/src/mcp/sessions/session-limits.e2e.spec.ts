// Session limits (docs/decisions/021): one caller that opens sessions as fast as it can ends only
// its own idle sessions, never another caller's; a caller whose sessions are all in use is refused
// (429) over Streamable HTTP and legacy SSE alike; open streams count towards the gateway-wide cap
// (503 once every session is in use). Raw HTTP floods, official SDK clients as the bystanders.
import { SSEClientTransport } from '@modelcontextprotocol/client';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND, eventually } from '../../testing/reference-servers';
import { SessionRegistry } from './session.registry';

const MAX_SESSIONS = 6;
const PER_PRINCIPAL = 3;
const ACCEPT = 'application/json, text/event-stream';

interface InitializeAnswer {
  readonly status: number;
  /** Empty when no session was opened. */
  readonly sessionId: string;
  readonly retryAfter: string | null;
  readonly body: unknown;
}

interface OpenStream {
  readonly status: number;
  readonly retryAfter: string | null;
  /** The JSON body of a refusal. */
  readonly body?: unknown;
  close(): void;
}

describe('session limits', () => {
  let gateway: GatewayHarness;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:\n  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
      {
        GATEWAY_MAX_SESSIONS: String(MAX_SESSIONS),
        GATEWAY_MAX_SESSIONS_PER_PRINCIPAL: String(PER_PRINCIPAL),
      },
    );
    await gateway.allow('server:everything');
  }, 60_000);

  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    // The next test starts once the gateway has seen every stream go.
    const registry = gateway.service.app.get(SessionRegistry);
    await eventually('streams closed', async () =>
      registry.all().every((session) => !session.isActive) ? true : undefined,
    );
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const key = (name: string): Promise<string> => gateway.appKey(['server:everything'], name);

  /** `POST /mcp initialize`, raw: a stateful Streamable HTTP session without any stream. */
  async function initialize(appKey: string, id: number | string = 1): Promise<InitializeAnswer> {
    const response = await fetch(`${gateway.base}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${appKey}`, 'Content-Type': 'application/json', Accept: ACCEPT },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'flood', version: '1' },
        },
      }),
    });
    return {
      status: response.status,
      sessionId: response.headers.get('mcp-session-id') ?? '',
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    };
  }

  /** A `ping` in a session: 200 while the session lives, 404 once it was ended. */
  async function ping(appKey: string, sessionId: string): Promise<number> {
    const response = await fetch(`${gateway.base}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${appKey}`,
        'Content-Type': 'application/json',
        Accept: ACCEPT,
        'Mcp-Session-Id': sessionId,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'p', method: 'ping' }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** A GET that opens an event stream (a legacy SSE session, or a session's stream); kept open until the test ends. */
  async function openStream(appKey: string, path = '/sse', sessionId?: string): Promise<OpenStream> {
    const controller = new AbortController();
    const response = await fetch(`${gateway.base}${path}`, {
      headers: {
        Authorization: `Bearer ${appKey}`,
        Accept: 'text/event-stream',
        ...(sessionId === undefined ? {} : { 'Mcp-Session-Id': sessionId }),
      },
      signal: controller.signal,
    });
    const stream: OpenStream = {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ...(response.status === 200 ? {} : { body: await response.json() }),
      close: () => controller.abort(),
    };
    if (response.status === 200 && response.body !== null) {
      // The gateway registers the session before it sends the headers; reading keeps the stream flowing.
      const reader = response.body.getReader();
      void (async () => {
        for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return;
      })();
    }
    streams.push(stream);
    return stream;
  }

  it('a caller that floods initialize ends only its own idle sessions; other callers keep theirs', async () => {
    const bobKey = await key('bob');
    // Bob's session has no stream between his requests, as many clients leave it.
    const bob = await initialize(bobKey);
    expect(bob.status).toBe(200);
    const carol = await gateway.connect('/mcp', await key('carol'), 'streamable');

    const malloryKey = await key('mallory');
    const flood = [];
    for (let index = 0; index < 40; index += 1) flood.push(await initialize(malloryKey, index));
    expect(flood.every((answer) => answer.status === 200)).toBe(true);

    // Mallory's newest sessions live, her older ones made room for them; nobody else lost one.
    const live = await Promise.all(flood.map((answer) => ping(malloryKey, answer.sessionId)));
    expect(live.slice(-PER_PRINCIPAL)).toEqual(Array(PER_PRINCIPAL).fill(200));
    expect(live.slice(0, -PER_PRINCIPAL).every((status) => status === 404)).toBe(true);
    expect(await ping(bobKey, bob.sessionId)).toBe(200);
    await expect(
      carol.callTool({ name: 'everything__echo', arguments: { message: 'still here' } }),
    ).resolves.toMatchObject({ content: [{ text: 'Echo: still here' }] });
    await carol.close();
  });

  it('refuses a caller whose sessions are all in use with 429, over legacy SSE and Streamable HTTP', async () => {
    const malloryKey = await key('mallory-streams');
    for (let index = 0; index < PER_PRINCIPAL; index += 1) {
      expect((await openStream(malloryKey)).status).toBe(200);
    }
    const refusedStream = await openStream(malloryKey);
    expect(refusedStream.status).toBe(429);
    expect(Number(refusedStream.retryAfter)).toBeGreaterThan(0);
    expect(refusedStream.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: expect.stringContaining(`already has ${PER_PRINCIPAL} sessions in use`),
        data: { scope: 'principal', limit: PER_PRINCIPAL },
      },
    });
    const refusedInitialize = await initialize(malloryKey, 'init-7');
    expect(refusedInitialize).toMatchObject({
      status: 429,
      sessionId: '',
      body: { id: 'init-7', error: { code: -32000, data: { scope: 'principal' } } },
    });
    // The official SDK client sees the refusal as a failed connect.
    const sdk = new SSEClientTransport(new URL('/sse', gateway.base), {
      requestInit: { headers: { Authorization: `Bearer ${malloryKey}` } },
    });
    await expect(sdk.start()).rejects.toThrow(/429/);
    await sdk.close();

    // Another caller is not affected by Mallory's quota.
    const dave = await gateway.connect('/sse?meta=false', await key('dave'), 'sse');
    await expect(
      dave.callTool({ name: 'everything__echo', arguments: { message: 'mine' } }),
    ).resolves.toMatchObject({ content: [{ text: 'Echo: mine' }] });
    await dave.close();
  });

  it('counts open streams towards the cap and refuses new sessions with 503 when every session is in use', async () => {
    const [first, second] = [await key('first'), await key('second')];
    for (const appKey of [first, second]) {
      for (let index = 0; index < PER_PRINCIPAL; index += 1) {
        expect((await openStream(appKey)).status).toBe(200);
      }
    }
    const latecomer = await key('latecomer');
    const refused = await initialize(latecomer);
    expect(refused).toMatchObject({
      status: 503,
      body: { error: { code: -32000, data: { scope: 'gateway', limit: MAX_SESSIONS } } },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await openStream(latecomer)).status).toBe(503);
    expect(gateway.service.app.get(SessionRegistry).summary().total).toBe(MAX_SESSIONS);
  });

  it('when the gateway is full, a newcomer takes the place of the longest-idle session not in use', async () => {
    const idleKey = await key('idle');
    const idle = await initialize(idleKey);
    const busyKey = await key('busy');
    const busy = await initialize(busyKey);
    // The busy caller's session has its stream open: in use, though older than the newcomer.
    expect((await openStream(busyKey, '/mcp', busy.sessionId)).status).toBe(200);
    for (const name of ['filler-1', 'filler-2']) {
      const appKey = await key(name);
      expect((await openStream(appKey)).status).toBe(200);
      expect((await openStream(appKey)).status).toBe(200);
    }
    const newcomerKey = await key('newcomer');
    const newcomer = await initialize(newcomerKey);
    expect(newcomer.status).toBe(200);
    expect(await ping(idleKey, idle.sessionId)).toBe(404);
    expect(await ping(busyKey, busy.sessionId)).toBe(200);
    expect(await ping(newcomerKey, newcomer.sessionId)).toBe(200);
  });
});
