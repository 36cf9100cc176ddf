// The official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios) run
// against the gateway's direct proxy `/{serverId}` in front of a conformant test backend: every
// scenario the backend passes on its own must also pass through the gateway.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type ConformanceBackend,
  type ConformanceRun,
  describeFailures,
  runConformanceSuite,
  startConformanceBackend,
} from '@platform/testing-mcp-conformance-backend';
import { type GatewayHarness, startGatewayHarness } from '../testing/gateway-harness.spec-helpers';

/** Every server scenario of @modelcontextprotocol/conformance 0.1.16 (`conformance list --server`). */
const SERVER_SCENARIOS = 32;

describe('official MCP conformance suite', () => {
  let backend: ConformanceBackend;
  let gateway: GatewayHarness;
  let appKey: string;
  let direct: ConformanceRun;

  beforeAll(async () => {
    backend = await startConformanceBackend();
    // Default configuration: the DNS-rebinding scenario must pass without a Host allow-list.
    gateway = await startGatewayHarness(
      `servers:\n  - { id: conformance, url: "${backend.endpoint}", type: streamable, category: testing }\n`,
    );
    // AppKeys never bypass RBAC: the key's role needs the allow row.
    await gateway.allow('server:conformance');
    appKey = await gateway.appKey(['server:conformance'], 'conformance');
    direct = await runConformanceSuite(backend.endpoint);
  }, 240_000);

  afterAll(async () => {
    await gateway?.close();
    await backend?.stop();
  });

  it('passes every server scenario directly against the test backend', () => {
    expect(failed(direct)).toEqual([]);
    expect(direct.scenarios.size).toBe(SERVER_SCENARIOS);
  });

  it('passes through the direct proxy /{serverId} every scenario the backend passes', async () => {
    // The CLI cannot set headers: the AppKey travels as the `app_key` query parameter.
    const proxied = await runConformanceSuite(`${gateway.base}/conformance?app_key=${appKey}`);
    const passingDirectly = [...direct.scenarios.values()].filter((result) => result.passed);
    const lost = passingDirectly
      .map((result) => proxied.scenarios.get(result.scenario) ?? { ...result, passed: false, checks: [] })
      .filter((result) => !result.passed)
      .map((result) => `${result.scenario}: ${describeFailures(result).join('; ') || 'not run'}`);
    expect(lost).toEqual([]);
    expect(proxied.scenarios.size).toBe(SERVER_SCENARIOS);
  }, 300_000);
});

function failed(run: ConformanceRun): string[] {
  return [...run.scenarios.values()]
    .filter((result) => !result.passed)
    .map((result) => `${result.scenario}: ${describeFailures(result).join('; ')}`);
}
