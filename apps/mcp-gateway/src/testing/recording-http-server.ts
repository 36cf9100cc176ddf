// Test support: an HTTP server on a chosen loopback address that records every request it gets
// (method, path, headers, the address it was reached at) and answers as told. Stands for a host a
// backend must never reach (a metadata service behind a redirect or a rebound name) and for
// backends that misbehave at the HTTP level (redirects, encodings).
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** Names and values as sent, alternating (names a plain object cannot hold, such as `__proto__`). */
  readonly rawHeaders: readonly string[];
  readonly body: string;
  /** The local address the connection came in on (which of several loopback addresses). */
  readonly localAddress: string;
}

export interface RecordingHttpServer {
  /** `http://<host>:<port>`, brackets around IPv6. */
  readonly origin: string;
  readonly port: number;
  readonly requests: readonly RecordedRequest[];
  /** Forgets the requests recorded so far (between tests sharing the server). */
  forget(): void;
  close(): Promise<void>;
}

export type Answer = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const answerCaught: Answer = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' }).end('caught');
};

export async function startRecordingHttpServer(
  host: string,
  options: { readonly port?: number; readonly answer?: Answer } = {},
): Promise<RecordingHttpServer> {
  const requests: RecordedRequest[] = [];
  const answer = options.answer ?? answerCaught;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body,
        localAddress: request.socket.localAddress ?? '',
      });
      answer(request, response, body);
    });
  });
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests,
    forget: () => {
      requests.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
