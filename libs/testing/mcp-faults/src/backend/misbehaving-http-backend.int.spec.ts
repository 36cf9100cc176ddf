// The misbehaving backend over plain JSON-RPC-over-HTTP: one POST, one JSON answer, and each
// misbehaviour as an HTTP client sees it.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { GARBAGE_LINE } from './misbehaving-backend.core.mjs';
import { startMisbehavingHttpBackend } from './misbehaving-http-backend';
import type { MisbehavingHttpBackend } from './misbehaving-http-backend';

const request = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, params });
const toolCall = (id: unknown, name: string, args: object = {}) =>
  request(id, 'tools/call', { name, arguments: args });

describe('misbehaving HTTP backend', () => {
  let backend: MisbehavingHttpBackend;
  const post = (body: unknown, init: RequestInit = {}) =>
    fetch(backend.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    });
  const answer = async (body: unknown): Promise<unknown> => (await post(body)).json();

  beforeEach(async () => {
    backend = await startMisbehavingHttpBackend();
  });
  afterEach(async () => {
    await backend.close();
  });

  it('answers initialize and lists only the tools plain HTTP can carry', async () => {
    const initialized = await post(
      request(1, 'initialize', { protocolVersion: '2025-03-26', capabilities: {} }),
    );
    expect(initialized.headers.get('content-type')).toBe('application/json');
    expect(await initialized.json()).toMatchObject({ id: 1, result: { protocolVersion: '2025-03-26' } });
    const listed = (await answer(request(2, 'tools/list'))) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((tool) => tool.name)).toEqual([
      'echo',
      'slow',
      'never',
      'crash',
      'malformed',
    ]);
    expect(await answer(toolCall(3, 'stderr'))).toMatchObject({ error: { code: -32602 } });
  });

  it('echo and slow answer in the body, slow after arguments.ms', async () => {
    expect(await answer(toolCall('e', 'echo', { message: 'hi' }))).toEqual({
      jsonrpc: '2.0',
      id: 'e',
      result: { content: [{ type: 'text', text: 'hi' }] },
    });
    const started = Date.now();
    expect(await answer(toolCall(2, 'slow', { ms: 250 }))).toMatchObject({
      result: { content: [{ text: 'slept 250 ms' }] },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('never keeps the exchange open while other requests are answered, until the client gives up', async () => {
    let settled = false;
    const silent = post(toolCall(1, 'never'), { signal: AbortSignal.timeout(400) }).finally(
      () => (settled = true),
    );
    expect(await answer(request(2, 'ping'))).toMatchObject({ id: 2, result: {} });
    expect(settled).toBe(false);
    await expect(silent).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('crash sends half a body, then the connection dies', async () => {
    const response = await post(toolCall(1, 'crash'));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('malformed answers 200 application/json with a body that is not JSON', async () => {
    const response = await post(toolCall(1, 'malformed'));
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      200,
      'application/json',
      GARBAGE_LINE,
    ]);
  });

  it('acknowledges notifications with 202 and no body; a cancelled request ends with 204 and no message', async () => {
    const pending = post(toolCall(7, 'slow', { ms: 60_000 }));
    while (!backend.receivedMessages().some((message) => (message as { id?: unknown }).id === 7)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const cancel = await post({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 7 },
    });
    expect([cancel.status, await cancel.text()]).toEqual([202, '']);
    const cancelled = await pending;
    expect([cancelled.status, await cancelled.text()]).toEqual([204, '']);
  });

  it('refuses what plain JSON-RPC over HTTP does not carry', async () => {
    const get = await fetch(backend.url);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const notJson = await post('{oops');
    expect([notJson.status, await notJson.json()]).toEqual([
      400,
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    ]);
    const batch = await post([request(1, 'ping')]);
    expect([batch.status, await batch.json()]).toMatchObject([400, { error: { code: -32600 } }]);
  });

  it('records every message it received', async () => {
    await answer(request(1, 'ping'));
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(backend.receivedMessages()).toEqual([
      request(1, 'ping'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
  });

  it('serves the official SDK client over Streamable HTTP in JSON mode', async () => {
    const client = new Client({ name: 'http-backend-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(backend.url)));
    try {
      expect(client.getServerVersion()?.name).toBe('misbehaving-backend');
      expect(await client.callTool({ name: 'echo', arguments: { message: 'via sdk' } })).toMatchObject({
        content: [{ text: 'via sdk' }],
      });
    } finally {
      await client.close();
    }
  });
});

describe('misbehaving HTTP backend modes', () => {
  it('never: not even initialize is answered', async () => {
    const backend = await startMisbehavingHttpBackend({ mode: 'never' });
    try {
      const call = fetch(backend.url, {
        method: 'POST',
        body: JSON.stringify(request(1, 'initialize', {})),
        signal: AbortSignal.timeout(300),
      });
      await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      await backend.close();
    }
  });

  it('slow: every answer comes after modeDelayMs', async () => {
    const backend = await startMisbehavingHttpBackend({ mode: 'slow', modeDelayMs: 200 });
    try {
      const started = Date.now();
      const response = await fetch(backend.url, { method: 'POST', body: JSON.stringify(request(1, 'ping')) });
      expect(await response.json()).toMatchObject({ id: 1, result: {} });
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    } finally {
      await backend.close();
    }
  });
});
