// Network backends through the real connection path (BackendConnection, the official SDK client
// and transports, the backend HTTP client, sockets) against real MCP servers: a backend that
// redirects is never followed, on the handshake, the streams and the health probe, whatever the
// status; and a connection only ever reaches the address that was checked, so a name that
// rebinds to a blocked address gets nowhere. 127.0.0.1 or 127.0.0.2 stands for the metadata
// service: blocked by the test's policy, and a real listener that records every visit.
import {
  FaultProxy,
  type MisbehavingHttpBackend,
  type EverythingServer,
  findFreePort,
  startEverythingServer,
  startMisbehavingHttpBackend,
} from '@platform/testing-mcp-faults';
import type { BackendServerDefinition, BackendTransport } from '../backend-server';
import { BackendHttpClient } from '../egress';
import { InProcessBackendRegistry } from '../in-process';
import { BackendSecretResolver, readSecretSettings } from '../secrets';
import { DEFAULT_STDIO_POLICY_SETTINGS } from '../stdio';
import { type BackendHostResolver, type NetworkPolicy, parseBackendNetworkPolicy } from '../validation';
import { startRecordingHttpServer, type RecordingHttpServer } from '../../testing/recording-http-server';
import { startTcpForwarder, type TcpForwarder } from '../../testing/tcp-forwarder';
import { BackendConnection } from './backend-connection';

const STATIC_SECRET = 'static-secret-0b9d47';
const STATIC_HEADER = 'static-header-51aa2c';
const secrets = BackendSecretResolver.fromSettings(readSecretSettings({}), {
  EGRESS_TEST_TOKEN: STATIC_SECRET,
});

type NetworkType = Extract<BackendTransport, 'sse' | 'streamable' | 'http'>;
const TYPES: readonly NetworkType[] = ['streamable', 'sse', 'http'];
const PATHS: Record<NetworkType, string> = { streamable: '/mcp', sse: '/sse', http: '/mcp' };

function policy(blocked: string): NetworkPolicy {
  const parsed = parseBackendNetworkPolicy({ GATEWAY_BACKEND_BLOCKED_NETWORKS: blocked });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.policy;
}

function definition(type: NetworkType, url: string): BackendServerDefinition {
  return {
    id: `egress-${type}`,
    displayName: type,
    url,
    type,
    categories: [],
    enabled: true,
    hidden: false,
    secretProvider: 'Environment',
    secretItemKey: 'EGRESS_TEST_TOKEN',
    authShape: 'bearer',
    headers: { 'X-Backend-Key': STATIC_HEADER },
    allowPassThroughAuth: false,
    requestTimeoutMs: 5_000,
  };
}

const opened: BackendConnection[] = [];
const clients: BackendHttpClient[] = [];

function connectionTo(
  type: NetworkType,
  url: string,
  networkPolicy: NetworkPolicy,
  resolve?: BackendHostResolver,
): BackendConnection {
  const http = new BackendHttpClient(networkPolicy, resolve);
  clients.push(http);
  const connection = new BackendConnection(definition(type, url), {
    secrets,
    http,
    inProcess: new InProcessBackendRegistry(),
    upstream: { intercept: () => false, linkClosed: () => undefined },
    stdioSettings: DEFAULT_STDIO_POLICY_SETTINGS,
    onState: () => undefined,
  });
  opened.push(connection);
  return connection;
}

/** The backends' own addresses (origins on 127.0.0.1, every interface for server-everything). */
const origins = new Map<NetworkType, { origin: string; port: number }>();
let streamable: EverythingServer;
let sse: EverythingServer;
let plain: MisbehavingHttpBackend;

beforeAll(async () => {
  [streamable, sse, plain] = await Promise.all([
    startEverythingServer('streamableHttp'),
    startEverythingServer('sse'),
    startMisbehavingHttpBackend(),
  ]);
  origins.set('streamable', { origin: streamable.origin, port: streamable.port });
  origins.set('sse', { origin: sse.origin, port: sse.port });
  origins.set('http', { origin: `http://127.0.0.1:${plain.port}`, port: plain.port });
}, 60_000);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((connection) => connection.close()));
  for (const http of clients.splice(0)) http.close();
});

afterAll(async () => {
  await Promise.all([streamable.stop(), sse.stop(), plain.close()]);
});

function originOf(type: NetworkType): { origin: string; port: number } {
  const found = origins.get(type);
  if (found === undefined) throw new Error(`no ${type} backend`);
  return found;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe('a network backend that redirects is not followed', () => {
  const blockSecond = policy('127.0.0.2/32');
  let metadata: RecordingHttpServer;
  const proxies = new Map<NetworkType, FaultProxy>();

  beforeAll(async () => {
    metadata = await startRecordingHttpServer('127.0.0.2');
    for (const type of TYPES) proxies.set(type, await FaultProxy.start({ target: originOf(type).origin }));
  });

  afterEach(async () => {
    await Promise.all([...proxies.values()].map((proxy) => proxy.clearFaults()));
    metadata.forget();
  });

  afterAll(async () => {
    await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
    await metadata.close();
  });

  function proxyFor(type: NetworkType): FaultProxy {
    const proxy = proxies.get(type);
    if (proxy === undefined) throw new Error(`no proxy for ${type}`);
    return proxy;
  }

  const location = (): string => `${metadata.origin}/latest/meta-data/iam?token=${STATIC_SECRET}`;
  const named = (status: number): string =>
    `HTTP ${status} with a redirect to ${metadata.origin}/latest/meta-data/iam (query left out)`;

  it.each(TYPES.flatMap((type) => [301, 302, 303, 307, 308].map((status) => [type, status] as const)))(
    'a %s backend answering the handshake with HTTP %d',
    async (type, status) => {
      const proxy = proxyFor(type);
      proxy.setFault({ kind: 'http-status', status, headers: { location: location() } });
      const connection = connectionTo(type, `${proxy.url}${PATHS[type]}`, blockSecond);
      await expect(connection.connect()).rejects.toBeDefined();
      expect(metadata.requests).toEqual([]);
      expect(proxy.stats.faultsApplied['http-status']).toBeGreaterThan(0);
      expect(connection.state.lastError).toContain(named(status));
      expect(connection.state.lastError).not.toContain(STATIC_SECRET);
    },
  );

  it.each(TYPES)('a %s backend redirecting within its own origin', async (type) => {
    const backend = await startRecordingHttpServer('127.0.0.1', {
      answer: (_request, response) => response.writeHead(307, { location: '/moved' }).end(),
    });
    try {
      const connection = connectionTo(type, `${backend.origin}${PATHS[type]}`, blockSecond);
      await expect(connection.connect()).rejects.toBeDefined();
      expect(backend.requests.length).toBeGreaterThan(0);
      expect(backend.requests.filter((request) => request.url === '/moved')).toEqual([]);
      expect(connection.state.lastError).toContain(`HTTP 307 with a redirect to ${backend.origin}/moved;`);
    } finally {
      await backend.close();
    }
  });

  it.each(TYPES)('the health probe of a connected %s backend', async (type) => {
    const proxy = proxyFor(type);
    const connection = connectionTo(type, `${proxy.url}${PATHS[type]}`, blockSecond);
    await connection.connect();
    // The legacy era probes with ping, the 2026-07-28 era with a tool list.
    proxy.setFault({
      kind: 'http-status',
      status: 307,
      headers: { location: location() },
      match: { method: ['ping', 'tools/list'] },
    });
    expect(await connection.checkHealth(5_000)).toBe(false);
    expect(metadata.requests).toEqual([]);
    expect(connection.state).toMatchObject({
      status: 'Retrying',
      lastError: expect.stringContaining(named(307)),
    });
  });

  it("the Streamable HTTP transport's own GET stream", async () => {
    const proxy = proxyFor('streamable');
    proxy.setFault({
      kind: 'http-status',
      status: 302,
      headers: { location: location() },
      match: { httpMethod: 'GET' },
    });
    const connection = connectionTo('streamable', `${proxy.url}/mcp`, blockSecond);
    const client = await connection.connect();
    await client.listTools();
    await until(
      () => proxy.stats.appliedFaults.some((fault) => fault.httpMethod === 'GET'),
      'the transport opened its GET stream',
    );
    expect(metadata.requests).toEqual([]);
  });

  it('the legacy SSE transport, whose stream works and whose POSTs are redirected', async () => {
    const proxy = proxyFor('sse');
    proxy.setFault({
      kind: 'http-status',
      status: 308,
      headers: { location: location() },
      match: { httpMethod: 'POST' },
    });
    const connection = connectionTo('sse', `${proxy.url}/sse`, blockSecond);
    await expect(connection.connect()).rejects.toBeDefined();
    expect(metadata.requests).toEqual([]);
    expect(connection.state.lastError).toContain(named(308));
  });
});

describe('a network backend is reached only at the address that was checked', () => {
  // The system resolver says localhost is 127.0.0.1 (blocked here, and where "metadata" listens);
  // the test's resolver decides what the gateway is told, as a DNS server of the attacker's would.
  const loopbackBlocked = policy('127.0.0.1/32, ::1/128');
  const metadata: RecordingHttpServer[] = [];
  const forwarders = new Map<NetworkType, { port: number; forwarder: TcpForwarder }>();

  beforeAll(async () => {
    for (const type of TYPES) {
      const port = await findFreePort();
      metadata.push(await startRecordingHttpServer('127.0.0.1', { port }));
      metadata.push(await startRecordingHttpServer('::1', { port }));
      const forwarder = await startTcpForwarder(
        { host: '127.0.0.3', port },
        { host: '127.0.0.1', port: originOf(type).port },
      );
      forwarders.set(type, { port, forwarder });
    }
  });

  afterEach(() => {
    for (const server of metadata) server.forget();
  });

  afterAll(async () => {
    await Promise.all([...forwarders.values()].map(({ forwarder }) => forwarder.close()));
    await Promise.all(metadata.map((server) => server.close()));
  });

  function forwarded(type: NetworkType): { port: number; forwarder: TcpForwarder } {
    const found = forwarders.get(type);
    if (found === undefined) throw new Error(`no forwarder for ${type}`);
    return found;
  }

  function answering(...answers: string[][]): BackendHostResolver {
    let calls = 0;
    return async () => {
      const answer = answers[Math.min(calls, answers.length - 1)] ?? [];
      calls += 1;
      return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  }

  it.each(TYPES)(
    'a %s backend is connected at the checked address, whatever the system resolver says',
    async (type) => {
      const { port, forwarder } = forwarded(type);
      const before = forwarder.connections();
      const connection = connectionTo(
        type,
        `http://localhost:${port}${PATHS[type]}`,
        loopbackBlocked,
        answering(['127.0.0.3']),
      );
      const client = await connection.connect();
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      expect(await connection.checkHealth(5_000)).toBe(true);
      expect(forwarder.connections()).toBeGreaterThan(before);
      expect(metadata.flatMap((server) => server.requests)).toEqual([]);
    },
  );

  it.each(TYPES)(
    'a %s backend whose name rebinds to a blocked address after the check gets nowhere',
    async (type) => {
      const { port } = forwarded(type);
      const connection = connectionTo(
        type,
        `http://localhost:${port}${PATHS[type]}`,
        loopbackBlocked,
        answering(['127.0.0.3'], ['127.0.0.1']),
      );
      await expect(connection.connect()).rejects.toBeDefined();
      expect(connection.state.lastError).toContain(
        'connection refused by the backend network policy: localhost resolves to 127.0.0.1, which is in a blocked network',
      );
      expect(metadata.flatMap((server) => server.requests)).toEqual([]);
    },
  );

  it.each(TYPES)(
    'a %s backend whose name answers an allowed and a blocked address gets nowhere',
    async (type) => {
      const { port } = forwarded(type);
      const connection = connectionTo(
        type,
        `http://localhost:${port}${PATHS[type]}`,
        loopbackBlocked,
        answering(['127.0.0.3'], ['127.0.0.3', '::1']),
      );
      await expect(connection.connect()).rejects.toBeDefined();
      expect(connection.state.lastError).toContain(
        'localhost resolves to ::1, which is in a blocked network',
      );
      expect(metadata.flatMap((server) => server.requests)).toEqual([]);
    },
  );
});
