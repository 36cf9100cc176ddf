// stdio backends through the gateway: a real MCP server from npm started on first use with its
// secret only in its environment, a policy refusal that never spawns anything, and a child
// that is gone once the gateway shuts down.
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../../gateway.test-definition';
import {
  EVERYTHING_SERVER as EVERYTHING,
  type ServersFile,
  writeServersFile,
} from '../../testing/reference-servers';
import { ConnectionManager } from './connection-manager.service';

const SECRET = 'stdio-secret-5f1c2e9a';
/** Other services' secrets in the gateway's environment, as `npm start` used to set them for all. */
const PLANTED = { TERM_BRIDGE_API_KEY: 'bridge-key-3d9a41', SOME_OTHER_SECRET: 'other-secret-c0ffee' };

describe('stdio backends', () => {
  let serversFile: ServersFile;
  let service: TestService;
  let admin: Record<string, string>;

  const status = async (id: string) =>
    (await request(service.server).get(`/api/servers/${id}`).set(admin).expect(200)).body.status as {
      state: string;
      lastError?: string;
    };

  beforeAll(async () => {
    process.env['E2E_STDIO_BACKEND_SECRET'] = SECRET;
    Object.assign(process.env, PLANTED);
    serversFile = writeServersFile(
      `servers:
  - id: everything
    url: '"${process.execPath}" "${EVERYTHING}" stdio'
    type: stdio
    secretProvider: Environment
    secretItemKey: E2E_STDIO_BACKEND_SECRET
  - id: shell
    url: 'bash -c "echo hi"'
    type: stdio
`,
    );
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition, { GATEWAY_SERVERS_FILE: serversFile.path });
    admin = { Authorization: `Bearer ${secrets.adminKey()}` };
  });

  afterAll(async () => {
    await service.close();
    delete process.env['E2E_STDIO_BACKEND_SECRET'];
    for (const name of Object.keys(PLANTED)) delete process.env[name];
    serversFile.remove();
  });

  it('starts a stdio server on first use, not before', async () => {
    expect((await status('everything')).state).toBe('Disconnected');
    const client = await service.app.get(ConnectionManager).clientFor('everything');
    expect((await status('everything')).state).toBe('Connected');
    expect(await client.callTool({ name: 'echo', arguments: { message: 'over stdio' } })).toEqual({
      content: [{ type: 'text', text: 'Echo: over stdio' }],
    });
  });

  it('hands the secret to the child only through its environment', async () => {
    const client = await service.app.get(ConnectionManager).clientFor('everything');
    const result = (await client.callTool({ name: 'get-env', arguments: {} })) as {
      content: { text: string }[];
    };
    const environment = JSON.parse(result.content[0]?.text ?? '{}') as Record<string, string>;
    expect(environment['API_KEY'] ?? environment['E2E_STDIO_BACKEND_SECRET']).toBe(SECRET);
    expect(environment['MCP_API_KEY']).toBe(SECRET);
    expect(
      Object.keys(environment).some((name) => name.startsWith('GATEWAY_') || name === 'DATABASE_URL'),
    ).toBe(false);
    expect(environment).not.toHaveProperty('TERM_BRIDGE_API_KEY');
    expect(environment).not.toHaveProperty('SOME_OTHER_SECRET');
    expect(JSON.stringify(environment)).not.toContain(PLANTED.TERM_BRIDGE_API_KEY);
    const servers = await request(service.server).get('/api/servers').set(admin).expect(200);
    expect(JSON.stringify(servers.body)).not.toContain(SECRET);
  });

  it('refuses a shell command line without starting anything, and shows the server as Failed', async () => {
    await expect(service.app.get(ConnectionManager).clientFor('shell')).rejects.toMatchObject({
      kind: 'upstream-failed',
    });
    const shell = await status('shell');
    expect(shell.state).toBe('Failed');
    expect(shell.lastError).toMatch(/shell/i);
  });
});
