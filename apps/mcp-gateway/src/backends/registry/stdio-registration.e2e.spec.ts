// The stdio policy at the registry's doors (spec 7): `/api/servers` refuses with 400 and the
// policy's reason what could never start, storing nothing; a servers-file entry the policy
// refuses is loaded with the rest of the file and shown as Failed, with the reason, before any
// use. The gateway runs with an allow-list (GATEWAY_STDIO_ALLOWED_COMMANDS) here.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startTestService, type TestService } from '@platform/testing-service';
import { gatewayForTests } from '../../gateway.test-definition';
import {
  EVERYTHING_STDIO_COMMAND,
  type ServersFile,
  writeServersFile,
} from '../../testing/reference-servers';
import { DYNAMIC_LOADER } from '../stdio/stdio-child.spec-fixtures';

const LOADER = DYNAMIC_LOADER ?? '/lib64/ld-linux-x86-64.so.2';
/** Holds `mcp-server`, a symbolic link to /usr/bin/sh. */
const LINKS = mkdtempSync(join(tmpdir(), 'stdio-links-'));
const LINK_TO_SH = join(LINKS, 'mcp-server');

interface ServerStatus {
  readonly state: string;
  readonly lastError?: string;
}

describe('stdio policy at registration and load', () => {
  let serversFile: ServersFile;
  let service: TestService;
  let admin: Record<string, string>;

  const statusOf = async (id: string): Promise<ServerStatus> =>
    (await request(service.server).get(`/api/servers/${id}`).set(admin).expect(200)).body
      .status as ServerStatus;

  beforeAll(async () => {
    symlinkSync('/usr/bin/sh', LINK_TO_SH);
    serversFile = writeServersFile(
      `servers:
  - { id: everything, url: '${EVERYTHING_STDIO_COMMAND}', type: stdio }
  - { id: perl-inline, url: 'perl -e 1', type: stdio }
  - { id: loader, url: '${LOADER} /bin/sh -c id', type: stdio }
  - { id: memory, url: 'npx -y @modelcontextprotocol/server-memory', type: stdio }
`,
    );
    const { definition, secrets } = gatewayForTests();
    service = await startTestService(definition, {
      GATEWAY_SERVERS_FILE: serversFile.path,
      GATEWAY_STDIO_ALLOWED_COMMANDS: `${process.execPath},perl,awk`,
    });
    admin = { Authorization: `Bearer ${secrets.adminKey()}` };
  });

  afterAll(async () => {
    await service.close();
    serversFile.remove();
    rmSync(LINKS, { recursive: true, force: true });
  });

  it('loads the whole file and shows each refused entry as Failed with its reason, before any use', async () => {
    const listed = await request(service.server).get('/api/servers').set(admin).expect(200);
    const byId = new Map(
      (listed.body as { id: string; source: string; status: ServerStatus }[]).map((server) => [
        server.id,
        server,
      ]),
    );
    expect([...byId.keys()].sort()).toEqual(['everything', 'loader', 'memory', 'perl-inline', 'router']);
    expect(byId.get('everything')?.status.state).not.toBe('Failed');
    expect(byId.get('perl-inline')?.status).toMatchObject({
      state: 'Failed',
      lastError: expect.stringContaining(
        'stdio command refused (interpreter-code): runs code given on the command line: "-e"',
      ),
    });
    expect(byId.get('loader')?.status).toMatchObject({
      state: 'Failed',
      lastError: expect.stringContaining('(loader-executable)'),
    });
    expect(byId.get('memory')?.status).toMatchObject({
      state: 'Failed',
      lastError: expect.stringContaining(
        '(command-not-allowed): the executable is not in GATEWAY_STDIO_ALLOWED_COMMANDS',
      ),
    });
  });

  it.each<[string, Record<string, string>, string]>([
    ['the dynamic loader', { url: `${LOADER} /bin/sh -c id` }, 'loader-executable'],
    ['/proc/self/exe', { url: '/proc/self/exe -e 1' }, 'pseudo-file-executable'],
    ['a link to sh made in /tmp', { url: `${LINK_TO_SH} -c id` }, 'shell-executable'],
    ['env -S', { url: 'env -S id' }, 'command-runner'],
    ['awk program text', { url: "awk 'BEGIN{system(1)}'" }, 'interpreter-code'],
    ['perl -e', { url: 'perl -e 1' }, 'interpreter-code'],
    ['a program outside the allow-list', { url: 'uvx mcp-server-fetch' }, 'command-not-allowed'],
    [
      'the secret in NODE_OPTIONS',
      { url: EVERYTHING_STDIO_COMMAND, secretProvider: 'Environment', secretItemKey: 'NODE_OPTIONS' },
      'invalid-secret-variable',
    ],
  ])(
    'refuses to register %s with 400 and the policy reason, storing nothing',
    async (_name, fields, rule) => {
      const body = { id: 'refused', type: 'stdio', ...fields };
      const response = await request(service.server).post('/api/servers').set(admin).send(body).expect(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        status: 400,
        code: `server.stdio.${rule}`,
        detail: expect.stringContaining(`stdio command refused (${rule})`),
        rule,
      });
      await request(service.server).get('/api/servers/refused').set(admin).expect(404);
    },
  );

  it('registers what the policy allows, and refuses to replace it with what it refuses', async () => {
    await request(service.server)
      .post('/api/servers')
      .set(admin)
      .send({ id: 'allowed', type: 'stdio', url: EVERYTHING_STDIO_COMMAND })
      .expect(201);
    expect((await statusOf('allowed')).state).not.toBe('Failed');
    const replaced = await request(service.server)
      .put('/api/servers/allowed')
      .set(admin)
      .send({ id: 'allowed', type: 'stdio', url: 'perl -e 1' })
      .expect(400);
    expect(replaced.body.code).toBe('server.stdio.interpreter-code');
    expect((await request(service.server).get('/api/servers/allowed').set(admin).expect(200)).body.url).toBe(
      EVERYTHING_STDIO_COMMAND,
    );
  });
});
