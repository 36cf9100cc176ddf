// The misbehaving stdio backend driven by the official SDK client over stdio: each tool and each
// MCP_FAULTS_MODE does what it claims, as a client sees it.
import { afterEach, describe, expect, it } from '@jest/globals';
import { Client, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { ClientOptions, JSONRPCMessage } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { isProcessGroupAlive } from '../support/process-group';
import { misbehavingStdioBackendPath } from './misbehaving-stdio-backend.path';

const SECRET = 'sk-test-7f3a9c1e';

interface StdioSession {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  readonly errors: Error[];
  /** Messages the backend wrote, in order (recorded after connect). */
  readonly received: JSONRPCMessage[];
  /** Messages the client sent (recorded after connect). */
  readonly sent: JSONRPCMessage[];
  stderr(): string;
  /** Resolves once stderr contains `text`. */
  stderrIncludes(text: string): Promise<void>;
}

const sessions: StdioSession[] = [];

function startTransport(env: Record<string, string>): {
  transport: StdioClientTransport;
  stderr: () => string;
} {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [misbehavingStdioBackendPath()],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return { transport, stderr: () => stderr };
}

async function connect(env: Record<string, string> = {}, options: ClientOptions = {}): Promise<StdioSession> {
  const { transport, stderr } = startTransport({ API_KEY: SECRET, ...env });
  const client = new Client({ name: 'misbehaving-backend-test', version: '1.0.0' }, options);
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  const received: JSONRPCMessage[] = [];
  const sent: JSONRPCMessage[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    received.push(message);
    deliver?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    sent.push(message);
    return send(message);
  };
  const session: StdioSession = {
    client,
    transport,
    errors,
    received,
    sent,
    stderr,
    stderrIncludes: (text) => until(() => stderr().includes(text)),
  };
  sessions.push(session);
  return session;
}

const call = (session: StdioSession, name: string, args: Record<string, unknown> = {}, timeout = 5000) =>
  session.client.callTool({ name, arguments: args }, { timeout });

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

afterEach(async () => {
  for (const session of sessions.splice(0)) {
    const pid = session.transport.pid;
    await session.client.close().catch(() => undefined);
    if (pid !== null) expect(isProcessGroupAlive(pid)).toBe(false);
  }
});

describe('misbehaving stdio backend', () => {
  it('completes the handshake and lists its tools', async () => {
    const { client } = await connect();
    expect(client.getServerVersion()).toEqual({ name: 'misbehaving-backend', version: '1.0.0' });
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'echo',
      'slow',
      'never',
      'crash',
      'malformed',
      'stderr',
      'notify',
      'sample',
    ]);
    await expect(client.ping()).resolves.toEqual({});
  });

  it('echo answers with the message', async () => {
    const session = await connect();
    expect(await call(session, 'echo', { message: 'hello' })).toEqual({
      content: [{ type: 'text', text: 'hello' }],
    });
  });

  it('slow answers after arguments.ms', async () => {
    const session = await connect();
    const started = Date.now();
    expect(await call(session, 'slow', { ms: 300 })).toEqual({
      content: [{ type: 'text', text: 'slept 300 ms' }],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('never leaves the call unanswered; the backend still answers other requests', async () => {
    const session = await connect();
    const error = await rejectionOf(call(session, 'never', {}, 300));
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ code: SdkErrorCode.RequestTimeout });
    await expect(session.client.ping()).resolves.toEqual({});
  });

  it('crash ends the process mid-call: the call fails and the connection closes', async () => {
    const session = await connect();
    let closed = false;
    const previousOnClose = session.client.onclose;
    session.client.onclose = () => {
      closed = true;
      previousOnClose?.();
    };
    const error = await rejectionOf(call(session, 'crash'));
    expect(error).toMatchObject({ code: SdkErrorCode.ConnectionClosed });
    expect(closed).toBe(true);
  });

  it('malformed: the SDK client skips the non-JSON line (see the raw test) and gets the answer', async () => {
    const session = await connect();
    expect(await call(session, 'malformed')).toEqual({
      content: [{ type: 'text', text: 'answered after a malformed line' }],
    });
    expect(await call(session, 'echo', { message: 'still here' })).toMatchObject({
      content: [{ text: 'still here' }],
    });
    expect(session.errors).toEqual([]);
  });

  it('stderr writes lines to stderr, one with the API_KEY value, which the answer does not contain', async () => {
    const session = await connect();
    const result = await call(session, 'stderr');
    expect(result).toEqual({ content: [{ type: 'text', text: 'wrote 3 lines to stderr' }] });
    await session.stderrIncludes('stderr line 3 of 3');
    const lines = session.stderr().trim().split('\n');
    expect(lines.filter((line) => line.includes(SECRET))).toEqual([
      `misbehaving-backend: authenticating with API key ${SECRET}`,
    ]);
    expect(lines).toHaveLength(3);
  });

  it('notify sends progress with the request progressToken and a log message before the answer', async () => {
    const session = await connect();
    const order: string[] = [];
    session.client.setNotificationHandler('notifications/message', (notification) => {
      order.push(`log: ${String(notification.params.data)}`);
    });
    const result = await session.client.callTool(
      { name: 'notify', arguments: {} },
      { onprogress: (progress) => order.push(`progress: ${progress.progress}/${progress.total}`) },
    );
    order.push('answer');
    expect(result).toEqual({ content: [{ type: 'text', text: 'sent progress and a log message' }] });
    expect(order).toEqual(['progress: 1/1', 'log: notify tool is answering', 'answer']);
    const progressNotification = session.received.find(
      (message) => 'method' in message && message.method === 'notifications/progress',
    );
    const request = session.sent.find((message) => 'method' in message && message.method === 'tools/call');
    expect(progressNotification).toMatchObject({
      params: {
        progressToken: (request as { params: { _meta: { progressToken: unknown } } }).params._meta
          .progressToken,
      },
    });
  });

  it('sample asks the client for sampling/createMessage and answers with its reply', async () => {
    const session = await connect({}, { capabilities: { sampling: {} } });
    const prompts: unknown[] = [];
    session.client.setRequestHandler('sampling/createMessage', (request) => {
      prompts.push(request.params.messages[0]?.content);
      return { model: 'test-model', role: 'assistant', content: { type: 'text', text: '42' } };
    });
    expect(await call(session, 'sample', { prompt: 'the answer?' })).toEqual({
      content: [{ type: 'text', text: 'client replied: 42' }],
    });
    expect(prompts).toEqual([{ type: 'text', text: 'the answer?' }]);
  });

  it('sample answers with a tool error when the client did not declare sampling', async () => {
    const session = await connect();
    expect(await call(session, 'sample', { prompt: 'x' })).toMatchObject({ isError: true });
  });

  it('honours notifications/cancelled: the cancelled call is never answered', async () => {
    const session = await connect();
    const controller = new AbortController();
    const cancelled = session.client.callTool(
      { name: 'slow', arguments: { ms: 300 } },
      { signal: controller.signal },
    );
    await until(() => session.sent.some((message) => 'method' in message && message.method === 'tools/call'));
    controller.abort('test cancels');
    await expect(cancelled).rejects.toThrow('test cancels');
    const cancelledId = session.sent.find(
      (message) => 'method' in message && message.method === 'tools/call',
    );
    expect(session.sent).toContainEqual(
      expect.objectContaining({
        method: 'notifications/cancelled',
        params: expect.objectContaining({ requestId: (cancelledId as { id: unknown }).id }),
      }),
    );
    // This answer is due after the cancelled one would have been: any late answer would be seen first.
    expect(await call(session, 'slow', { ms: 600 })).toMatchObject({ content: [{ text: 'slept 600 ms' }] });
    const answeredIds = session.received
      .filter((message) => 'id' in message)
      .map((message) => (message as { id: unknown }).id);
    expect(answeredIds).not.toContain((cancelledId as { id: unknown }).id);
  });
});

describe('misbehaving stdio backend modes (MCP_FAULTS_MODE)', () => {
  it('never: the handshake times out', async () => {
    const { transport } = startTransport({ MCP_FAULTS_MODE: 'never' });
    const client = new Client({ name: 'mode-test', version: '1.0.0' });
    const error = await rejectionOf(client.connect(transport, { timeout: 300 }));
    expect(error).toMatchObject({ code: SdkErrorCode.RequestTimeout });
    const pid = transport.pid;
    await client.close();
    expect(pid !== null && isProcessGroupAlive(pid)).toBe(false);
  });

  it('crash: the handshake fails because the process exits', async () => {
    const { transport } = startTransport({ MCP_FAULTS_MODE: 'crash' });
    const client = new Client({ name: 'mode-test', version: '1.0.0' });
    await expect(client.connect(transport, { timeout: 5000 })).rejects.toMatchObject({
      code: SdkErrorCode.ConnectionClosed,
    });
    await client.close();
  });

  it('malformed: a garbage line precedes every answer (see the raw test), and the handshake still works', async () => {
    const session = await connect({ MCP_FAULTS_MODE: 'malformed' });
    expect(await call(session, 'echo', { message: 'ok' })).toMatchObject({ content: [{ text: 'ok' }] });
  });

  it('slow: every answer, the handshake included, comes after MCP_FAULTS_DELAY_MS', async () => {
    const session = await connect({ MCP_FAULTS_MODE: 'slow', MCP_FAULTS_DELAY_MS: '200' });
    const started = Date.now();
    await session.client.ping();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});
