// A gateway booted for an e2e spec from a servers file, listening on a loopback port, with the
// steps most specs repeat: RBAC allow rows for AppKey callers, AppKeys with given scopes, and
// official SDK clients on any endpoint that are closed with the gateway.
import type { AddressInfo } from 'node:net';
import {
  Client,
  type ClientOptions,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../gateway.test-definition';
import { type ServersFile, writeServersFile } from './reference-servers';

export type ClientTransportKind = 'sse' | 'streamable';

export interface GatewayHarness {
  readonly service: TestService;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** The administrator key (for `/api/*`; it has no MCP rights). */
  readonly adminKey: string;
  /** The gateway's log lines (JSON), kept here rather than printed; empty at the default LOG_LEVEL=silent. */
  readonly logLines: readonly string[];
  /** Lets AppKey callers (role McpClient) reach these RBAC targets, e.g. `server:everything`. */
  allow(...targetIds: string[]): Promise<void>;
  /** A new AppKey with these scopes, in plaintext. */
  appKey(scopes: string[], name?: string): Promise<string>;
  /**
   * One JSON-RPC message POSTed to `path` as a stateless client would, asking for a JSON answer:
   * the HTTP status and the parsed body (undefined when there is none, as for a notification).
   */
  postJson(
    path: string,
    key: string,
    message: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }>;
  /** An SDK client connected to `path` with `key`; closed by `close()`. */
  connect(path: string, key: string, kind?: ClientTransportKind, options?: ClientOptions): Promise<Client>;
  close(): Promise<void>;
}

export async function startGatewayHarness(
  serversYaml: string,
  environment: Record<string, string> = {},
): Promise<GatewayHarness> {
  const serversFile: ServersFile = writeServersFile(serversYaml);
  const { definition, secrets } = gatewayForTests();
  const service = await startTestService(definition, {
    GATEWAY_SERVERS_FILE: serversFile.path,
    ...environment,
  });
  await service.app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  const adminKey = secrets.adminKey();
  const clients: Client[] = [];
  return {
    service,
    base,
    adminKey,
    logLines: secrets.logLines,
    async allow(...targetIds) {
      for (const targetId of targetIds) {
        await request(service.server)
          .post('/api/policies')
          .set('Authorization', `Bearer ${adminKey}`)
          .send({ targetId, requiredGroup: 'McpClient', isAllowed: 1 })
          .expect(201);
      }
    },
    async appKey(scopes, name = `key ${scopes.join(' ')}`) {
      const created = await request(service.server)
        .post('/api/appkeys')
        .set('Authorization', `Bearer ${adminKey}`)
        .send({ name, scopes })
        .expect(201);
      return created.body.plaintextKey as string;
    },
    async postJson(path, key, message) {
      const response = await fetch(new URL(path, base), {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify({ jsonrpc: '2.0', ...message }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
    },
    async connect(path, key, kind = 'streamable', options) {
      const url = new URL(path, base);
      const requestInit = { headers: { Authorization: `Bearer ${key}` } };
      const transport =
        kind === 'sse'
          ? new SSEClientTransport(url, { requestInit })
          : new StreamableHTTPClientTransport(url, { requestInit });
      const client = new Client({ name: 'gateway-e2e', version: '1.0.0' }, options);
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
      await service.close();
      serversFile.remove();
    },
  };
}
