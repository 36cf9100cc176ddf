// Stopping the gateway process with clients attached, as Ctrl-C or Kubernetes does: the built
// gateway (as `npm start` runs it) gets SIGINT or SIGTERM while a legacy SSE session, a Streamable
// HTTP session stream and a slow tool call are open. The streams never end by themselves and must
// be closed at once; the call gets the grace period (and no more); the log names each step.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { SseEventParser } from '@platform/testing-mcp-faults';
import {
  buildGateway,
  type GatewayProcess,
  startGatewayProcess,
} from './testing/gateway-process.spec-helpers';
import { EVERYTHING_STDIO_COMMAND, type ServersFile, writeServersFile } from './testing/reference-servers';

const ACCEPT = 'application/json, text/event-stream';
const LONG_RUNNING = 'trigger-long-running-operation';

interface LogLine {
  readonly msg?: string;
  readonly context?: string;
}

/** An event stream being read: `events` grows as events arrive; `ended` settles when the stream ends. */
interface OpenStream {
  readonly events: Array<{ event?: string; data?: string }>;
  readonly ended: Promise<'ended' | 'cut'>;
}

async function readStream(
  response: Response,
  onEvent: (data: string | undefined) => void = () => undefined,
): Promise<OpenStream> {
  const parser = new SseEventParser();
  const events: OpenStream['events'] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const ended = (async (): Promise<'ended' | 'cut'> => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        for (const event of parser.push(chunk.value)) {
          events.push({ event: event.event, data: event.data });
          onEvent(event.data);
        }
      }
      return 'ended';
    } catch {
      return 'cut';
    }
  })();
  return { events, ended };
}

describe('stopping the gateway process', () => {
  let servers: ServersFile;
  let gateway: GatewayProcess | undefined;

  beforeAll(() => {
    buildGateway();
    servers = writeServersFile(
      `servers:\n  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
  }, 300_000);

  afterEach(async () => {
    await gateway?.stop();
    gateway = undefined;
  });

  afterAll(() => servers?.remove());

  async function start(graceMs: number): Promise<{ gateway: GatewayProcess; key: string }> {
    const started = await startGatewayProcess({
      GATEWAY_SERVERS_FILE: servers.path,
      SHUTDOWN_GRACE_MS: String(graceMs),
      LOG_LEVEL: 'info',
      DOCS_ENABLED: 'false',
    });
    gateway = started;
    const admin = { Authorization: `Bearer ${started.adminKey}`, 'Content-Type': 'application/json' };
    const allowed = await fetch(`${started.origin}/api/policies`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ targetId: 'server:everything', requiredGroup: 'McpClient', isAllowed: 1 }),
    });
    expect(allowed.status).toBe(201);
    const created = await fetch(`${started.origin}/api/appkeys`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: 'shutdown', scopes: ['*'] }),
    });
    expect(created.status).toBe(201);
    return { gateway: started, key: ((await created.json()) as { plaintextKey: string }).plaintextKey };
  }

  /** A legacy HTTP+SSE session (`GET /sse`), open once its `endpoint` event arrived. */
  async function openLegacySession(origin: string, key: string): Promise<OpenStream> {
    const response = await fetch(`${origin}/sse`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    let opened: () => void = () => undefined;
    const endpoint = new Promise<void>((resolve) => (opened = resolve));
    const stream = await readStream(response, () => opened());
    await endpoint;
    return stream;
  }

  /** A Streamable HTTP session on the direct view and its standing `GET` stream. */
  async function openSessionStream(origin: string, key: string): Promise<OpenStream> {
    const headers = { Authorization: `Bearer ${key}`, Accept: ACCEPT, 'Content-Type': 'application/json' };
    const initialized = await fetch(`${origin}/everything`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'shutdown-e2e', version: '1' },
        },
      }),
    });
    expect(initialized.status).toBe(200);
    const session = initialized.headers.get('mcp-session-id') ?? '';
    await initialized.text();
    const sessionHeaders = { ...headers, 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' };
    await fetch(`${origin}/everything`, {
      method: 'POST',
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    }).then((response) => response.text());
    const stream = await fetch(`${origin}/everything`, {
      headers: { ...sessionHeaders, Accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    return readStream(stream);
  }

  /** `tools/call` of a long-running operation, resolved once its first progress event arrived. */
  async function startSlowCall(origin: string, key: string, seconds: number): Promise<OpenStream> {
    const response = await fetch(`${origin}/everything`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, Accept: ACCEPT, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: LONG_RUNNING,
          arguments: { duration: seconds, steps: seconds * 2 },
          _meta: { progressToken: 'p' },
        },
      }),
    });
    expect(response.status).toBe(200);
    let progressed: () => void = () => undefined;
    const firstProgress = new Promise<void>((resolve) => (progressed = resolve));
    const stream = await readStream(response, (data) => {
      if (data?.includes('notifications/progress')) progressed();
    });
    await firstProgress;
    return stream;
  }

  function shutdownLog(running: GatewayProcess): string[] {
    return running
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.context === 'Shutdown')
      .map((line) => line.msg ?? '');
  }

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'on %s closes the event streams at once and still answers the call in flight, then exits 0',
    async (signal) => {
      const { gateway: running, key } = await start(60_000);
      const legacy = await openLegacySession(running.origin, key);
      const session = await openSessionStream(running.origin, key);
      const slow = await startSlowCall(running.origin, key, 3);
      const order: string[] = [];
      const observed = Promise.all([
        legacy.ended.then((how) => order.push(`legacy SSE stream ${how}`)),
        session.ended.then((how) => order.push(`session stream ${how}`)),
        slow.ended.then((how) => order.push(`slow call ${how}`)),
      ]);

      running.child.kill(signal);
      expect(await running.exited()).toBe(0);
      await observed;

      expect(order.slice(0, 2).sort()).toEqual(['legacy SSE stream ended', 'session stream ended']);
      expect(order[2]).toBe('slow call ended');
      const answer = JSON.parse(slow.events[slow.events.length - 1]?.data ?? '{}') as {
        id?: number;
        result?: { content?: Array<{ text?: string }> };
      };
      expect(answer.id).toBe(7);
      expect(answer.result?.content?.[0]?.text).toContain('Long running operation completed');
      expect(shutdownLog(running)).toEqual([
        `${signal} received: stopping`,
        'stopped accepting connections',
        'closed 2 event stream(s)',
        'waiting for 1 in-flight request(s), at most 60000 ms',
        'closed the application and its database',
        expect.stringMatching(/^stopped in \d+ ms$/),
      ]);
    },
    120_000,
  );

  it('cuts a call that outlasts the grace period, and says so', async () => {
    const { gateway: running, key } = await start(1_000);
    const slow = await startSlowCall(running.origin, key, 60);

    running.child.kill('SIGTERM');
    expect(await running.exited()).toBe(0);

    expect(await slow.ended).toBe('cut');
    expect(slow.events.some((event) => event.data?.includes('"result"'))).toBe(false);
    expect(shutdownLog(running)).toEqual([
      'SIGTERM received: stopping',
      'stopped accepting connections',
      'closed 0 event stream(s)',
      'waiting for 1 in-flight request(s), at most 1000 ms',
      'grace period over: cutting 1 unfinished request(s)',
      'closed the application and its database',
      expect.stringMatching(/^stopped in \d+ ms$/),
    ]);
  }, 120_000);
});
