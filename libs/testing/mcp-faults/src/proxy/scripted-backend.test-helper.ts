// A scripted HTTP backend for the proxy's own tests: it records what reached it and answers in
// each shape the proxy must handle (JSON, SSE on a POST, a legacy GET stream, hand-cut chunks).
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody } from './http-forwarding';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface ScriptedBackend {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** What `GET /chunked` writes, chunk by chunk, before it ends. */
  chunks: (string | Buffer)[];
  close(): Promise<void>;
}

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const message = (body: object): string => `event: message\ndata: ${JSON.stringify(body)}\n\n`;

export async function startScriptedBackend(): Promise<ScriptedBackend> {
  const requests: RecordedRequest[] = [];
  const legacyStreams = new Map<string, ServerResponse>();
  const sockets = new Set<Socket>();
  let origin = '';
  const backend: ScriptedBackend = { origin: '', requests, chunks: [], close: async () => undefined };

  const server = createServer((request, response) => {
    void readBody(request).then(async (buffer) => {
      const body = buffer.toString('utf8');
      const url = new URL(request.url ?? '/', origin);
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const parsed =
        body === '' ? undefined : (JSON.parse(body) as { id?: unknown; method?: string; params?: unknown });
      const answer = { jsonrpc: '2.0', id: parsed?.id, result: { echo: parsed?.params ?? null } };
      const progress = {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 't', progress: 1 },
      };
      const log = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'after' },
      };
      switch (`${request.method} ${url.pathname}`) {
        case 'POST /json':
          if (parsed?.id === undefined) return void response.writeHead(202).end();
          return void response
            .writeHead(200, { 'content-type': 'application/json', 'x-backend': 'yes' })
            .end(JSON.stringify(answer));
        case 'POST /sse-answer':
          response.writeHead(200, SSE_HEADERS);
          return void response.end(message(progress) + message(answer) + message(log));
        case 'GET /chunked':
          response.writeHead(200, SSE_HEADERS);
          for (const chunk of backend.chunks) {
            response.write(chunk);
            await new Promise((resolve) => setImmediate(resolve));
          }
          return void response.end();
        case 'GET /sse': {
          const sessionId = `session-${legacyStreams.size + 1}`;
          legacyStreams.set(sessionId, response);
          response.writeHead(200, SSE_HEADERS);
          return void response.write(`event: endpoint\ndata: ${origin}/message?sessionId=${sessionId}\n\n`);
        }
        case 'POST /message': {
          const stream = legacyStreams.get(url.searchParams.get('sessionId') ?? '');
          response.writeHead(stream === undefined ? 404 : 202).end(stream === undefined ? '' : 'Accepted');
          return void stream?.write(message(log) + (parsed?.id === undefined ? '' : message(answer)));
        }
        default:
          return void response.writeHead(404).end();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(backend, {
    origin,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  });
}
