// The backend HTTP client against real sockets: redirects are never followed (whatever the
// status, method or target), every connection goes only to an address the policy allows, checked
// when it is opened (a name that rebinds, a name with several answers, a literal IPv6 transition
// address), and the fetch behaves as the MCP transports need (streamed bodies, abort, headers).
import { getEventListeners, once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import fc from 'fast-check';
import { type BackendHostResolver, parseBackendNetworkPolicy, type NetworkPolicy } from '../validation';
import { startRecordingHttpServer, type RecordingHttpServer } from '../../testing/recording-http-server';
import { blockedIpv4, ipv6Encodings, ipv6Spellings } from '../../testing/ipv4-in-ipv6.arbitraries';
import { BackendHttpClient } from './backend-http.client';

function policy(environment: Record<string, string>): NetworkPolicy {
  const parsed = parseBackendNetworkPolicy(environment);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.policy;
}

/** 127.0.0.2 stands for the metadata service: blocked, but a real listener that records visits. */
const BLOCK_SECOND_LOOPBACK = policy({ GATEWAY_BACKEND_BLOCKED_NETWORKS: '127.0.0.2/32' });

function answering(...answers: string[][]): BackendHostResolver & { calls: () => number } {
  let calls = 0;
  const resolve = async (): Promise<{ address: string; family: number }[]> => {
    const answer = answers[Math.min(calls, answers.length - 1)] ?? [];
    calls += 1;
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls: () => calls });
}

const STATIC_SECRET = 'static-secret-6c1f0e';
const clients: BackendHttpClient[] = [];
const servers: RecordingHttpServer[] = [];

function client(networkPolicy: NetworkPolicy, resolve?: BackendHostResolver): BackendHttpClient {
  const created = new BackendHttpClient(networkPolicy, resolve);
  clients.push(created);
  return created;
}

async function server(...args: Parameters<typeof startRecordingHttpServer>): Promise<RecordingHttpServer> {
  const started = await startRecordingHttpServer(...args);
  servers.push(started);
  return started;
}

afterEach(async () => {
  for (const created of clients.splice(0)) created.close();
  await Promise.all(servers.splice(0).map((started) => started.close()));
});

describe('BackendHttpClient: redirects', () => {
  const cases = [301, 302, 303, 307, 308].flatMap((status) =>
    ['GET', 'POST', 'DELETE'].map((method) => [status, method] as const),
  );

  it.each(cases)(
    'does not follow HTTP %d on %s, names the location and leaks no credential',
    async (status, method) => {
      const metadata = await server('127.0.0.2');
      const backend = await server('127.0.0.1', {
        answer: (_request, response) =>
          response
            .writeHead(status, { location: `${metadata.origin}/latest/meta-data/?token=${STATIC_SECRET}#x` })
            .end(),
      });
      const http = client(BLOCK_SECOND_LOOPBACK);
      const sent = http.fetch(`${backend.origin}/mcp`, {
        method,
        headers: { 'x-api-key': STATIC_SECRET, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' } : {}),
      });
      await expect(sent).rejects.toMatchObject({ name: 'BackendRedirectError', status });
      const message = await sent.catch((error: Error) => error.message);
      expect(message).toContain(
        `HTTP ${status} with a redirect to ${metadata.origin}/latest/meta-data/ (query left out)`,
      );
      expect(message).not.toContain(STATIC_SECRET);
      expect(backend.requests).toHaveLength(1);
      expect(backend.requests[0]?.headers['x-api-key']).toBe(STATIC_SECRET);
      expect(metadata.requests).toEqual([]);
    },
  );

  it('does not follow a redirect within the same origin either', async () => {
    const backend = await server('127.0.0.1', {
      answer: (request, response) =>
        request.url === '/mcp'
          ? response.writeHead(307, { location: '/moved' }).end()
          : response.end('moved'),
    });
    const sent = client(BLOCK_SECOND_LOOPBACK).fetch(`${backend.origin}/mcp`, { method: 'POST', body: '{}' });
    await expect(sent).rejects.toThrow(`with a redirect to ${backend.origin}/moved;`);
    expect(backend.requests.map((request) => request.url)).toEqual(['/mcp']);
  });

  it.each([
    [300, { location: 'http://10.0.0.1/' }, 'HTTP 300 with a redirect to http://10.0.0.1/'],
    [304, {}, 'HTTP 304 without a Location header'],
    [302, { location: 'http://[' }, 'HTTP 302 with a Location header that is not a URL'],
    [302, { location: 'file:///etc/passwd' }, 'HTTP 302 with a redirect to a file: URL'],
    [302, { location: 'http://user:password@10.0.0.1/x' }, 'HTTP 302 with a redirect to http://10.0.0.1/x'],
  ])('refuses HTTP %d %j: %s', async (status, headers, expected) => {
    const backend = await server('127.0.0.1', {
      answer: (_request, response) => response.writeHead(status, headers).end(),
    });
    await expect(client(BLOCK_SECOND_LOOPBACK).fetch(`${backend.origin}/`)).rejects.toThrow(expected);
  });

  it('bounds the location it shows', async () => {
    const backend = await server('127.0.0.1', {
      answer: (_request, response) => response.writeHead(302, { location: `/${'a'.repeat(5000)}` }).end(),
    });
    const message = await client(BLOCK_SECOND_LOOPBACK)
      .fetch(`${backend.origin}/`)
      .then(
        () => 'followed',
        (error: Error) => error.message,
      );
    expect(message).toMatch(/a{100}…;/);
    expect(message.length).toBeLessThan(400);
  });
});

describe('BackendHttpClient: the address of every connection', () => {
  it('refuses a name the system resolves to a blocked address, without connecting (real DNS: localhost)', async () => {
    const loopbackBlocked = policy({ GATEWAY_BACKEND_BLOCKED_NETWORKS: '127.0.0.0/8, ::1/128' });
    const target = await server('127.0.0.1');
    const sent = client(loopbackBlocked).fetch(`http://localhost:${target.port}/`);
    await expect(sent).rejects.toMatchObject({ name: 'BackendAddressError', code: 'EBACKENDADDRESS' });
    await expect(sent).rejects.toThrow('localhost resolves to 127.0.0.1, which is in a blocked network');
    await expect(client(loopbackBlocked).fetch(`http://127.0.0.1:${target.port}/`)).rejects.toThrow(
      '127.0.0.1 is in a blocked network: listed in GATEWAY_BACKEND_BLOCKED_NETWORKS (127.0.0.0/8)',
    );
    expect(target.requests).toEqual([]);
  });

  it('connects to the address it checked, not to what the system resolver says (pinned)', async () => {
    // The system says localhost is 127.0.0.1 (blocked here); the policy's resolver says 127.0.0.3.
    const loopbackBlocked = policy({ GATEWAY_BACKEND_BLOCKED_NETWORKS: '127.0.0.1/32, ::1/128' });
    const metadata = await server('127.0.0.1');
    const backend = await server('127.0.0.3', { port: metadata.port });
    const response = await client(loopbackBlocked, answering(['127.0.0.3'])).fetch(
      `http://localhost:${metadata.port}/`,
    );
    expect(await response.text()).toBe('caught');
    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]?.headers.host).toBe(`localhost:${metadata.port}`);
    expect(metadata.requests).toEqual([]);
  });

  it('checks every new connection: a name that rebinds to a blocked address gets nowhere', async () => {
    const metadata = await server('127.0.0.2');
    // Connection: close makes the second request open a second connection.
    const backend = await server('127.0.0.1', {
      port: metadata.port,
      answer: (_request, response) => response.writeHead(200, { connection: 'close' }).end('backend'),
    });
    const resolve = answering(['127.0.0.1'], ['127.0.0.2']);
    const http = client(BLOCK_SECOND_LOOPBACK, resolve);
    const url = `http://rebinding.test:${metadata.port}/mcp`;
    expect(await (await http.fetch(url)).text()).toBe('backend');
    await expect(http.fetch(url)).rejects.toThrow(
      'rebinding.test resolves to 127.0.0.2, which is in a blocked network: listed in GATEWAY_BACKEND_BLOCKED_NETWORKS (127.0.0.2/32)',
    );
    expect(resolve.calls()).toBe(2);
    expect(backend.requests).toHaveLength(1);
    expect(metadata.requests).toEqual([]);
  });

  it('refuses a name when any one of its answers is blocked, whichever the connection would use', async () => {
    const metadata = await server('127.0.0.2');
    const backend = await server('127.0.0.1', { port: metadata.port });
    for (const answers of [
      ['127.0.0.1', '127.0.0.2'],
      ['127.0.0.2', '127.0.0.1'],
      ['127.0.0.1', '::ffff:127.0.0.2'],
      ['127.0.0.1', '2002:7f00:2::1'],
    ]) {
      await expect(
        client(BLOCK_SECOND_LOOPBACK, answering(answers)).fetch(`http://several.test:${metadata.port}/`),
      ).rejects.toMatchObject({ code: 'EBACKENDADDRESS' });
    }
    expect(backend.requests).toEqual([]);
    expect(metadata.requests).toEqual([]);
  });

  it('guards https: the TLS connection goes to the checked address, a blocked one is never opened', async () => {
    const loopbackBlocked = policy({ GATEWAY_BACKEND_BLOCKED_NETWORKS: '127.0.0.1/32, ::1/128' });
    const reached: string[] = [];
    const tls = createServer((socket) => {
      reached.push(socket.localAddress ?? '');
      socket.destroy();
    });
    tls.listen(0, '127.0.0.3');
    await once(tls, 'listening');
    const { port } = tls.address() as AddressInfo;
    const metadata = await server('127.0.0.1', { port });
    try {
      // No certificate is offered: the point is where the TLS handshake was attempted.
      await expect(
        client(loopbackBlocked, answering(['127.0.0.3'])).fetch(`https://localhost:${port}/`),
      ).rejects.toMatchObject({ code: 'ECONNRESET' });
      await expect(client(loopbackBlocked).fetch(`https://localhost:${port}/`)).rejects.toMatchObject({
        code: 'EBACKENDADDRESS',
      });
      expect(reached).toEqual(['127.0.0.3']);
      expect(metadata.requests).toEqual([]);
    } finally {
      tls.close();
    }
  });

  it('refuses, before connecting, every IPv6 transition address of every blocked IPv4 range', async () => {
    const http = client(policy({}), () => Promise.reject(new Error('a literal address was resolved')));
    await fc.assert(
      fc.asyncProperty(
        blockedIpv4.chain((value) => ipv6Encodings(value)).chain(({ groups }) => ipv6Spellings(groups)),
        async (address) => {
          const error: unknown = await http
            .fetch(`http://[${address}]:8080/mcp`, { method: 'POST', body: '{}' })
            .then(
              () => undefined,
              (failure: unknown) => failure,
            );
          return (error as { code?: unknown } | undefined)?.code === 'EBACKENDADDRESS';
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('BackendHttpClient: the fetch the transports use', () => {
  it('streams a response body as it arrives and aborts it with the signal', async () => {
    const backend = await server('127.0.0.1', {
      answer: (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: first\n\n');
      },
    });
    const controller = new AbortController();
    const response = await client(BLOCK_SECOND_LOOPBACK).fetch(`${backend.origin}/sse`, {
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    const next = reader.read();
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with the signal reason, and leaves no listener on a shared signal', async () => {
    const backend = await server('127.0.0.1', { answer: (_request, response) => response.end('{}') });
    const http = client(BLOCK_SECOND_LOOPBACK);
    const shared = new AbortController();
    for (let request = 0; request < 20; request += 1) {
      await (
        await http.fetch(`${backend.origin}/`, { method: 'POST', body: '{}', signal: shared.signal })
      ).text();
    }
    expect(getEventListeners(shared.signal, 'abort')).toHaveLength(0);
    const aborted = AbortSignal.abort(new DOMException('gave up', 'TimeoutError'));
    await expect(http.fetch(`${backend.origin}/`, { signal: aborted })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('sends string and byte bodies with their length, its own Host, and asks for no compression', async () => {
    const backend = await server('127.0.0.1', {
      answer: (_request, response) => response.writeHead(204).end(),
    });
    const http = client(BLOCK_SECOND_LOOPBACK);
    const text = await http.fetch(`${backend.origin}/a?b=c`, {
      method: 'POST',
      body: '{"é":1}',
      headers: new Headers([
        ['host', 'evil.example'],
        ['x-extra', 'yes'],
        ['__proto__', 'kept'],
      ]),
    });
    expect(text.status).toBe(204);
    expect(text.body).toBeNull();
    await http.fetch(`${backend.origin}/`, { method: 'POST', body: new Uint8Array([1, 2, 3]) });
    const [first, second] = backend.requests;
    expect(first).toMatchObject({ method: 'POST', url: '/a?b=c', body: '{"é":1}' });
    expect(first?.headers).toMatchObject({
      host: `127.0.0.1:${backend.port}`,
      'content-length': '8',
      'accept-encoding': 'identity',
      'x-extra': 'yes',
    });
    expect(first?.rawHeaders.join(' ')).toContain('__proto__ kept');
    expect(second?.headers['content-length']).toBe('3');
    expect(Buffer.from(second?.body ?? '', 'utf8')).toEqual(Buffer.from([1, 2, 3]));
  });

  it('refuses a compressed answer it did not ask for', async () => {
    const backend = await server('127.0.0.1', {
      answer: (_request, response) => response.writeHead(200, { 'content-encoding': 'gzip' }).end('x'),
    });
    await expect(client(BLOCK_SECOND_LOOPBACK).fetch(`${backend.origin}/`)).rejects.toThrow(
      'content-encoding "gzip", which was not asked for',
    );
  });
});
