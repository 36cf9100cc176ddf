// The direct view passes only the methods of the MCP specification (docs/decisions/020, "Methods
// the gateway does not know"). Behind it runs a stdio server that reads method names loosely, as
// some hand-written servers do: were `Tools/Call` passed on, it would run a tool the caller is
// denied. Every spelling that is not a spec method is answered "Method not found" by the gateway,
// the denied tool stays denied, and a notification the gateway does not know is dropped.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import request from 'supertest';
import { type GatewayHarness, startGatewayHarness } from '../../testing/gateway-harness.spec-helpers';
import { REPOSITORY_ROOT } from '../../testing/reference-servers';

const LOOSE_BACKEND = join(REPOSITORY_ROOT, 'apps/mcp-gateway/src/testing/loose-methods-backend.mjs');

describe('methods the gateway does not know, in the direct view', () => {
  let gateway: GatewayHarness;
  let key: string;

  beforeAll(async () => {
    gateway = await startGatewayHarness(
      `servers:
  - { id: loose, url: '"${process.execPath}" "${LOOSE_BACKEND}"', type: stdio }
`,
    );
    await gateway.allow('server:loose');
    await request(gateway.service.server)
      .post('/api/policies')
      .set('Authorization', `Bearer ${gateway.adminKey}`)
      .send({ targetId: 'tool:loose__write_file', requiredGroup: 'McpClient', isAllowed: 0 })
      .expect(201);
    key = await gateway.appKey(['server:loose'], 'loose-caller');
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  const post = async (message: Record<string, unknown>): Promise<unknown> =>
    (await gateway.postJson('/loose', key, message)).body;

  it('runs an allowed tool and refuses the denied one', async () => {
    expect(
      await post({ id: 1, method: 'tools/call', params: { name: 'read_file', arguments: {} } }),
    ).toMatchObject({
      result: { content: [{ text: 'ran read_file' }] },
    });
    expect(
      await post({ id: 2, method: 'tools/call', params: { name: 'write_file', arguments: {} } }),
    ).toMatchObject({
      error: { code: -32003 },
    });
  });

  it.each(['Tools/Call', 'TOOLS/CALL', ' tools/call', 'tools/call ', 'tools/call\t', 'tools/Call'])(
    'answers %j "Method not found" instead of handing it to the backend',
    async (method) => {
      const answer = await post({ id: 3, method, params: { name: 'write_file', arguments: {} } });
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32601, message: `Method not found: ${method}` },
      });
    },
  );

  it('drops a notification the gateway does not know; the backend keeps working', async () => {
    expect(
      await post({ method: 'Tools/Call', params: { name: 'write_file', arguments: {} } }),
    ).toBeUndefined();
    expect(await post({ id: 4, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
  });
});
