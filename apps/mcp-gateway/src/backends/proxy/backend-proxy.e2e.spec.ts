// The proxy core against real MCP servers from npm (server-everything over stdio, legacy SSE
// and Streamable HTTP): ids restored with their exact type, duplicates refused, cancellation,
// progress, timeouts, sampling routed to the right session, and a backend dropping mid-call.
import fc from 'fast-check';
import type { JsonRpcId, JsonRpcNotification } from '@platform/jsonrpc';
import { type EverythingServer, startEverythingServer } from '@platform/testing-mcp-faults';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../../gateway.test-definition';
import {
  EVERYTHING_STDIO_COMMAND,
  eventually,
  type ServersFile,
  writeServersFile,
} from '../../testing/reference-servers';
import { ConnectionManager } from '../connections/connection-manager.service';
import { BackendProxy } from './backend-proxy.service';
import type { ForwardedCall } from './forwarded-call';

const TRANSPORTS = ['ev-stdio', 'ev-sse', 'ev-streamable'] as const;

function toolCall(
  id: JsonRpcId,
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
) {
  return {
    jsonrpc: '2.0' as const,
    id,
    method: 'tools/call',
    params: { name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) },
  };
}

function call(
  sessionId: string,
  request: ForwardedCall['request'],
  extra: Partial<ForwardedCall> = {},
): ForwardedCall {
  return { sessionId, request, ...extra };
}

describe('backend proxy core', () => {
  let serversFile: ServersFile;
  let service: TestService;
  let proxy: BackendProxy;
  let sse: EverythingServer;
  let streamable: EverythingServer;

  beforeAll(async () => {
    [sse, streamable] = await Promise.all([
      startEverythingServer('sse'),
      startEverythingServer('streamableHttp'),
    ]);
    serversFile = writeServersFile(
      `servers:
  - { id: ev-stdio, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: ev-sse, url: "${sse.endpoint}", type: sse }
  - { id: ev-streamable, url: "${streamable.endpoint}", type: streamable }
  - { id: impatient, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio, requestTimeout: 1 }
`,
    );
    const { definition } = gatewayForTests();
    service = await startTestService(definition, {
      GATEWAY_SERVERS_FILE: serversFile.path,
      GATEWAY_BACKEND_RECONNECT_SECONDS: '1',
      GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: '1',
    });
    proxy = service.app.get(BackendProxy);
    const connections = service.app.get(ConnectionManager);
    for (const id of TRANSPORTS) await connections.clientFor(id);
  });

  afterAll(async () => {
    await service.close();
    await Promise.all([sse.stop(), streamable.stop()]);
    serversFile.remove();
  });

  describe.each(TRANSPORTS)('over %s', (serverId) => {
    it.each<JsonRpcId>(['1', 1, null, 'a-string-id'])('restores the id %p with its type', async (id) => {
      const result = await proxy.forward(
        serverId,
        call('s1', toolCall(id, 'echo', { message: `id ${String(id)}` })),
      );
      expect(result.outcome).toBe('completed');
      expect(result.response).toEqual({
        jsonrpc: '2.0',
        id,
        result: { content: [{ type: 'text', text: `Echo: id ${String(id)}` }] },
      });
      expect(proxy.pendingCount).toBe(0);
    });

    it('relays progress with the client token and cancels on notifications/cancelled', async () => {
      const progress: JsonRpcNotification[] = [];
      const running = proxy.forward(
        serverId,
        call(
          's2',
          toolCall(
            'long',
            'trigger-long-running-operation',
            { duration: 30, steps: 30 },
            { progressToken: 'my-token' },
          ),
          {
            onNotification: (notification) => progress.push(notification),
          },
        ),
      );
      await eventually('first progress', async () => (progress.length > 0 ? true : undefined));
      expect(progress[0]).toMatchObject({
        method: 'notifications/progress',
        params: { progressToken: 'my-token' },
      });
      const duplicate = await proxy.forward(
        serverId,
        call('s2', toolCall('long', 'echo', { message: 'again' })),
      );
      expect(duplicate).toEqual({
        outcome: 'duplicate',
        response: {
          jsonrpc: '2.0',
          id: 'long',
          error: { code: -32600, message: 'Duplicate request ID detected' },
        },
      });
      // The same id from another session is another request.
      const other = await proxy.forward(
        serverId,
        call('s3', toolCall('long', 'echo', { message: 'other session' })),
      );
      expect(other.outcome).toBe('completed');
      expect(proxy.cancel('s2', 'long')).toBe(true);
      expect(await running).toEqual({
        outcome: 'cancelled',
        response: { jsonrpc: '2.0', id: 'long', error: { code: -32021, message: 'Request Cancelled' } },
      });
      expect(proxy.pendingCount).toBe(0);
      // The backend stopped the work: the link still serves new calls at once.
      expect(
        (await proxy.forward(serverId, call('s2', toolCall('long', 'get-sum', { a: 2, b: 3 })))).outcome,
      ).toBe('completed');
    });

    it('routes a sampling request to the session that caused it and back', async () => {
      const asked: unknown[] = [];
      const result = await proxy.forward(
        serverId,
        call('s4', toolCall(5, 'trigger-sampling-request', { prompt: 'Say hi', maxTokens: 5 }), {
          onServerRequest: async (request) => {
            asked.push(request);
            return {
              result: {
                role: 'assistant',
                content: { type: 'text', text: 'hi from the client' },
                model: 'test-model',
              },
            };
          },
        }),
      );
      expect(asked).toEqual([expect.objectContaining({ method: 'sampling/createMessage' })]);
      expect(result.outcome).toBe('completed');
      expect(JSON.stringify(result.response)).toContain('hi from the client');
    });

    it("fails only a request that cannot be encoded; the link and other callers' requests stay", async () => {
      const connections = service.app.get(ConnectionManager);
      const linked = await connections.clientFor(serverId);
      const running = proxy.forward(
        serverId,
        call('bystander', toolCall('b', 'trigger-long-running-operation', { duration: 1, steps: 2 })),
      );
      let deep: unknown = 'bottom';
      for (let level = 0; level < 100_000; level += 1) deep = [deep];
      const refused = await proxy.forward(
        serverId,
        call('attacker', toolCall('a', 'echo', { message: 'x', deep })),
      );
      expect(refused).toMatchObject({
        outcome: 'refused',
        response: {
          id: 'a',
          error: {
            code: -32603,
            message: 'Internal error',
            data: { serverId, reason: expect.stringContaining('could not be delivered') },
          },
        },
      });
      expect(await running).toMatchObject({ outcome: 'completed', response: { id: 'b' } });
      expect(await connections.clientFor(serverId)).toBe(linked);
    });

    it('refuses a sampling request when no session can answer it, without failing the call', async () => {
      const result = await proxy.forward(
        serverId,
        call('s5', toolCall(6, 'trigger-sampling-request', { prompt: 'Say hi', maxTokens: 5 })),
      );
      expect(result.outcome).toBe('completed');
      expect(JSON.stringify(result.response)).toMatch(/No client session can answer/);
    });
  });

  it.each(['ev-sse', 'ev-streamable'])(
    'fails only a request the backend refuses at the HTTP level (over its 4 MB body limit) on %s',
    async (serverId) => {
      const connections = service.app.get(ConnectionManager);
      const linked = await connections.clientFor(serverId);
      const running = proxy.forward(
        serverId,
        call('bystander', toolCall('b', 'trigger-long-running-operation', { duration: 1, steps: 2 })),
      );
      const oversized = 'a'.repeat(4 * 1024 * 1024 + 1);
      const refused = await proxy.forward(
        serverId,
        call('attacker', toolCall('a', 'echo', { message: oversized })),
      );
      expect(refused).toMatchObject({ outcome: 'refused', response: { id: 'a', error: { code: -32603 } } });
      expect(await running).toMatchObject({ outcome: 'completed', response: { id: 'b' } });
      expect(await connections.clientFor(serverId)).toBe(linked);
    },
  );

  it.each<[string, 'asked' | 'refused']>([
    ['ev-streamable', 'asked'],
    ['ev-stdio', 'refused'],
    ['ev-sse', 'refused'],
  ])(
    'with another request waiting, relays a sampling request only where the transport ties it to its request (%s: %s)',
    async (serverId, expected) => {
      const waiting = proxy.forward(
        serverId,
        call('other-caller', toolCall('w', 'trigger-long-running-operation', { duration: 1, steps: 2 })),
      );
      const asked: unknown[] = [];
      const result = await proxy.forward(
        serverId,
        call('sampling-caller', toolCall('s', 'trigger-sampling-request', { prompt: 'mine', maxTokens: 5 }), {
          onServerRequest: async (request) => {
            asked.push(request);
            return { result: { role: 'assistant', content: { type: 'text', text: 'answered' }, model: 'm' } };
          },
        }),
      );
      await waiting;
      // A Streamable HTTP backend sends it on the request's own stream; stdio and legacy SSE say
      // nothing, and with two requests waiting either could be its cause.
      expect(asked).toHaveLength(expected === 'asked' ? 1 : 0);
      expect(JSON.stringify(result.response)).toContain(
        expected === 'asked' ? 'answered' : 'No client session can answer',
      );
    },
  );

  it('never mixes answers between sessions that use the same ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constant<JsonRpcId>(null),
            fc.integer({ min: 0, max: 3 }),
            fc.constantFrom('0', '1', 'x'),
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom(...TRANSPORTS),
        async (ids, sessions, serverId) => {
          const calls = [];
          for (let session = 0; session < sessions; session += 1) {
            // Within one session ids are distinct (a duplicate is refused, tested above).
            const distinct = [...new Map(ids.map((id) => [`${typeof id}:${String(id)}`, id])).values()];
            for (const id of distinct) {
              const message = `session ${session} id ${typeof id}:${String(id)}`;
              calls.push(
                proxy
                  .forward(serverId, call(`p${session}`, toolCall(id, 'echo', { message })))
                  .then((result) => ({
                    id,
                    message,
                    result,
                  })),
              );
            }
          }
          for (const { id, message, result } of await Promise.all(calls)) {
            expect(result.response).toEqual({
              jsonrpc: '2.0',
              id,
              result: { content: [{ type: 'text', text: `Echo: ${message}` }] },
            });
          }
        },
      ),
      { numRuns: 15 },
    );
    expect(proxy.pendingCount).toBe(0);
  });

  it('times out after the server RequestTimeout and tells the caller', async () => {
    const result = await proxy.forward(
      'impatient',
      call('s6', toolCall('slow', 'trigger-long-running-operation', { duration: 5, steps: 5 })),
    );
    expect(result).toEqual({
      outcome: 'timed-out',
      response: {
        jsonrpc: '2.0',
        id: 'slow',
        error: {
          code: -32001,
          message: 'Request timed out',
          data: { serverId: 'impatient', timeoutMs: 1000 },
        },
      },
    });
    expect(proxy.pendingCount).toBe(0);
  });

  it('answers not-found for an unknown server', async () => {
    const result = await proxy.forward('nope', call('s7', toolCall(1, 'echo', { message: 'x' })));
    expect(result.outcome).toBe('not-found');
    expect(result.response).toMatchObject({ id: 1, error: { code: -32601 } });
  });

  it('fails every pending call at once when the backend drops, then reconnects', async () => {
    const running = [1, 2, 3].map((id) =>
      proxy.forward(
        'ev-sse',
        call('s8', toolCall(id, 'trigger-long-running-operation', { duration: 30, steps: 30 })),
      ),
    );
    await eventually('calls pending', async () => (proxy.pendingCount >= 3 ? true : undefined));
    await sse.stop();
    for (const result of await Promise.all(running)) {
      expect(result.outcome).toBe('connection-closed');
      expect(result.response).toMatchObject({ error: { code: -32020, message: 'Connection Closed' } });
    }
    expect(proxy.pendingCount).toBe(0);
    const offline = await proxy.forward('ev-sse', call('s8', toolCall(4, 'echo', { message: 'offline' })));
    expect(offline.outcome).toBe('unavailable');
    expect(offline.response).toMatchObject({ id: 4, error: { code: -32001 } });
    sse = await startEverythingServer('sse', { port: sse.port });
    const back = await eventually('sse back', async () => {
      const result = await proxy.forward('ev-sse', call('s8', toolCall(5, 'echo', { message: 'back' })));
      return result.outcome === 'completed' ? result : undefined;
    });
    expect(back.response).toMatchObject({ id: 5, result: { content: [{ text: 'Echo: back' }] } });
  });
});
