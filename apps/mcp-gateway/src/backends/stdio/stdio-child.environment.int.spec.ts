// StdioChild with real processes: what the child's environment holds (its secret, under the
// configured names only) and what it never inherits; spawn failures.
import { StdioChild } from './stdio-child';
import {
  nextLine,
  readCommandLine,
  startWithSecret,
  writeFixtures,
  type Fixtures,
} from './stdio-child.spec-fixtures';

const SECRET = 'sk-live-7f3a9c2e1b';

describe('StdioChild environment (real processes)', () => {
  let fixtures: Fixtures;
  const children: StdioChild[] = [];

  function echo(parentEnvironment?: Readonly<Record<string, string | undefined>>): StdioChild {
    const created = new StdioChild({
      serverId: 'fixture',
      commandLine: fixtures.commandLine('echo.cjs'),
      parentEnvironment,
    });
    children.push(created);
    return created;
  }

  async function childEnvironment(target: StdioChild): Promise<Record<string, string | undefined>> {
    const reply = nextLine(target);
    await target.send('env');
    return JSON.parse(await reply) as Record<string, string | undefined>;
  }

  beforeAll(async () => {
    fixtures = await writeFixtures();
  });

  afterEach(async () => {
    await Promise.all(children.splice(0).map((each) => each.stop()));
  });

  afterAll(async () => {
    await fixtures.remove();
  });

  it('gives the child its secret in API_KEY and MCP_API_KEY only, without the removed variables', async () => {
    const child = echo({
      ...process.env,
      NODE_OPTIONS: '--max-old-space-size=64',
      LD_PRELOAD: '/nonexistent/hook.so',
      GATEWAY_ADMIN_TOKEN: 'gateway-only',
      DATABASE_URL: 'postgres://gateway',
      npm_config_call: 'id',
      DYLD_INSERT_LIBRARIES: '/x',
      API_KEY: 'inherited',
    });
    const pid = await startWithSecret(child, SECRET);
    const environment = await childEnvironment(child);
    expect(environment['API_KEY']).toBe(SECRET);
    expect(environment['MCP_API_KEY']).toBe(SECRET);
    for (const name of [
      'NODE_OPTIONS',
      'LD_PRELOAD',
      'GATEWAY_ADMIN_TOKEN',
      'DATABASE_URL',
      'npm_config_call',
      'DYLD_INSERT_LIBRARIES',
    ]) {
      expect({ name, value: environment[name] }).toEqual({ name, value: undefined });
    }
    expect(environment['PATH']).toBe(process.env['PATH']);
    expect(await readCommandLine(pid)).not.toContain(SECRET);
  });

  it("never passes on the gateway's own NODE_OPTIONS (set by the test runner)", async () => {
    expect(process.env['NODE_OPTIONS']).toContain('--experimental-vm-modules');
    const child = echo();
    await startWithSecret(child, SECRET);
    expect(await childEnvironment(child)).not.toHaveProperty('NODE_OPTIONS');
  });

  it('passes no secret variable when the server has no secret', async () => {
    const child = echo({ ...process.env, API_KEY: 'inherited', MCP_API_KEY: 'inherited' });
    await child.start({ kind: 'none' });
    const environment = await childEnvironment(child);
    expect(environment).not.toHaveProperty('API_KEY');
    expect(environment).not.toHaveProperty('MCP_API_KEY');
  });

  it('reports a missing executable as a spawn failure', async () => {
    const missing = new StdioChild({ serverId: 'missing', commandLine: '/nonexistent/mcp-server --stdio' });
    const result = await missing.start({ kind: 'none' });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'spawn', code: 'ENOENT' } });
    expect(missing.state).toBe('failed');
  });
});
