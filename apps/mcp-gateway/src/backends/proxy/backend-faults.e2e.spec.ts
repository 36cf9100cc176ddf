// Backend failure modes as a client of the gateway sees them: the official SDK client calls the
// direct endpoint `/{serverId}` while @platform/testing-mcp-faults makes the backend slow, kills
// it mid-call, drops its connection, garbles its output or swallows a request. Each time the
// client gets a JSON-RPC error of spec section 7 instead of a hang, and the gateway keeps serving.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import {
  type EverythingServer,
  FaultProxy,
  misbehavingStdioBackendPath,
  startEverythingServer,
} from '@platform/testing-mcp-faults';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { eventually } from '../../testing/reference-servers';
import { ConnectionManager } from '../connections/connection-manager.service';
import { BackendProxy } from './backend-proxy.service';

/** The stdio backend's secret: it prints it on stderr, the gateway must mask it. */
const SECRET = 'faults-secret-8c41d07e';
const TIMED_OUT = { code: -32001, message: expect.stringContaining('Request timed out') };
const CONNECTION_CLOSED = { code: -32020, message: expect.stringContaining('Connection Closed') };
const KILLABLE = { 'killable-sse': 'sse', 'killable-streamable': 'streamableHttp' } as const;
type KillableId = keyof typeof KILLABLE;
const SERVER_IDS = [
  'misbehaving',
  'sse-faults',
  'streamable-faults',
  'streamable-patient',
  ...Object.keys(KILLABLE),
];

describe('backend faults through the direct endpoint', () => {
  let gateway: GatewayHarness;
  let service: GatewayHarness['service'];
  let clientKey: string;
  let sse: EverythingServer;
  let streamable: EverythingServer;
  const killable = {} as Record<KillableId, EverythingServer>;
  let sseProxy: FaultProxy;
  let streamableProxy: FaultProxy;

  function connect(serverId: string): Promise<Client> {
    return gateway.connect(`/${serverId}`, clientKey);
  }

  async function echo(client: Client, message: string): Promise<unknown> {
    return (await client.callTool({ name: 'echo', arguments: { message } })).content;
  }

  /** Echoes once the backend is back; a failed attempt is retried. */
  async function echoWhenBack(client: Client, message: string): Promise<unknown> {
    return eventually(`${message} answered`, () => echo(client, message).catch(() => undefined));
  }

  const pendingCount = () => service.app.get(BackendProxy).pendingCount;

  async function outcomeCount(server: string, outcome: string): Promise<number> {
    const metrics = await request(service.server).get('/metrics').expect(200);
    const line = metrics.text
      .split('\n')
      .find(
        (text) =>
          text.startsWith('mcp_backend_requests_total{') &&
          text.includes(`server="${server}"`) &&
          text.includes(`outcome="${outcome}"`),
      );
    return line === undefined ? 0 : Number(line.split(' ').at(-1));
  }

  beforeAll(async () => {
    [sse, streamable, killable['killable-sse'], killable['killable-streamable']] = await Promise.all([
      startEverythingServer('sse'),
      startEverythingServer('streamableHttp'),
      startEverythingServer('sse'),
      startEverythingServer('streamableHttp'),
    ]);
    [sseProxy, streamableProxy] = await Promise.all([
      FaultProxy.start({ target: sse.origin }),
      FaultProxy.start({ target: streamable.origin }),
    ]);
    process.env['API_KEY'] = SECRET;
    gateway = await startGatewayHarness(
      `servers:
  - id: misbehaving
    url: '"${process.execPath}" "${misbehavingStdioBackendPath()}"'
    type: stdio
    requestTimeout: 1
    secretProvider: Environment
    secretItemKey: API_KEY
  - { id: sse-faults, url: "${sseProxy.url}/sse", type: sse, requestTimeout: 1 }
  - { id: streamable-faults, url: "${streamableProxy.url}/mcp", type: streamable, requestTimeout: 1 }
  - { id: streamable-patient, url: "${streamableProxy.url}/mcp", type: streamable }
  - { id: killable-sse, url: "${killable['killable-sse'].endpoint}", type: sse }
  - { id: killable-streamable, url: "${killable['killable-streamable'].endpoint}", type: streamable }
`,
      { GATEWAY_BACKEND_RECONNECT_SECONDS: '1', GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: '1' },
    );
    service = gateway.service;
    await gateway.allow(...SERVER_IDS.map((serverId) => `server:${serverId}`));
    clientKey = await gateway.appKey(['*'], 'faults e2e');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([sseProxy?.close(), streamableProxy?.close()]);
    await Promise.all([sse, streamable, ...Object.values(killable)].map((server) => server?.stop()));
    delete process.env['API_KEY'];
  });

  describe('a slow backend', () => {
    it('times out after the server requestTimeout, and a later fast call succeeds (streamable)', async () => {
      const client = await connect('streamable-faults');
      const slow = streamableProxy.setFault({ kind: 'delay', ms: 3_000, match: { tool: 'echo' } });
      await expect(echo(client, 'too slow')).rejects.toMatchObject(TIMED_OUT);
      expect(streamableProxy.stats.faultsApplied.delay).toBeGreaterThanOrEqual(1);
      slow.remove();
      expect(await echo(client, 'fast again')).toEqual([{ type: 'text', text: 'Echo: fast again' }]);
      expect(await outcomeCount('streamable-faults', 'timed-out')).toBeGreaterThanOrEqual(1);
    });

    it('times out a slow stdio tool, then serves the next call at once', async () => {
      const client = await connect('misbehaving');
      await expect(client.callTool({ name: 'slow', arguments: { ms: 5_000 } })).rejects.toMatchObject(
        TIMED_OUT,
      );
      expect(await echo(client, 'after slow')).toEqual([{ type: 'text', text: 'after slow' }]);
    });
  });

  describe('a backend killed mid-call', () => {
    it('fails the stdio call with Connection Closed, then starts the backend again', async () => {
      const client = await connect('misbehaving');
      await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toMatchObject(
        CONNECTION_CLOSED,
      );
      expect(pendingCount()).toBe(0);
      expect(await echo(client, 'restarted')).toEqual([{ type: 'text', text: 'restarted' }]);
    });

    it.each(Object.keys(KILLABLE) as KillableId[])(
      'fails the network call (%s) with Connection Closed when the process stops, then reconnects',
      async (serverId) => {
        const client = await connect(serverId);
        const settled = client
          .callTool({ name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } })
          .then(
            () => 'answered',
            (error: unknown) => error,
          );
        await eventually('call pending at the backend', async () => (pendingCount() > 0 ? true : undefined));
        const { port } = killable[serverId];
        await killable[serverId].stop();
        expect(await settled).toMatchObject(CONNECTION_CLOSED);
        expect(pendingCount()).toBe(0);
        killable[serverId] = await startEverythingServer(KILLABLE[serverId], { port });
        expect(await echoWhenBack(client, `${serverId} back`)).toEqual([
          { type: 'text', text: `Echo: ${serverId} back` },
        ]);
      },
    );
  });

  describe('a connection dropped mid-stream', () => {
    it('fails the pending call on a legacy SSE backend, then reconnects', async () => {
      const client = await connect('sse-faults');
      sseProxy.setFault({ kind: 'drop-connection', match: { tool: 'echo' }, times: 1 });
      await expect(echo(client, 'dropped')).rejects.toMatchObject(CONNECTION_CLOSED);
      expect(sseProxy.stats.faultsApplied['drop-connection']).toBe(1);
      expect(await echoWhenBack(client, 'sse back')).toEqual([{ type: 'text', text: 'Echo: sse back' }]);
      expect(pendingCount()).toBe(0);
    });

    it('lets a Streamable HTTP backend replay the answer on a resumed stream', async () => {
      // The SDK transport resumes after a second; a 1 s requestTimeout would end the call first.
      const client = await connect('streamable-patient');
      streamableProxy.setFault({ kind: 'drop-connection', match: { tool: 'echo' }, times: 1 });
      expect(await echo(client, 'resumed')).toEqual([{ type: 'text', text: 'Echo: resumed' }]);
      expect(streamableProxy.stats.faultsApplied['drop-connection']).toBe(1);
    });
  });

  describe('malformed output', () => {
    it('answers a garbled network reply with a timeout, not a hang, and keeps the session', async () => {
      const client = await connect('streamable-faults');
      streamableProxy.setFault({ kind: 'malformed', match: { tool: 'echo' }, times: 1 });
      await expect(echo(client, 'garbled')).rejects.toMatchObject(TIMED_OUT);
      expect(streamableProxy.stats.faultsApplied.malformed).toBe(1);
      expect(await echo(client, 'clean')).toEqual([{ type: 'text', text: 'Echo: clean' }]);
    });

    it('skips a stdout line that is not JSON-RPC and still delivers the answer', async () => {
      const client = await connect('misbehaving');
      const result = await client.callTool({ name: 'malformed', arguments: {} });
      expect(result.isError).not.toBe(true);
      expect(await echo(client, 'still usable')).toEqual([{ type: 'text', text: 'still usable' }]);
    });
  });

  describe('a backend that never answers', () => {
    it('times the stdio call out and leaves nothing pending', async () => {
      const client = await connect('misbehaving');
      await expect(client.callTool({ name: 'never', arguments: {} })).rejects.toMatchObject(TIMED_OUT);
      expect(pendingCount()).toBe(0);
      expect(await outcomeCount('misbehaving', 'timed-out')).toBeGreaterThanOrEqual(1);
    });

    it('times a blackholed network call out, tells the backend, and leaves nothing pending', async () => {
      const client = await connect('streamable-faults');
      const cancelledBefore = streamableProxy.stats.messagesByMethod['notifications/cancelled'] ?? 0;
      const hole = streamableProxy.setFault({ kind: 'blackhole', match: { tool: 'echo' } });
      await expect(echo(client, 'into the void')).rejects.toMatchObject(TIMED_OUT);
      expect(pendingCount()).toBe(0);
      hole.remove();
      await eventually('backend told of the cancellation', async () =>
        (streamableProxy.stats.messagesByMethod['notifications/cancelled'] ?? 0) > cancelledBefore
          ? true
          : undefined,
      );
      expect(await echo(client, 'out of the void')).toEqual([
        { type: 'text', text: 'Echo: out of the void' },
      ]);
    });
  });

  describe('stdio stderr for logs://', () => {
    it('keeps the backend stderr with the secret masked, across a crash and restart', async () => {
      const client = await connect('misbehaving');
      await client.callTool({ name: 'stderr', arguments: {} });
      const connections = service.app.get(ConnectionManager);
      const lines = await eventually('stderr lines', async () => {
        const recent = connections.recentLogLines('misbehaving') ?? [];
        return recent.some((line) => line.includes('authenticating with API key')) ? recent : undefined;
      });
      expect(lines.find((line) => line.includes('authenticating with API key'))).toContain('***');
      expect(lines.join('\n')).not.toContain(SECRET);
      await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toMatchObject(
        CONNECTION_CLOSED,
      );
      await echo(client, 'after crash');
      expect(connections.recentLogLines('misbehaving')).toEqual(expect.arrayContaining([...lines]));
      expect(connections.recentLogLines('killable-sse')).toEqual([]);
      expect(connections.recentLogLines('no-such-server')).toBeUndefined();
    });
  });
});
