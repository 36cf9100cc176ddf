// The backend fetch over real sockets when a pooled connection goes stale: a backend that closed an
// idle keep-alive connection just as a request was sent on it never read that request, so it is
// sent again on a new connection; a reset on a new connection is the backend's answer and fails.
import { Agent } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { createNodeHttpFetch } from './node-http.fetch';

/**
 * A raw HTTP/1.1 server. Each connection answers its first `answeredPerConnection` requests with
 * keep-alive; the next request on that connection is met by closing it unanswered (a reset), as
 * when the backend's idle timer fires just as the request arrives.
 */
async function startServer(answeredPerConnection: number): Promise<{
  server: Server;
  url: string;
  connections: () => number;
  requests: () => number;
}> {
  let connections = 0;
  let requests = 0;
  const server = createServer((socket: Socket) => {
    connections += 1;
    let answered = 0;
    let buffered = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      while (buffered.includes('\r\n\r\n')) {
        buffered = buffered.slice(buffered.indexOf('\r\n\r\n') + 4);
        if (answered >= answeredPerConnection) {
          socket.resetAndDestroy();
          return;
        }
        answered += 1;
        requests += 1;
        socket.write(
          'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok',
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    connections: () => connections,
    requests: () => requests,
  };
}

describe('node-http fetch and stale pooled connections', () => {
  const closers: Array<() => void> = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  async function setUp(answeredPerConnection: number) {
    const backend = await startServer(answeredPerConnection);
    const agent = new Agent({ keepAlive: true });
    closers.push(() => {
      agent.destroy();
      backend.server.close();
    });
    return { backend, fetch: createNodeHttpFetch({ http: agent, https: agent as never }) };
  }

  it('sends a request again on a new connection when its pooled connection was closed under it', async () => {
    const { backend, fetch } = await setUp(1);
    expect(await (await fetch(backend.url, { method: 'POST', body: 'one' })).text()).toBe('ok');
    // The pooled connection is reset when the second request arrives on it.
    expect(await (await fetch(backend.url, { method: 'POST', body: 'two' })).text()).toBe('ok');
    expect(backend.connections()).toBe(2);
    expect(backend.requests()).toBe(2);
  });

  it('goes on past several stale connections, as after a burst that went idle together', async () => {
    const { backend, fetch } = await setUp(1);
    await Promise.all(
      Array.from({ length: 4 }, async () => (await fetch(backend.url, { method: 'POST', body: 'x' })).text()),
    );
    const pooled = backend.connections();
    expect(pooled).toBeGreaterThan(1);
    expect(await (await fetch(backend.url, { method: 'POST', body: 'after' })).text()).toBe('ok');
    expect(backend.requests()).toBe(5);
  });

  it('fails, without a second try, when a new connection is reset', async () => {
    const { backend, fetch } = await setUp(0);
    await expect(fetch(backend.url, { method: 'POST', body: 'x' })).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(backend.connections()).toBe(1);
  });
});
