// Test support: an HTTP load balancer in front of several gateway replicas, as an ingress without
// session affinity is: every request goes to the next replica in turn (a keep-alive connection
// from the client does not pin its requests to one), responses flow back unbuffered (event
// streams as they are written), and a replica that refuses connections is skipped for the next
// one, as a balancer drops an endpoint that is down. A client that goes away closes its upstream
// request; an upstream that breaks mid-answer breaks the client's answer.
import { once } from 'node:events';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  readonly origin: string;
  /** Requests sent to each upstream so far (by origin). */
  readonly served: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true });
  const served = new Map<string, number>(upstreams.map((origin) => [origin, 0]));
  const open = new Set<ServerResponse>();
  let next = 0;

  const forward = (
    incoming: IncomingMessage,
    body: Buffer,
    response: ServerResponse,
    tries: number,
  ): void => {
    const origin = upstreams[next % upstreams.length] as string;
    next += 1;
    const headers = { ...incoming.headers };
    delete headers['connection'];
    const upstream = httpRequest(new URL(incoming.url ?? '/', origin), {
      method: incoming.method,
      headers,
      agent,
    });
    response.once('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const refused = error.code === 'ECONNREFUSED' || (upstream.reusedSocket && error.code === 'ECONNRESET');
      if (refused && tries < upstreams.length * 2) {
        forward(incoming, body, response, tries + 1);
        return;
      }
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`bad gateway: ${error.message}`);
    });
    upstream.on('response', (answer) => {
      served.set(origin, (served.get(origin) ?? 0) + 1);
      const answerHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) answerHeaders[name] = value;
      response.writeHead(answer.statusCode ?? 502, answerHeaders);
      response.flushHeaders();
      answer.on('aborted', () => response.destroy());
      answer.on('error', () => response.destroy());
      answer.pipe(response);
    });
    upstream.end(body.length === 0 ? undefined : body);
  };

  const server: Server = createServer((incoming, response) => {
    open.add(response);
    response.once('close', () => open.delete(response));
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, Buffer.concat(chunks), response, 0));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      for (const response of open) response.destroy();
      agent.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
