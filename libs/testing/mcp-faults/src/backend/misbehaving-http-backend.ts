// The misbehaving MCP backend over plain JSON-RPC-over-HTTP: one POST per message, the answer in
// the response body (application/json), no stream. It is what the gateway's `http` backend type
// speaks, so its timeouts and error handling can be tested with slow, silent and broken answers.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody } from '../proxy/http-forwarding';
import { createMisbehavingBackend, idKey } from './misbehaving-backend.core.mjs';
import type { MisbehavingBackend, MisbehavingMode } from './misbehaving-backend.core.mjs';

export interface MisbehavingHttpBackendOptions {
  /** Applies to every request, `initialize` included (see README.md). */
  readonly mode?: MisbehavingMode;
  /** Delay of the `slow` mode; 1000 ms by default. */
  readonly modeDelayMs?: number;
}

export interface MisbehavingHttpBackend {
  /** `http://127.0.0.1:<port>/mcp` (every path is served the same way). */
  readonly url: string;
  readonly port: number;
  /** Every JSON-RPC message received, oldest first. */
  receivedMessages(): readonly unknown[];
  /** Closes open exchanges (`never` included) and stops listening. Idempotent. */
  close(): Promise<void>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export async function startMisbehavingHttpBackend(
  options: MisbehavingHttpBackendOptions = {},
): Promise<MisbehavingHttpBackend> {
  const exchanges = new Map<string, ServerResponse>(); // open requests by id key
  const received: unknown[] = [];
  const sockets = new Set<Socket>();
  const backend = createMisbehavingBackend(
    { transport: 'http', ...options },
    {
      message: (message, replyTo) => answer(replyTo, (response) => sendJson(response, 200, message)),
      garbage: (text, replyTo) =>
        answer(replyTo, (response) => response.writeHead(200, JSON_HEADERS).end(text)),
      crash: (partial, replyTo) =>
        answer(replyTo, (response) => {
          // Half a body, then the connection dies: what a backend killed mid-answer looks like.
          response.writeHead(200, JSON_HEADERS);
          response.write(partial, () => response.destroy());
        }),
      stderr: () => undefined,
      // Cancelled: the exchange ends with no JSON-RPC message at all.
      cancelled: (replyTo) => answer(replyTo, (response) => response.writeHead(204).end()),
    },
  );

  /** Server-to-client messages (no replyTo) have no channel over plain HTTP and are dropped. */
  function answer(replyTo: string | undefined, write: (response: ServerResponse) => void): void {
    const response = replyTo === undefined ? undefined : exchanges.get(replyTo);
    if (replyTo === undefined || response === undefined) return;
    exchanges.delete(replyTo);
    write(response);
  }

  const server = createServer((request, response) => {
    response.on('error', () => undefined);
    serve(request, response, backend, exchanges, received).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    receivedMessages: () => [...received],
    close: async () => {
      backend.close();
      if (!server.listening) return;
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  backend: MisbehavingBackend,
  exchanges: Map<string, ServerResponse>,
  received: unknown[],
): Promise<void> {
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  let message: unknown;
  try {
    message = JSON.parse((await readBody(request)).toString('utf8'));
  } catch {
    return sendJson(response, 400, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
  }
  received.push(message);
  if (Array.isArray(message)) {
    const error = { code: -32600, message: 'Invalid Request: batches are not supported' };
    return sendJson(response, 400, { jsonrpc: '2.0', id: null, error });
  }
  const envelope = message as { id?: unknown; method?: unknown };
  const isRequest = typeof envelope.method === 'string' && 'id' in envelope;
  if (!isRequest) {
    backend.receive(message);
    response.writeHead(202).end();
    return;
  }
  const key = idKey(envelope.id);
  exchanges.set(key, response);
  // A client that hangs up has given up on the answer (what 2026-07-28 calls cancellation).
  response.on('close', () => {
    if (exchanges.get(key) !== response) return;
    exchanges.delete(key);
    backend.receive({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: envelope.id },
    });
  });
  backend.receive(message);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, JSON_HEADERS).end(JSON.stringify(body));
}
