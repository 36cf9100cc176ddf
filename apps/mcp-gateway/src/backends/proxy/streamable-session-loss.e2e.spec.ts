// A Streamable HTTP backend that forgets the gateway's session (it restarted, or answers 404 for
// the session id): the gateway re-initializes once and sends the failed request again, so the
// client of the direct endpoint `/{serverId}` does not notice; a backend that keeps refusing gets
// a clear error instead of a loop. A FaultProxy in front of server-everything counts handshakes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import { type EverythingServer, FaultProxy, startEverythingServer } from '@platform/testing-mcp-faults';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { eventually } from '../../testing/reference-servers';
import { BackendProxy } from './backend-proxy.service';

const SERVER = 'renewable';
const NOT_FOUND = { kind: 'http-status', status: 404, body: '{"error":"session not found"}' } as const;

describe('Streamable HTTP session loss', () => {
  let gateway: GatewayHarness;
  let service: GatewayHarness['service'];
  let admin: Record<string, string>;
  let clientKey: string;
  let everything: EverythingServer;
  let proxy: FaultProxy;

  function connect(): Promise<Client> {
    return gateway.connect(`/${SERVER}`, clientKey);
  }

  async function echo(client: Client, message: string): Promise<unknown> {
    return (await client.callTool({ name: 'echo', arguments: { message } })).content;
  }

  /** Handshakes and tool calls the backend has seen so far (through the FaultProxy). */
  function seen(): { initialize: number; echo: number } {
    const { messagesByMethod, toolCallsByName } = proxy.stats;
    return { initialize: messagesByMethod['initialize'] ?? 0, echo: toolCallsByName['echo'] ?? 0 };
  }

  async function state(): Promise<string> {
    const response = await request(service.server).get(`/api/servers/${SERVER}`).set(admin).expect(200);
    return response.body.status.state as string;
  }

  beforeAll(async () => {
    everything = await startEverythingServer('streamableHttp');
    proxy = await FaultProxy.start({ target: everything.origin });
    gateway = await startGatewayHarness(
      `servers:\n  - { id: ${SERVER}, url: "${proxy.url}/mcp", type: streamable }\n`,
      {
        GATEWAY_BACKEND_RECONNECT_SECONDS: '1',
        GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: '1',
        // No health check during the tests: the session must be found lost by the requests themselves.
        GATEWAY_BACKEND_HEALTH_SECONDS: '3600',
      },
    );
    service = gateway.service;
    admin = { Authorization: `Bearer ${gateway.adminKey}` };
    await gateway.allow(`server:${SERVER}`);
    clientKey = await gateway.appKey([`server:${SERVER}`], 'session loss e2e');
    await eventually('backend connected', async () => ((await state()) === 'Connected' ? true : undefined));
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await everything?.stop();
  });

  it('re-initializes once after the backend restarted, and every waiting call succeeds', async () => {
    const client = await connect();
    expect(await echo(client, 'before')).toEqual([{ type: 'text', text: 'Echo: before' }]);
    await everything.stop();
    everything = await startEverythingServer('streamableHttp', { port: everything.port });
    const before = seen();
    const messages = ['a', 'b', 'c', 'd', 'e'].map((letter) => `after restart ${letter}`);
    const answers = await Promise.all(messages.map((message) => echo(client, message)));
    expect(answers).toEqual(messages.map((message) => [{ type: 'text', text: `Echo: ${message}` }]));
    expect(seen().initialize - before.initialize).toBe(1);
    expect(await state()).toBe('Connected');
    expect(service.app.get(BackendProxy).pendingCount).toBe(0);
  });

  it('re-initializes once after a 404 for the session and sends the request again', async () => {
    const client = await connect();
    const before = seen();
    proxy.setFault({ ...NOT_FOUND, match: { method: 'tools/call' }, times: 1 });
    expect(await echo(client, 'retried')).toEqual([{ type: 'text', text: 'Echo: retried' }]);
    expect(proxy.stats.faultsApplied['http-status']).toBe(1);
    expect(seen()).toEqual({ initialize: before.initialize + 1, echo: before.echo + 2 });
  });

  it('ends calls still waiting on the forgotten session with Connection Closed', async () => {
    const client = await connect();
    const long = client
      .callTool({ name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } })
      .then(
        () => 'answered',
        (error: unknown) => error,
      );
    await eventually('long call at the backend', async () =>
      (proxy.stats.toolCallsByName['trigger-long-running-operation'] ?? 0) > 0 ? true : undefined,
    );
    proxy.setFault({ ...NOT_FOUND, match: { tool: 'echo' }, times: 1 });
    expect(await echo(client, 'renewed meanwhile')).toEqual([
      { type: 'text', text: 'Echo: renewed meanwhile' },
    ]);
    expect(await long).toMatchObject({ code: -32020, message: expect.stringContaining('Connection Closed') });
  });

  it('answers with a clear error, without looping, when the backend keeps refusing the session', async () => {
    const client = await connect();
    const before = seen();
    const refusing = proxy.setFault({ ...NOT_FOUND, match: { method: 'tools/call' } });
    const refused = await echo(client, 'refused').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: -32001,
      message: expect.stringContaining('Server Disconnected'),
      data: { serverId: SERVER, reason: expect.stringContaining('re-initialized') },
    });
    // One handshake and two attempts, whatever the backend keeps answering.
    expect(seen()).toEqual({ initialize: before.initialize + 1, echo: before.echo + 2 });
    refusing.remove();
    expect(await echo(client, 'accepted')).toEqual([{ type: 'text', text: 'Echo: accepted' }]);
    expect(seen().initialize).toBe(before.initialize + 1);
  });

  it('reports the backend unreachable when even the new handshake is refused, then recovers', async () => {
    const client = await connect();
    const refusing = proxy.setFault({ ...NOT_FOUND, match: { httpMethod: 'POST' } });
    const refused = await echo(client, 'nowhere').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: -32001, data: { serverId: SERVER } });
    refusing.remove();
    const back = await eventually('served again', () => echo(client, 'back').catch(() => undefined));
    expect(back).toEqual([{ type: 'text', text: 'Echo: back' }]);
    await eventually('backend connected', async () => ((await state()) === 'Connected' ? true : undefined));
  });
});
