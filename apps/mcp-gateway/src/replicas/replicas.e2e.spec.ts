// Three gateway processes (the built gateway, as `npm start` runs it) on one PostgreSQL database,
// behind a round-robin HTTP proxy without affinity (testing/round-robin.proxy.ts), as behind an
// ingress: the official SDK client over legacy SSE and Streamable HTTP through the proxy, each
// request landing on whichever replica comes next (docs/decisions/057-gateway-scale-out.md).
// Needs a real PostgreSQL (TEST_DATABASE_URL): the embedded one serves one process, and LISTEN/NOTIFY
// is what carries changes between replicas.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { generateAppKey } from '@platform/appkey';
import { createTestDatabase, describeOnPostgresServer, type TestDatabase } from '@platform/testing-database';
import { openLegacySseStream } from '@platform/testing-mcp-faults';
import { Client as PgClient } from 'pg';
import { ADMIN_KEY_SLUG } from '../access/bootstrap/admin-bootstrap.service';
import {
  buildGateway,
  type GatewayProcess,
  startGatewayProcess,
} from '../testing/gateway-process.spec-helpers';
import { EVERYTHING_STDIO_COMMAND, type ServersFile, writeServersFile } from '../testing/reference-servers';
import { type RoundRobinProxy, startRoundRobinProxy } from '../testing/round-robin.proxy';
import { CHANGE_FEED_APPLICATION_NAME } from './change-feed';
import { ReplicaKeys } from './replica-keys';

const SECRET = 'replicas-e2e-shared-secret-0123456789abcdef';
const ECHO = 'ev-stdio__echo';
const CLIENTS = 4;
const CALLS_PER_CLIENT = 250;
const ACCEPT = 'application/json, text/event-stream';

describeOnPostgresServer('a gateway of three replicas behind a round-robin proxy', () => {
  const adminKey = generateAppKey({ slug: ADMIN_KEY_SLUG }).key;
  const keys = new ReplicaKeys(SECRET);
  let database: TestDatabase;
  let servers: ServersFile;
  let replicas: GatewayProcess[] = [];
  let proxy: RoundRobinProxy;
  let clientKey: string;
  let otherKey: string;

  const admin = async (origin: string, method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${origin}${path}`, {
      method,
      headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const createKey = async (origin: string, name: string): Promise<{ id: string; key: string }> => {
    const response = await admin(origin, 'POST', '/api/appkeys', { name, scopes: ['*'] });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; plaintextKey: string };
    return { id: created.id, key: created.plaintextKey };
  };
  const startReplica = () =>
    startGatewayProcess({
      DATABASE_URL: database.url,
      GATEWAY_BOOTSTRAP_ADMIN_KEY: adminKey,
      GATEWAY_REPLICA_SECRET: SECRET,
      GATEWAY_SERVERS_FILE: servers.path,
      // Longer than any test waits: only a change notice can explain a revocation seen elsewhere.
      GATEWAY_KEY_CACHE_SECONDS: '60',
      DOCS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    });

  beforeAll(async () => {
    buildGateway();
    database = await createTestDatabase();
    servers = writeServersFile(
      `servers:\n  - { id: ev-stdio, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }\n`,
    );
    const first = await startReplica();
    replicas = [first];
    // The rules and keys the calls need exist before the other replicas start.
    for (const targetId of ['server:ev-stdio'])
      expect(
        (
          await admin(first.origin, 'POST', '/api/policies', {
            targetId,
            requiredGroup: 'McpClient',
            isAllowed: 1,
          })
        ).status,
      ).toBe(201);
    clientKey = (await createKey(first.origin, 'client')).key;
    otherKey = (await createKey(first.origin, 'other')).key;
    replicas.push(...(await Promise.all([startReplica(), startReplica()])));
    proxy = await startRoundRobinProxy(replicas.map((replica) => replica.origin));
  }, 600_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await database?.close();
    servers?.remove();
  });

  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  /** A replica's counter or gauge from /metrics (summed over the label sets that match). */
  const metric = async (replica: GatewayProcess, name: string, label = ''): Promise<number> => {
    const text = await (await fetch(`${replica.origin}/metrics`)).text();
    let total = 0;
    for (const line of text.split('\n')) {
      if (line.startsWith(`${name}{`) && line.includes(label))
        total += Number(line.slice(line.lastIndexOf(' ') + 1));
      else if (line.startsWith(`${name} `)) total += Number(line.slice(name.length + 1));
    }
    return total;
  };
  const forwards = async (): Promise<number> => {
    let total = 0;
    for (const replica of replicas)
      total += await metric(replica, 'mcp_gateway_replica_forwards_total', 'outcome="relayed"');
    return total;
  };
  /** Waits, without a deadline of its own, until `probe` holds (the test's timeout is the bound). */
  const until = async (probe: () => Promise<boolean>): Promise<void> => {
    while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  async function connected(transport: SSEClientTransport | StreamableHTTPClientTransport): Promise<Client> {
    const client = new Client({ name: 'replicas-e2e', version: '1.0.0' });
    client.onerror = () => undefined;
    await client.connect(transport);
    return client;
  }

  async function echo(client: Client, message: string): Promise<void> {
    const result = await client.callTool({ name: ECHO, arguments: { message } });
    const first = (result.content as Array<{ text?: string }>)[0];
    if (result.isError === true || first?.text !== `Echo: ${message}`)
      throw new Error(`unexpected answer ${JSON.stringify(result)}`);
  }

  /** CLIENTS clients at once, CALLS_PER_CLIENT calls each; every call must answer. */
  async function thousandCalls(connect: () => Promise<Client>): Promise<number> {
    const clients = await Promise.all(Array.from({ length: CLIENTS }, connect));
    let answered = 0;
    try {
      await Promise.all(
        clients.map(async (client, index) => {
          for (let call = 0; call < CALLS_PER_CLIENT; call += 1) {
            await echo(client, `c${index}-${call}`);
            answered += 1;
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
    return answered;
  }

  const throughProxy = {
    'legacy SSE': () =>
      new SSEClientTransport(new URL('/sse?meta=false', proxy.origin), {
        requestInit: { headers: bearer(clientKey) },
      }),
    'Streamable HTTP, in stateful sessions': () =>
      new StreamableHTTPClientTransport(new URL('/mcp', proxy.origin), {
        requestInit: { headers: bearer(clientKey) },
      }),
  };

  it.each(Object.keys(throughProxy) as Array<keyof typeof throughProxy>)(
    'serves 1,000 %s calls with no error, most of them through a replica that does not hold the session',
    async (transport) => {
      const before = await forwards();
      const answered = await thousandCalls(() => connected(throughProxy[transport]()));
      expect(answered).toBe(CLIENTS * CALLS_PER_CLIENT);
      expect((await forwards()) - before).toBeGreaterThan(answered / 4);
    },
    300_000,
  );

  it('serves the direct view over legacy SSE the same way', async () => {
    const client = await connected(
      new SSEClientTransport(new URL('/ev-stdio', proxy.origin), {
        requestInit: { headers: bearer(clientKey) },
      }),
    );
    try {
      for (let call = 0; call < 30; call += 1) {
        const result = await client.callTool({ name: 'echo', arguments: { message: `d${call}` } });
        expect((result.content as Array<{ text?: string }>)[0]?.text).toBe(`Echo: d${call}`);
      }
    } finally {
      await client.close();
    }
  }, 120_000);

  describe('hostile callers', () => {
    const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
    const postMessage = (origin: string, sessionId: string, key: string, body = ping(1), extra = {}) =>
      fetch(`${origin}/message?sessionId=${encodeURIComponent(sessionId)}`, {
        method: 'POST',
        headers: { ...bearer(key), 'Content-Type': 'application/json', ...extra },
        body,
      });
    const postStreamable = (origin: string, sessionId: string, key: string) =>
      fetch(`${origin}/mcp`, {
        method: 'POST',
        headers: {
          ...bearer(key),
          'Content-Type': 'application/json',
          Accept: ACCEPT,
          'Mcp-Session-Id': sessionId,
        },
        body: ping(2),
      });

    it("refuses another key's legacy session on every replica, and forwards the owner's", async () => {
      const [owner, other] = replicas as [GatewayProcess, GatewayProcess];
      const stream = await openLegacySseStream(`${owner.origin}/sse?meta=false`, bearer(clientKey));
      try {
        expect(keys.open(stream.sessionId)?.url).toBe(owner.origin);
        for (const replica of replicas)
          expect((await postMessage(replica.origin, stream.sessionId, otherKey)).status).toBe(404);
        const accepted = await postMessage(other.origin, stream.sessionId, clientKey, ping(7));
        expect(accepted.status).toBe(202);
        expect(await stream.nextAnswer(7)).toMatchObject({ id: 7, result: {} });
      } finally {
        stream.close();
      }
    }, 60_000);

    it("refuses another key's Streamable HTTP session on every replica, and forwards the owner's", async () => {
      const [owner, other] = replicas as [GatewayProcess, GatewayProcess];
      const opened = await fetch(`${owner.origin}/mcp`, {
        method: 'POST',
        headers: { ...bearer(clientKey), 'Content-Type': 'application/json', Accept: ACCEPT },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'hostile', version: '1' },
          },
        }),
      });
      const sessionId = opened.headers.get('mcp-session-id') ?? '';
      await opened.text();
      expect(keys.open(sessionId)?.url).toBe(owner.origin);
      for (const replica of replicas)
        expect((await postStreamable(replica.origin, sessionId, otherKey)).status).toBe(404);
      const forwarded = await postStreamable(other.origin, sessionId, clientKey);
      expect(forwarded.status).toBe(200);
      expect(await forwarded.json()).toMatchObject({ id: 2, result: {} });
    }, 60_000);

    it('answers 404 on every replica for forged, altered and foreign session ids', async () => {
      const stream = await openLegacySseStream(`${replicas[0]?.origin}/sse?meta=false`, bearer(clientKey));
      stream.close();
      const real = stream.sessionId;
      const forged = [
        '0123456789abcdef0123456789abcdef',
        `${real.slice(0, 30)}${real[30] === 'A' ? 'B' : 'A'}${real.slice(31)}`,
        new ReplicaKeys('another gateway, another secret, 32+ chars').seal({
          replicaId: '0011223344556677',
          url: replicas[1]?.origin ?? '',
          ownerTag: keys.ownerTag('app-key:whoever'),
        }),
        'x'.repeat(600),
      ];
      for (const replica of replicas) {
        for (const id of forged) {
          expect((await postMessage(replica.origin, id, clientKey)).status).toBe(404);
          expect((await postStreamable(replica.origin, id, clientKey)).status).toBe(404);
        }
      }
    }, 60_000);

    it('refuses a forwarded request whose proof does not hold', async () => {
      const [owner] = replicas as [GatewayProcess];
      const stream = await openLegacySseStream(`${owner.origin}/sse?meta=false`, bearer(clientKey));
      try {
        const made = new ReplicaKeys('not the gateway secret but long enough').signForward(
          {
            to: keys.open(stream.sessionId)?.replicaId ?? '',
            at: Date.now(),
            principal: {
              method: 'app-key',
              username: 'x',
              identitySource: 'sso',
              roles: [],
              groups: [],
              sids: [],
              fullAdminClaim: false,
            },
          },
          {
            method: 'POST',
            url: `/message?sessionId=${stream.sessionId}`,
            sessionHeader: undefined,
            body: ping(1),
          },
        );
        const refused = await postMessage(owner.origin, stream.sessionId, otherKey, ping(1), {
          'X-MCP-Gateway-Forwarded': made,
        });
        expect(refused.status).toBe(403);
        expect(stream.seen).toEqual([]);
      } finally {
        stream.close();
      }
    }, 60_000);
  });

  describe('changes reach every replica through LISTEN/NOTIFY', () => {
    const notices = (replica: GatewayProcess, kind: string) =>
      metric(replica, 'mcp_gateway_change_notices_total', `kind="${kind}"`);

    async function revokeOnFirstSeenOnSecond(): Promise<void> {
      const [first, second] = replicas as [GatewayProcess, GatewayProcess];
      const { id, key } = await createKey(first.origin, 'revoked');
      // The second replica verifies (and caches, for 60 s) the key, and opens a session with it.
      const me = () =>
        fetch(`${second.origin}/api/me`, { headers: { 'X-App-Key': key } }).then(
          (response) => response.status,
        );
      expect(await me()).toBe(200);
      const stream = await openLegacySseStream(`${second.origin}/sse?meta=false`, bearer(key));
      const seen = await notices(second, 'app-key');
      expect((await admin(first.origin, 'DELETE', `/api/appkeys/${id}`)).status).toBe(204);
      await until(async () => (await notices(second, 'app-key')) > seen);
      expect(await me()).toBe(401);
      // Its session there ends too, without waiting for the next sweep.
      await stream.ended;
    }

    it('a key revoked on one replica is refused by another as soon as the notice arrives', async () => {
      await revokeOnFirstSeenOnSecond();
    }, 60_000);

    it('a dropped LISTEN connection is made again, caches dropped, and notices flow again', async () => {
      const second = replicas[1] as GatewayProcess;
      const resyncs = await notices(second, 'resync');
      const pg = new PgClient({ connectionString: database.url });
      await pg.connect();
      try {
        const dropped = await pg.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
          [CHANGE_FEED_APPLICATION_NAME],
        );
        expect(dropped.rowCount).toBe(replicas.length);
      } finally {
        await pg.end();
      }
      await until(async () => (await notices(second, 'resync')) > resyncs);
      expect(await metric(second, 'mcp_gateway_change_feed_listening')).toBe(1);
      await revokeOnFirstSeenOnSecond();
    }, 120_000);

    it('a policy change on one replica is applied by another as soon as the notice arrives', async () => {
      const [first, second] = replicas as [GatewayProcess, GatewayProcess];
      const seen = await notices(second, 'access-rules');
      const created = await admin(first.origin, 'POST', '/api/policies', {
        targetId: 'server:elsewhere',
        requiredGroup: 'McpClient',
        isAllowed: 1,
      });
      expect(created.status).toBe(201);
      await until(async () => (await notices(second, 'access-rules')) > seen);
    }, 60_000);
  });

  describe('the replica holding a session dies', () => {
    const kill = async (victim: GatewayProcess): Promise<void> => {
      process.kill(-victim.pid, 'SIGKILL');
      await victim.exited();
    };
    const ownerOf = (sessionId: string): GatewayProcess => {
      const url = keys.open(sessionId)?.url;
      const owner = replicas.find((replica) => replica.origin === url);
      if (owner === undefined) throw new Error(`no replica at ${String(url)}`);
      return owner;
    };
    /** The next call settles (no hang): answered on a session the client re-opened, or refused with 404. */
    const settles = (call: Promise<void>) =>
      call.then(
        () => 'answered',
        (error: unknown) =>
          /\b404\b|Session not found/.test(`${String(error)} ${JSON.stringify(error)}`)
            ? 'session gone (404)'
            : `error: ${String(error)}`,
      );

    it('a legacy SSE client gets a clean error (or its reopened stream answers), and reconnects through the proxy', async () => {
      const sessions: string[] = [];
      const recording: typeof fetch = (input, init) => {
        const id = new URL(String(input instanceof Request ? input.url : input)).searchParams.get(
          'sessionId',
        );
        if (id !== null) sessions.push(id);
        return fetch(input, init);
      };
      const client = await connected(
        new SSEClientTransport(new URL('/sse?meta=false', proxy.origin), {
          requestInit: { headers: bearer(clientKey) },
          fetch: recording,
        }),
      );
      try {
        await echo(client, 'before');
        await kill(ownerOf(sessions.at(-1) ?? ''));
        expect(['answered', 'session gone (404)']).toContain(await settles(echo(client, 'after')));
      } finally {
        await client.close();
      }
      const again = await connected(
        new SSEClientTransport(new URL('/sse?meta=false', proxy.origin), {
          requestInit: { headers: bearer(clientKey) },
        }),
      );
      try {
        for (let call = 0; call < 10; call += 1) await echo(again, `again-${call}`);
      } finally {
        await again.close();
      }
    }, 120_000);

    it('a Streamable HTTP client gets 404 for its session and re-initializes through the proxy', async () => {
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', proxy.origin), {
        requestInit: { headers: bearer(clientKey) },
      });
      const client = await connected(transport);
      try {
        await echo(client, 'before');
        await kill(ownerOf(transport.sessionId ?? ''));
        expect(await settles(echo(client, 'after'))).toBe('session gone (404)');
      } finally {
        await client.close();
      }
      const again = await connected(
        new StreamableHTTPClientTransport(new URL('/mcp', proxy.origin), {
          requestInit: { headers: bearer(clientKey) },
        }),
      );
      try {
        for (let call = 0; call < 10; call += 1) await echo(again, `again-${call}`);
      } finally {
        await again.close();
      }
    }, 120_000);
  });
});
