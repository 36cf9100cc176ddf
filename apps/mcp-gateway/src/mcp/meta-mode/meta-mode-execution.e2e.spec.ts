// Cancellation and timeouts through Meta-Mode's `execute_tool` (issue 6), driven by the official
// SDK client over legacy SSE (GET /sse) and Streamable HTTP (POST /sse). A transparent FaultProxy
// in front of server-everything shows what reaches the backend; the misbehaving stdio backend
// has a tool that never answers. Each time the inner call ends the way the direct endpoint would
// end it (spec 7), the audit names the inner tool, and the session keeps working.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import {
  type EverythingServer,
  FaultProxy,
  misbehavingStdioBackendPath,
  startEverythingServer,
} from '@platform/testing-mcp-faults';
import { BackendProxy } from '../../backends/proxy/backend-proxy.service';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { eventually } from '../../testing/reference-servers';

type Kind = 'sse' | 'streamable';

/** server-everything behind the FaultProxy; its 10-minute request timeout cannot pass for a cancellation. */
const LONG_OPS = 'long-ops';
/** The misbehaving stdio backend with a 1 s request timeout. */
const MISBEHAVING = 'misbehaving';
const TIMED_OUT = {
  code: -32001,
  message: expect.stringContaining('Request timed out'),
  data: { serverId: MISBEHAVING, timeoutMs: 1_000 },
};

interface AuditRecord {
  readonly serverId: string | null;
  readonly statusCode: number;
  readonly details: { readonly target?: string; readonly via?: string };
}

describe('Meta-Mode execute_tool: cancellation and timeouts', () => {
  let everything: EverythingServer;
  let proxy: FaultProxy;
  let gateway: GatewayHarness;
  let service: GatewayHarness['service'];
  let adminKey: string;
  let clientKey: string;

  function connect(kind: Kind): Promise<Client> {
    return gateway.connect('/sse', clientKey, kind);
  }

  function execute(client: Client, name: string, args: Record<string, unknown>) {
    return client.callTool({ name: 'execute_tool', arguments: { name, arguments: args } });
  }

  const pendingCount = () => service.app.get(BackendProxy).pendingCount;
  const cancellationsAtBackend = () => proxy.stats.messagesByMethod['notifications/cancelled'] ?? 0;

  /** Invocation audit records of `serverId`, once one for `target` with `statusCode` is written. */
  async function auditedCall(serverId: string, target: string, statusCode: number): Promise<AuditRecord> {
    return eventually(`audit of ${target} with ${statusCode}`, async () => {
      const audit = await request(service.server)
        .get(`/api/audit?kind=mcp.invocation&server=${serverId}`)
        .set('Authorization', `Bearer ${adminKey}`)
        .expect(200);
      return (audit.body.events as AuditRecord[]).find(
        (event) => event.details.target === target && event.statusCode === statusCode,
      );
    });
  }

  beforeAll(async () => {
    everything = await startEverythingServer('streamableHttp');
    proxy = await FaultProxy.start({ target: everything.origin });
    gateway = await startGatewayHarness(
      `servers:
  - { id: ${LONG_OPS}, url: "${proxy.url}/mcp", type: streamable, requestTimeout: 600 }
  - id: ${MISBEHAVING}
    url: '"${process.execPath}" "${misbehavingStdioBackendPath()}"'
    type: stdio
    requestTimeout: 1
`,
    );
    service = gateway.service;
    adminKey = gateway.adminKey;
    // AppKeys pass RBAC through an allow row for their role; the key's scopes cover both servers.
    await gateway.allow(`server:${LONG_OPS}`, `server:${MISBEHAVING}`);
    clientKey = await gateway.appKey(['*'], 'meta-mode execution e2e');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await everything?.stop();
  });

  describe.each<Kind>(['sse', 'streamable'])('over %s', (kind) => {
    it('an aborted execute_tool call rejects, is cancelled at the backend, and the session goes on', async () => {
      const client = await connect(kind);
      const cancelledBefore = cancellationsAtBackend();
      const controller = new AbortController();
      let reportProgress: () => void = () => undefined;
      const progressed = new Promise<void>((resolve) => {
        reportProgress = resolve;
      });
      // Five minutes of work: only the cancellation can end this call within the test's time.
      const call = client
        .callTool(
          {
            name: 'execute_tool',
            arguments: {
              name: `${LONG_OPS}__trigger-long-running-operation`,
              arguments: { duration: 300, steps: 300 },
            },
          },
          { signal: controller.signal, onprogress: () => reportProgress(), timeout: 600_000 },
        )
        .then(
          () => 'answered',
          (error: unknown) => error,
        );
      // Progress from the backend reaches the client through execute_tool: the call is running there.
      await progressed;
      expect(pendingCount()).toBeGreaterThan(0);
      controller.abort(`${kind}: the agent changed its mind`);
      const outcome = await call;
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toContain(`${kind}: the agent changed its mind`);
      await eventually('the backend told of the cancellation', async () =>
        cancellationsAtBackend() > cancelledBefore ? true : undefined,
      );
      await eventually('nothing pending', async () => (pendingCount() === 0 ? true : undefined));
      const audited = await auditedCall(LONG_OPS, 'trigger-long-running-operation', 499);
      expect(audited).toMatchObject({ serverId: LONG_OPS, details: { via: 'execute_tool' } });
      const echoed = await execute(client, `${LONG_OPS}__echo`, { message: `${kind} after abort` });
      expect(echoed.content).toEqual([{ type: 'text', text: `Echo: ${kind} after abort` }]);
    });

    it('a backend that never answers ends in the gateway timeout error, and the session goes on', async () => {
      const client = await connect(kind);
      await expect(execute(client, `${MISBEHAVING}__never`, {})).rejects.toMatchObject(TIMED_OUT);
      expect(pendingCount()).toBe(0);
      const audited = await auditedCall(MISBEHAVING, 'never', 504);
      expect(audited).toMatchObject({ serverId: MISBEHAVING, details: { via: 'execute_tool' } });
      const echoed = await execute(client, `${MISBEHAVING}__echo`, { message: `${kind} after timeout` });
      expect(echoed.content).toEqual([{ type: 'text', text: `${kind} after timeout` }]);
    });
  });
});
