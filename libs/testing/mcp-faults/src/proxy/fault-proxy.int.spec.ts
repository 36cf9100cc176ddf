// The fault proxy at the HTTP level, in front of a scripted backend that records what reached
// it: transparent relaying, then each fault's effect on the wire.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { FaultProxy } from './fault-proxy';
import { NOT_JSON_RPC_NOTE } from './json-rpc-traffic';
import { startScriptedBackend } from './scripted-backend.test-helper';
import type { ScriptedBackend } from './scripted-backend.test-helper';

const toolCall = (id: number, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

/** An SSE response read as it arrives; `until` waits for text to show up. */
interface OpenStream {
  text(): string;
  until(fragment: string): Promise<void>;
  /** Settles when the stream ends: `ended` normally, `failed` when the connection broke. */
  readonly outcome: Promise<'ended' | 'failed'>;
  close(): void;
}

async function openStream(url: string, init: RequestInit = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let received = '';
  const waiters: (() => void)[] = [];
  const outcome = (async (): Promise<'ended' | 'failed'> => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        received += decoder.decode(chunk.value, { stream: true });
        waiters.splice(0).forEach((wake) => wake());
      }
      return 'ended';
    } catch {
      return 'failed';
    } finally {
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  let settled = false;
  void outcome.then(() => (settled = true));
  return {
    text: () => received,
    outcome,
    close: () => controller.abort(),
    until: async (fragment) => {
      while (!received.includes(fragment)) {
        if (settled) throw new Error(`stream ended without ${fragment}; got ${received}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

describe('FaultProxy over HTTP', () => {
  let backend: ScriptedBackend;
  let proxy: FaultProxy;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${proxy.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeEach(async () => {
    backend = await startScriptedBackend();
    proxy = await FaultProxy.start({ target: backend.origin });
  });
  afterEach(async () => {
    await proxy.close();
    await backend.close();
  });

  describe('without faults', () => {
    it('relays a JSON exchange: status, headers and body both ways, Host naming the backend', async () => {
      const response = await post('/json?x=1', toolCall(1, 'echo'), { authorization: 'Bearer token' });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-backend')).toBe('yes');
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: { echo: { name: 'echo', arguments: {} } },
      });
      const [reached] = backend.requests;
      expect(reached).toMatchObject({
        method: 'POST',
        url: '/json?x=1',
        body: JSON.stringify(toolCall(1, 'echo')),
      });
      expect(reached?.headers).toMatchObject({
        authorization: 'Bearer token',
        host: new URL(backend.origin).host,
      });
    });

    it('sends traffic to another backend after retarget, without refusing a connection meanwhile', async () => {
      const replacement = await startScriptedBackend();
      try {
        await post('/json', toolCall(1, 'echo'));
        proxy.retarget(replacement.origin);
        expect((await post('/json', toolCall(2, 'echo'))).status).toBe(200);
        expect(backend.requests.map((reached) => JSON.parse(reached.body).id)).toEqual([1]);
        expect(replacement.requests.map((reached) => JSON.parse(reached.body).id)).toEqual([2]);
        expect(replacement.requests[0]?.headers).toMatchObject({ host: new URL(replacement.origin).host });
      } finally {
        await replacement.close();
      }
    });

    it('relays an SSE stream byte for byte however the backend cuts it', async () => {
      const stream =
        'event: message\r\ndata: {"jsonrpc":"2.0","method":"a","params":{"t":"é✓"}}\r\n\r\n: keep-alive\n\nid: 9\n\n';
      const bytes = Buffer.from(stream);
      const insideAccent = bytes.indexOf(Buffer.from('é')) + 1;
      const insideCrlf = bytes.indexOf('\r\n\r\n') + 1;
      const cuts = [0, 5, insideAccent, insideCrlf, insideCrlf + 2, bytes.length - 3, bytes.length];
      backend.chunks = cuts.slice(1).map((end, index) => bytes.subarray(cuts[index], end));
      proxy.setFault({ kind: 'delay', ms: 0, match: { method: 'a' } });
      const relayed = await fetch(`${proxy.url}/chunked`);
      expect(relayed.headers.get('content-type')).toBe('text/event-stream');
      expect(await relayed.text()).toBe(stream);
    });

    it('counts client messages by method and tool calls by name', async () => {
      await post('/json', toolCall(1, 'echo'));
      await post('/json', toolCall(2, 'echo'));
      await post('/json', [
        { jsonrpc: '2.0', id: 3, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ]);
      await fetch(`${proxy.url}/json`);
      expect(proxy.stats).toMatchObject({
        httpRequests: 4,
        messagesByMethod: { 'tools/call': 2, ping: 1, 'notifications/initialized': 1 },
        toolCallsByName: { echo: 2 },
        appliedFaults: [],
      });
    });
  });

  describe('request faults', () => {
    it('blackhole: the request never reaches the backend and stays unanswered until the proxy closes', async () => {
      proxy.setFault({ kind: 'blackhole', match: { tool: 'never' } });
      let settled = false;
      const swallowed = post('/json', toolCall(1, 'never')).finally(() => (settled = true));
      expect((await post('/json', toolCall(2, 'echo'))).status).toBe(200);
      expect(settled).toBe(false);
      expect(backend.requests.map((request) => request.body)).toEqual([JSON.stringify(toolCall(2, 'echo'))]);
      await proxy.close();
      await expect(swallowed).rejects.toThrow();
      expect(proxy.stats.appliedFaults).toEqual([
        { kind: 'blackhole', httpMethod: 'POST', method: 'tools/call', tool: 'never' },
      ]);
    });

    it('http-status: answers without forwarding, with a default JSON body or the given one', async () => {
      proxy.setFault({ kind: 'http-status', status: 503, match: { method: 'tools/call' }, times: 1 });
      proxy.setFault({
        kind: 'http-status',
        status: 404,
        body: 'gone',
        headers: { 'x-reason': 'session' },
        match: { httpMethod: 'GET' },
      });
      const unavailable = await post('/json', toolCall(1, 'echo'));
      expect([unavailable.status, await unavailable.json()]).toEqual([
        503,
        { error: '503 Service Unavailable', injectedBy: 'FaultProxy' },
      ]);
      const missing = await fetch(`${proxy.url}/chunked`);
      expect([missing.status, missing.headers.get('x-reason'), await missing.text()]).toEqual([
        404,
        'session',
        'gone',
      ]);
      expect(backend.requests).toEqual([]);
      expect((await post('/json', toolCall(2, 'echo'))).status).toBe(200);
    });
  });

  describe('answer faults on JSON', () => {
    it('delay: the answer comes at least `ms` later; other methods are not delayed', async () => {
      proxy.setFault({ kind: 'delay', ms: 250, match: { tool: 'slow' } });
      const started = Date.now();
      expect((await post('/json', toolCall(1, 'slow'))).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      await post('/json', toolCall(2, 'echo'));
      expect(proxy.stats.faultsApplied.delay).toBe(1);
    });

    it('malformed: invalid JSON (the first half) or valid JSON that is not JSON-RPC', async () => {
      proxy.setFault({ kind: 'malformed', match: { tool: 'echo' }, times: 1 });
      proxy.setFault({ kind: 'malformed', variant: 'not-json-rpc', match: { tool: 'other' } });
      const broken = await (await post('/json', toolCall(1, 'echo'))).text();
      expect(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          result: { echo: { name: 'echo', arguments: {} } },
        }).startsWith(broken),
      ).toBe(true);
      expect(() => JSON.parse(broken) as unknown).toThrow(SyntaxError);
      expect(await (await post('/json', toolCall(2, 'other'))).json()).toEqual({
        id: 2,
        note: NOT_JSON_RPC_NOTE,
      });
      expect((await (await post('/json', toolCall(3, 'echo'))).json()) as unknown).toMatchObject({ id: 3 });
    });

    it('drop-connection: the request is forwarded, the connection dies instead of the answer', async () => {
      proxy.setFault({ kind: 'drop-connection', match: { tool: 'echo' } });
      await expect(post('/json', toolCall(1, 'echo'))).rejects.toThrow();
      expect(backend.requests).toHaveLength(1);
    });

    it('acknowledgements stand for the answer to notifications', async () => {
      proxy.setFault({ kind: 'drop-connection', match: { method: 'notifications/cancelled' } });
      proxy.setFault({ kind: 'delay', ms: 200, match: { method: 'notifications/initialized' } });
      await expect(
        post('/json', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
      ).rejects.toThrow();
      const started = Date.now();
      expect((await post('/json', { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect(backend.requests).toHaveLength(2);
    });
  });

  describe('answer faults on SSE streams', () => {
    it('malformed rewrites only the matching event; the others keep their exact text', async () => {
      proxy.setFault({ kind: 'malformed', match: { tool: 'echo' } });
      const text = await (await post('/sse-answer', toolCall(7, 'echo'))).text();
      const events = text.split('\n\n').filter((event) => event !== '');
      expect(events).toHaveLength(3);
      expect(events[0]).toBe(
        'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}',
      );
      expect(events[1]).toMatch(/^event: message\ndata: \{"jsonrpc":"2\.0","id":7,/);
      expect(() => JSON.parse(events[1]?.replace('event: message\ndata: ', '') ?? '') as unknown).toThrow(
        SyntaxError,
      );
      expect(events[2]).toContain('"method":"notifications/message"');
    });

    it('a backend notification is matched by its own method', async () => {
      proxy.setFault({
        kind: 'malformed',
        variant: 'not-json-rpc',
        match: { method: 'notifications/progress' },
      });
      const text = await (await post('/sse-answer', toolCall(7, 'echo'))).text();
      expect(text).toContain(`data: {"note":"${NOT_JSON_RPC_NOTE}"}`);
      expect(text).toContain('"id":7,"result"');
    });

    it('a delayed event does not hold back later ones, and the stream ends after it', async () => {
      proxy.setFault({ kind: 'delay', ms: 200, match: { tool: 'slow' } });
      const text = await (await post('/sse-answer', toolCall(7, 'slow'))).text();
      expect(text.indexOf('notifications/message')).toBeLessThan(text.indexOf('"id":7'));
      expect(text).toContain('"id":7,"result"');
    });

    it('drop-connection cuts the stream when the matching answer arrives, after what came before', async () => {
      proxy.setFault({ kind: 'drop-connection', match: { tool: 'echo' } });
      const stream = await openStream(`${proxy.url}/sse-answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(toolCall(7, 'echo')),
      });
      expect(await stream.outcome).toBe('failed');
      expect(stream.text()).toContain('notifications/progress');
      expect(stream.text()).not.toContain('"id":7');
    });

    it('legacy transport: the endpoint points at the proxy, and responses on the GET stream match their request', async () => {
      const stream = await openStream(`${proxy.url}/sse`);
      await stream.until('\n\n');
      const endpoint = /data: (\S+)/.exec(stream.text())?.[1] ?? '';
      expect(endpoint).toBe(`${proxy.url}/message?sessionId=session-1`);
      proxy.setFault({
        kind: 'malformed',
        variant: 'not-json-rpc',
        match: { tool: 'echo', httpMethod: 'GET' },
      });
      expect((await post(endpoint.replace(proxy.url, ''), toolCall(5, 'echo'))).status).toBe(202);
      await stream.until(NOT_JSON_RPC_NOTE);
      expect(stream.text()).toContain(`{"id":5,"note":"${NOT_JSON_RPC_NOTE}"}`);
      expect(stream.text()).toContain('notifications/message');
      expect(proxy.stats.appliedFaults).toEqual([
        { kind: 'malformed', httpMethod: 'GET', method: 'tools/call', tool: 'echo' },
      ]);
      stream.close();
    });
  });

  describe('refuse, resume and close', () => {
    it('refuse resets open connections and refuses new ones; resume listens on the same port', async () => {
      const stream = await openStream(`${proxy.url}/sse`);
      await stream.until('\n\n');
      proxy.setFault({ kind: 'refuse' });
      expect(await stream.outcome).toBe('failed');
      await expect(post('/json', toolCall(1, 'echo'))).rejects.toMatchObject({
        cause: { code: 'ECONNREFUSED' },
      });
      await proxy.resume();
      expect((await post('/json', toolCall(2, 'echo'))).status).toBe(200);
      expect(proxy.stats.faultsApplied.refuse).toBe(1);
    });

    it('clearFaults also ends a refusal', async () => {
      proxy.setFault({ kind: 'refuse' });
      proxy.setFault({ kind: 'http-status', status: 500 });
      await proxy.clearFaults();
      expect((await post('/json', toolCall(1, 'echo'))).status).toBe(200);
    });

    it('close frees the port, is idempotent and refuses new faults', async () => {
      const { port } = proxy;
      await proxy.close();
      await proxy.close();
      const reuse = createServer().listen(port, '127.0.0.1');
      await once(reuse, 'listening');
      reuse.close();
      expect(() => proxy.setFault({ kind: 'blackhole' })).toThrow(/closed/);
    });
  });
});

describe('FaultProxy.start', () => {
  it('accepts only an http origin as target', async () => {
    await expect(FaultProxy.start({ target: 'https://127.0.0.1:1' })).rejects.toThrow(/http:\/\//);
    await expect(FaultProxy.start({ target: 'http://127.0.0.1:1/mcp' })).rejects.toThrow(/origin/);
  });

  it('fails the client connection when the backend is not there, as a dead backend would', async () => {
    const proxy = await FaultProxy.start({ target: 'http://127.0.0.1:9' });
    try {
      await expect(fetch(`${proxy.url}/mcp`)).rejects.toThrow();
    } finally {
      await proxy.close();
    }
  });
});
