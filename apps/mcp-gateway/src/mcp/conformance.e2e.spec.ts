// The official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios) run
// against the gateway's direct proxy `/{serverId}` in front of a conformant test backend: every
// scenario the backend passes on its own must also pass through the gateway.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type ConformanceBackend,
  type ConformanceRun,
  describeFailures,
  runConformanceSuite,
  startConformanceBackend,
} from '@platform/testing-mcp-conformance-backend';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import { gatewayForTests } from '../gateway.test-definition';
import { type ServersFile, writeServersFile } from '../testing/reference-servers';

/** Every server scenario of @modelcontextprotocol/conformance 0.1.16 (`conformance list --server`). */
const SERVER_SCENARIOS = 32;

describe('official MCP conformance suite', () => {
  let backend: ConformanceBackend;
  let serversFile: ServersFile;
  let service: TestService;
  let base: string;
  let appKey: string;
  let direct: ConformanceRun;

  beforeAll(async () => {
    backend = await startConformanceBackend();
    serversFile = writeServersFile(
      `servers:\n  - { id: conformance, url: "${backend.endpoint}", type: streamable, category: testing }\n`,
    );
    // Default configuration: the DNS-rebinding scenario must pass without a Host allow-list.
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition, { GATEWAY_SERVERS_FILE: serversFile.path });
    await service.app.listen(0, '127.0.0.1');
    const port = (service.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    appKey = await createAppKey(service, secrets.adminKey());
    direct = await runConformanceSuite(backend.endpoint);
  }, 240_000);

  afterAll(async () => {
    await service?.close();
    serversFile?.remove();
    await backend?.stop();
  });

  it('passes every server scenario directly against the test backend', () => {
    expect(failed(direct)).toEqual([]);
    expect(direct.scenarios.size).toBe(SERVER_SCENARIOS);
  });

  it('passes through the direct proxy /{serverId} every scenario the backend passes', async () => {
    // The CLI cannot set headers: the AppKey travels as the `app_key` query parameter.
    const proxied = await runConformanceSuite(`${base}/conformance?app_key=${appKey}`);
    const passingDirectly = [...direct.scenarios.values()].filter((result) => result.passed);
    const lost = passingDirectly
      .map((result) => proxied.scenarios.get(result.scenario) ?? { ...result, passed: false, checks: [] })
      .filter((result) => !result.passed)
      .map((result) => `${result.scenario}: ${describeFailures(result).join('; ') || 'not run'}`);
    expect(lost).toEqual([]);
    expect(proxied.scenarios.size).toBe(SERVER_SCENARIOS);
  }, 300_000);
});

/** An AppKey scoped to the backend, with the RBAC allow row that AppKeys need (they never bypass RBAC). */
async function createAppKey(service: TestService, adminKey: string): Promise<string> {
  const admin = { Authorization: `Bearer ${adminKey}` };
  await request(service.server)
    .post('/api/policies')
    .set(admin)
    .send({ targetId: 'server:conformance', requiredGroup: 'McpClient', isAllowed: 1 })
    .expect(201);
  const created = await request(service.server)
    .post('/api/appkeys')
    .set(admin)
    .send({ name: 'conformance suite', scopes: ['server:conformance'] })
    .expect(201);
  return created.body.plaintextKey as string;
}

function failed(run: ConformanceRun): string[] {
  return [...run.scenarios.values()]
    .filter((result) => !result.passed)
    .map((result) => `${result.scenario}: ${describeFailures(result).join('; ')}`);
}
