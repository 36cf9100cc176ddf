// What a backend sends on its own reaches only the callers it is for (docs/decisions/021): over a
// stdio server-everything that every caller shares, log messages go only to direct-view sessions
// that set a level (filtered by their own level), resource updates only to sessions subscribed to
// that resource, never to whichever session happens to have a call in flight; one caller's
// `logging/setLevel` or `resources/unsubscribe` does not change what another gets; a sampling
// request is relayed only when its caller is the one request waiting on the backend, and only to a
// client that declared sampling. Official SDK clients in the direct view, plus one raw caller.
import type { Client } from '@modelcontextprotocol/client';
import { type ConformanceBackend, startConformanceBackend } from '@platform/testing-mcp-conformance-backend';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { EVERYTHING_STDIO_COMMAND, eventually } from '../../testing/reference-servers';

const RESOURCE = 'demo://resource/dynamic/text/1';

interface Watched {
  readonly client: Client;
  readonly logs: Array<{ level: string; data: unknown }>;
  readonly updates: string[];
  readonly sampled: unknown[];
}

describe('backend notifications and requests reach only the callers they are for', () => {
  let gateway: GatewayHarness;
  let streamable: ConformanceBackend;

  beforeAll(async () => {
    streamable = await startConformanceBackend();
    gateway = await startGatewayHarness(
      `servers:
  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: conformance, url: "${streamable.endpoint}", type: streamable }
`,
    );
    await gateway.allow('server:everything', 'server:conformance');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await streamable?.stop();
  });

  /** A direct-view SDK client of its own caller that records what reaches it. */
  async function watched(
    name: string,
    capabilities: Record<string, unknown> = { sampling: {} },
    serverId = 'everything',
  ): Promise<Watched> {
    const key = await gateway.appKey([`server:${serverId}`], name);
    const client = await gateway.connect(`/${serverId}`, key, 'streamable', { capabilities });
    const seen: Watched = { client, logs: [], updates: [], sampled: [] };
    client.setNotificationHandler('notifications/message', (notification) => {
      seen.logs.push({ level: notification.params.level, data: notification.params.data });
    });
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      seen.updates.push(notification.params.uri);
    });
    if ('sampling' in capabilities) {
      client.setRequestHandler('sampling/createMessage', async (request) => {
        seen.sampled.push(request.params);
        return { role: 'assistant', content: { type: 'text', text: `sampled by ${name}` }, model: 'e2e' };
      });
    }
    return seen;
  }

  const longCall = (client: Client, seconds: number) =>
    client.callTool({
      name: 'trigger-long-running-operation',
      arguments: { duration: seconds, steps: seconds },
    });

  it('hands unattributed log messages only to sessions that set a level, not to the one with a call in flight', async () => {
    const alice = await watched('alice-logs');
    const bob = await watched('bob-logs');
    await alice.client.setLoggingLevel('debug');
    await alice.client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    try {
      // Bob's call is the only one in flight when the backend's next log message (every 5 s) comes.
      await longCall(bob.client, 6);
      await eventually('two log messages for Alice', async () => (alice.logs.length >= 2 ? true : undefined));
      expect(bob.logs).toEqual([]);
    } finally {
      await alice.client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    }
  }, 30_000);

  it("hands log lines a Streamable HTTP backend sends on a request's own stream to that request's caller", async () => {
    const [alice, bob] = await Promise.all([
      watched('alice-related', {}, 'conformance'),
      watched('bob-related', {}, 'conformance'),
    ]);
    // Both calls run at once; each sends three log lines on its own response stream.
    await Promise.all(
      [alice, bob].map((caller) => caller.client.callTool({ name: 'test_tool_with_logging', arguments: {} })),
    );
    for (const caller of [alice, bob]) {
      expect(caller.logs.map((log) => log.data)).toEqual([
        'Tool execution started',
        'Tool processing data',
        'Tool execution completed',
      ]);
    }
  });

  it("filters the log lines of a caller's own requests by its own level, whatever another caller set", async () => {
    const [quiet, verbose] = await Promise.all([
      watched('quiet-related', {}, 'conformance'),
      watched('verbose-related', {}, 'conformance'),
    ]);
    await quiet.client.setLoggingLevel('error');
    // The backend's level becomes the most verbose one asked for; that must not reach the quiet caller.
    await verbose.client.setLoggingLevel('debug');
    await Promise.all(
      [quiet, verbose].map((caller) =>
        caller.client.callTool({ name: 'test_tool_with_logging', arguments: {} }),
      ),
    );
    expect(quiet.logs).toEqual([]);
    expect(verbose.logs).toHaveLength(3);
  });

  it("one session's level does not change another's: each gets what its own level lets through", async () => {
    const alice = await watched('alice-level');
    const bob = await watched('bob-level');
    await alice.client.setLoggingLevel('debug');
    await bob.client.setLoggingLevel('emergency');
    // The backend logs every subscribe request at `info`.
    await alice.client.subscribeResource({ uri: RESOURCE });
    await eventually('the info message for Alice', async () =>
      alice.logs.some((log) => String(log.data).includes('Received Subscribe Resource request'))
        ? true
        : undefined,
    );
    await alice.client.unsubscribeResource({ uri: RESOURCE });
    await bob.client.ping();
    expect(bob.logs).toEqual([]);
  });

  it('keeps a resource subscription while any session holds it; updates reach only its subscribers', async () => {
    const alice = await watched('alice-updates');
    const bob = await watched('bob-updates');
    const carol = await watched('carol-updates');
    await alice.client.subscribeResource({ uri: RESOURCE });
    await bob.client.subscribeResource({ uri: RESOURCE });
    // Bob leaves; the backend's subscription, which Alice still holds, must stay.
    await bob.client.unsubscribeResource({ uri: RESOURCE });
    await alice.client.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    try {
      await eventually('an update for Alice', async () => (alice.updates.length > 0 ? true : undefined));
      expect(alice.updates[0]).toBe(RESOURCE);
      // Carol, not subscribed, has a call in flight while the next updates (every 5 s) come.
      await longCall(carol.client, 6);
      expect(carol.updates).toEqual([]);
      expect(bob.updates).toEqual([]);
    } finally {
      await alice.client.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
      await alice.client.unsubscribeResource({ uri: RESOURCE });
    }
  }, 30_000);

  it("never hands one caller's sampling request to another caller that has a call in flight", async () => {
    const alice = await watched('alice-sampling');
    const running = longCall(alice.client, 2);
    // Carol calls statelessly, as many clients do: she cannot be asked anything.
    const carolKey = await gateway.appKey(['server:everything'], 'carol-sampling');
    const { body } = await gateway.postJson('/everything', carolKey, {
      id: 1,
      method: 'tools/call',
      params: { name: 'trigger-sampling-request', arguments: { prompt: "carol's secret", maxTokens: 5 } },
    });
    const answer = JSON.stringify(body);
    await running;
    expect(alice.sampled).toEqual([]);
    expect(answer).toContain('No client session can answer');
    expect(answer).not.toContain('sampled by alice');
  });

  it('does not ask a client that did not declare sampling', async () => {
    const dave = await watched('dave-no-sampling', {});
    const result = await dave.client.callTool({
      name: 'trigger-sampling-request',
      arguments: { prompt: 'hi', maxTokens: 5 },
    });
    expect(JSON.stringify(result.content)).toContain('Missing Required Client Capability');
  });

  it('does not list the tasks of every caller that shares the backend session', async () => {
    const key = await gateway.appKey(['server:everything'], 'erin-tasks');
    const { body } = await gateway.postJson('/everything', key, {
      id: 'tasks',
      method: 'tasks/list',
      params: {},
    });
    expect(body).toMatchObject({
      id: 'tasks',
      error: {
        code: -32601,
        message: expect.stringContaining('tasks/list is not available through the gateway'),
      },
    });
  });

  it('follows a backend task only for the caller that created it', async () => {
    const owner = await gateway.appKey(['server:everything'], 'tess-tasks');
    const other = await gateway.appKey(['server:everything'], 'uma-tasks');
    const post = async (key: string, method: string, params: unknown): Promise<unknown> =>
      (await gateway.postJson('/everything', key, { id: method, method, params })).body;

    const created = await post(owner, 'tools/call', {
      name: 'simulate-research-query',
      arguments: { topic: 'gateways' },
      task: { ttl: 60_000 },
    });
    const taskId = (created as { result: { task: { taskId: string } } }).result.task.taskId;
    expect(typeof taskId).toBe('string');
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      expect(await post(other, method, { taskId })).toMatchObject({
        error: { code: -32602, message: expect.stringContaining(`no task '${taskId}' of yours`) },
      });
    }
    expect(await post(owner, 'tasks/get', { taskId })).toMatchObject({ result: { taskId } });
    const finished = await post(owner, 'tasks/result', { taskId });
    expect(JSON.stringify(finished)).toContain('Research Report: gateways');
  }, 30_000);
});
