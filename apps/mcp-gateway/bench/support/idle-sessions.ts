// Benchmark support: MCP client sessions that are opened and then left alone, over plain HTTP
// (a thousand SDK clients would measure the SDK, not the server): legacy SSE streams held open
// and Streamable HTTP sessions that were initialized and then go quiet.
import { request, type ClientRequest } from 'node:http';

export interface IdleSession {
  /** Session id the server assigned. */
  readonly id: string;
  /** Sends `ping` in the session; true when the server still knows it. */
  isAlive(): Promise<boolean>;
  close(): Promise<void>;
}

const PING = { jsonrpc: '2.0', id: 'alive', method: 'ping' };

/** `GET <path>` as a legacy SSE client; resolves once the `endpoint` event names the session. */
export function openLegacySseSession(url: URL, headers: Record<string, string>): Promise<IdleSession> {
  return new Promise((resolve, reject) => {
    // agent: false gives each stream its own socket, as separate clients would have.
    const get: ClientRequest = request(url, {
      method: 'GET',
      agent: false,
      headers: { Accept: 'text/event-stream', ...headers },
    });
    get.on('error', reject);
    get.on('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET ${url.pathname}: ${response.statusCode}`));
        response.resume();
        return;
      }
      let received = '';
      const onData = (chunk: Buffer) => {
        received += chunk.toString('utf8');
        const endpoint = /event: endpoint\r?\ndata: ([^\r\n]+)\r?\n/.exec(received)?.[1];
        if (endpoint === undefined) return;
        const messages = new URL(endpoint, url);
        const id = messages.searchParams.get('sessionId') ?? endpoint;
        response.off('data', onData);
        // Keep reading (keep-alive comments) so the stream stays healthy, but hold nothing.
        response.on('data', () => undefined);
        resolve({
          id,
          isAlive: async () => {
            const answer = await fetch(messages, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', ...headers },
              body: JSON.stringify(PING),
            });
            await answer.text();
            return answer.status === 202;
          },
          close: async () => {
            get.destroy();
          },
        });
      };
      response.on('data', onData);
    });
    get.end();
  });
}

/** `initialize` then `notifications/initialized` over Streamable HTTP; the session is then left idle. */
export async function openStreamableSession(url: URL, headers: Record<string, string>): Promise<IdleSession> {
  const post = (body: unknown, extra: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
        ...headers,
        ...extra,
      },
      body: JSON.stringify(body),
    });
  const initialized = await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'idle-bench', version: '1.0.0' },
    },
  });
  const id = initialized.headers.get('mcp-session-id');
  await initialized.text();
  if (initialized.status !== 200 || id === null)
    throw new Error(`initialize: ${initialized.status}, session ${String(id)}`);
  const notified = await post(
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { 'Mcp-Session-Id': id, 'MCP-Protocol-Version': '2025-11-25' },
  );
  await notified.text();
  if (notified.status !== 202) throw new Error(`notifications/initialized: ${notified.status}`);
  const inSession = { 'Mcp-Session-Id': id, 'MCP-Protocol-Version': '2025-11-25' };
  return {
    id,
    isAlive: async () => {
      const answer = await post(PING, inSession);
      await answer.text();
      return answer.status === 200;
    },
    close: async () => {
      const ended = await fetch(url, { method: 'DELETE', headers: { ...headers, ...inSession } });
      await ended.text();
    },
  };
}

/** Opens `count` sessions, `parallel` at a time. */
export async function openMany(
  count: number,
  parallel: number,
  open: () => Promise<IdleSession>,
): Promise<IdleSession[]> {
  const sessions: IdleSession[] = [];
  try {
    for (let start = 0; start < count; start += parallel) {
      sessions.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - start) }, open))));
    }
    return sessions;
  } catch (error) {
    await Promise.all(sessions.map((session) => session.close().catch(() => undefined)));
    throw error;
  }
}
