// Each fault as an MCP client sees it: the official SDK client talks through the proxy to the
// real @modelcontextprotocol/server-everything, over Streamable HTTP and over legacy HTTP+SSE.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Client,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import { startEverythingServer } from '../support/everything-server';
import type { EverythingServer, EverythingTransport } from '../support/everything-server';
import { isProcessGroupAlive } from '../support/process-group';
import { FaultProxy } from './fault-proxy';

/** For calls that are meant to time out; calls meant to succeed get the SDK's default. */
const SHORT_TIMEOUT = 600;
/** Streamable HTTP reconnects quickly so that giving up does not take seconds. */
const FAST_RECONNECT = {
  initialReconnectionDelay: 20,
  maxReconnectionDelay: 50,
  reconnectionDelayGrowFactor: 1,
  maxRetries: 2,
};

function transportTo(kind: EverythingTransport, origin: string): Transport {
  return kind === 'sse'
    ? new SSEClientTransport(new URL(`${origin}/sse`))
    : new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { reconnectionOptions: FAST_RECONNECT });
}

interface Connected {
  readonly client: Client;
  /** Everything the client reported through onerror, in order. */
  readonly errors: Error[];
}

async function connect(kind: EverythingTransport, origin: string): Promise<Connected> {
  const client = new Client({ name: 'fault-proxy-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  try {
    await client.connect(transportTo(kind, origin));
  } catch (error) {
    // A failed connect can leave the transport retrying (EventSource reconnects on its own).
    await client.close().catch(() => undefined);
    throw error;
  }
  return { client, errors };
}

const echo = (client: Client, message: string, timeout?: number) =>
  client.callTool({ name: 'echo', arguments: { message } }, timeout === undefined ? {} : { timeout });

/** What the promise rejected with; fails the test when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

async function expectTimeout(promise: Promise<unknown>): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(SdkError);
  expect(error).toMatchObject({ code: SdkErrorCode.RequestTimeout });
}

describe.each(['streamableHttp', 'sse'] as const)('FaultProxy in front of server-everything (%s)', (kind) => {
  let server: EverythingServer;
  let proxy: FaultProxy;
  let connected: Connected | undefined;

  const connectThroughProxy = async (): Promise<Connected> => {
    connected = await connect(kind, proxy.url);
    return connected;
  };

  beforeAll(async () => {
    server = await startEverythingServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(async () => {
    proxy = await FaultProxy.start({ target: server.origin });
  });
  afterEach(async () => {
    await connected?.client.close().catch(() => undefined);
    connected = undefined;
    await proxy.close();
  });

  it('is transparent without faults and counts what passed', async () => {
    const { client, errors } = await connectThroughProxy();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
    expect(await echo(client, 'hi')).toMatchObject({ content: [{ type: 'text', text: 'Echo: hi' }] });
    expect(errors).toEqual([]);
    expect(proxy.stats.messagesByMethod).toMatchObject({
      initialize: 1,
      'notifications/initialized': 1,
      'tools/list': 1,
    });
    expect(proxy.stats.toolCallsByName).toEqual({ echo: 1 });
  });

  it('delay: the matching call answers at least that much later; other calls are untouched', async () => {
    const { client } = await connectThroughProxy();
    proxy.setFault({ kind: 'delay', ms: 400, match: { tool: 'echo' } });
    const started = Date.now();
    expect(await echo(client, 'late')).toMatchObject({
      content: [{ text: 'Echo: late' }],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    await client.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } });
    expect(proxy.stats.appliedFaults).toEqual([
      { kind: 'delay', httpMethod: kind === 'sse' ? 'GET' : 'POST', method: 'tools/call', tool: 'echo' },
    ]);
  });

  it('blackhole: the call times out, and the session keeps working afterwards', async () => {
    const { client } = await connectThroughProxy();
    proxy.setFault({ kind: 'blackhole', match: { tool: 'echo' }, times: 1 });
    await expectTimeout(echo(client, 'lost', SHORT_TIMEOUT));
    expect(await echo(client, 'again')).toMatchObject({ content: [{ text: 'Echo: again' }] });
  });

  it('malformed (invalid JSON): the client reports a parse error and the call times out', async () => {
    const { client, errors } = await connectThroughProxy();
    proxy.setFault({ kind: 'malformed', match: { tool: 'echo' }, times: 1 });
    await expectTimeout(echo(client, 'garbled', SHORT_TIMEOUT));
    expect(errors.some((error) => error instanceof SyntaxError)).toBe(true);
    expect(await echo(client, 'clean')).toMatchObject({ content: [{ text: 'Echo: clean' }] });
  });

  it('malformed (not JSON-RPC): the client rejects the message and the call times out', async () => {
    const { client, errors } = await connectThroughProxy();
    proxy.setFault({ kind: 'malformed', variant: 'not-json-rpc', match: { tool: 'echo' } });
    await expectTimeout(echo(client, 'odd', SHORT_TIMEOUT));
    expect(errors).not.toEqual([]);
    expect(errors.some((error) => error instanceof SyntaxError)).toBe(false);
  });

  it('http-status: the call fails with that HTTP status, and the next one goes through', async () => {
    const { client } = await connectThroughProxy();
    proxy.setFault({
      kind: 'http-status',
      status: kind === 'sse' ? 503 : 404,
      match: { tool: 'echo' },
      times: 1,
    });
    const failure = await rejectionOf(echo(client, 'x'));
    if (kind === 'streamableHttp') {
      expect(failure).toBeInstanceOf(SdkHttpError);
      expect((failure as SdkHttpError).status).toBe(404);
    } else {
      expect(String(failure)).toMatch(/HTTP 503/);
    }
    expect(await echo(client, 'y')).toMatchObject({ content: [{ text: 'Echo: y' }] });
  });

  it('refuse: the call in flight fails, new connections are refused; resume brings the backend back', async () => {
    const { client } = await connectThroughProxy();
    let firstProgress: () => void = () => undefined;
    const midCall = new Promise<void>((resolve) => (firstProgress = resolve));
    const inFlight = client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 2, steps: 4 } },
      { timeout: 1500, onprogress: () => firstProgress() },
    );
    await midCall;
    proxy.setFault({ kind: 'refuse' });
    await expectTimeout(inFlight);
    await expect(connect(kind, proxy.url)).rejects.toThrow();
    await proxy.resume();
    const again = await connect(kind, proxy.url);
    expect(await echo(again.client, 'back')).toMatchObject({ content: [{ text: 'Echo: back' }] });
    await again.client.close();
  });

  if (kind === 'sse') {
    it('drop-connection: the GET stream dies mid-call after progress arrived; the call never completes', async () => {
      const { client, errors } = await connectThroughProxy();
      proxy.setFault({ kind: 'drop-connection', match: { tool: 'trigger-long-running-operation' } });
      const progress: unknown[] = [];
      const call = client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0.4, steps: 2 } },
        { timeout: 1500, onprogress: (update) => progress.push(update) },
      );
      await expectTimeout(call);
      expect(progress.length).toBeGreaterThanOrEqual(1);
      expect(errors.map((error) => error.message).join('\n')).toMatch(/SSE error/);
    });
  } else {
    it('drop-connection once: the POST stream dies mid-call, the client resumes it and gets the answer', async () => {
      const { client, errors } = await connectThroughProxy();
      proxy.setFault({
        kind: 'drop-connection',
        match: { tool: 'trigger-long-running-operation' },
        times: 1,
      });
      const progress: unknown[] = [];
      const result = await client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0.4, steps: 2 } },
        { timeout: 5000, onprogress: (update) => progress.push(update) },
      );
      expect(result).toMatchObject({ content: [{ text: expect.stringContaining('completed') }] });
      expect(progress).toHaveLength(2);
      expect(errors.map((error) => error.message).join('\n')).toMatch(/SSE stream disconnected/);
    });

    it('drop-connection always: the replayed answer is dropped too, and the call times out', async () => {
      const { client } = await connectThroughProxy();
      proxy.setFault({ kind: 'drop-connection', match: { tool: 'trigger-long-running-operation' } });
      const call = client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 1 } },
        { timeout: 2000 },
      );
      await expectTimeout(call);
      expect(proxy.stats.faultsApplied['drop-connection']).toBeGreaterThanOrEqual(2);
    });
  }

  it('leaves no server process behind once stopped', async () => {
    const probe = await startEverythingServer(kind);
    await probe.stop();
    expect(isProcessGroupAlive(probe.pid)).toBe(false);
  });
});
