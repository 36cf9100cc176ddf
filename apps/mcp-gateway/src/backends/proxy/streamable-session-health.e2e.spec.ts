// The periodic health check against a Streamable HTTP backend that forgot the gateway's session:
// the backend is alive, so the check renews the session (one new `initialize`) and the backend stays
// Connected, instead of being marked Retrying and waiting out the reconnect backoff.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { type EverythingServer, FaultProxy, startEverythingServer } from '@platform/testing-mcp-faults';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { eventually } from '../../testing/reference-servers';

const SERVER = 'checked';

describe('health check of a Streamable HTTP backend that lost the session', () => {
  let gateway: GatewayHarness;
  let everything: EverythingServer;
  let proxy: FaultProxy;

  const initializes = () => proxy.stats.messagesByMethod['initialize'] ?? 0;

  async function status(): Promise<{ state: string; lastError?: string }> {
    const response = await request(gateway.service.server)
      .get(`/api/servers/${SERVER}`)
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .expect(200);
    return response.body.status as { state: string; lastError?: string };
  }

  beforeAll(async () => {
    everything = await startEverythingServer('streamableHttp');
    proxy = await FaultProxy.start({ target: everything.origin });
    gateway = await startGatewayHarness(
      `servers:\n  - { id: ${SERVER}, url: "${proxy.url}/mcp", type: streamable }\n`,
      {
        GATEWAY_BACKEND_HEALTH_SECONDS: '1',
        // A link marked down would stay Retrying for a minute: long enough to be seen.
        GATEWAY_BACKEND_RECONNECT_SECONDS: '60',
        GATEWAY_BACKEND_RECONNECT_MAX_SECONDS: '60',
      },
    );
    await eventually('backend connected', async () =>
      (await status()).state === 'Connected' ? true : undefined,
    );
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await everything?.stop();
  });

  it('renews the session and keeps the backend Connected', async () => {
    const before = initializes();
    // A new backend process behind the same address, which never heard of the gateway's session.
    // Switched over without a moment in which the address refuses, so no health check can see the
    // backend down (that is another test: Retrying), only a backend that does not know it.
    const replacement = await startEverythingServer('streamableHttp');
    proxy.retarget(replacement.origin);
    await everything.stop();
    everything = replacement;
    await eventually('a new initialize from the health check', async () =>
      initializes() > before ? true : undefined,
    );
    // Two more health intervals: every check must keep succeeding on the renewed session.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await status()).toMatchObject({ state: 'Connected' });
    expect(initializes() - before).toBe(1);
  });
});
