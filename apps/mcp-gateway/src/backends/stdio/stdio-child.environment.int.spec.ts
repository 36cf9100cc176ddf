// StdioChild with real processes: what the child's environment holds (an allow-list of the
// gateway's, and its secret under the configured names only) and what it never inherits, also
// through a real `npx -y @modelcontextprotocol/server-everything` launch; spawn failures.
import { REPOSITORY_ROOT } from '../../testing/reference-servers';
import { isInheritedVariable } from './child-environment';
import { StdioChild } from './stdio-child';
import {
  nextLine,
  readCommandLine,
  startWithSecret,
  writeFixtures,
  type Fixtures,
} from './stdio-child.spec-fixtures';

const SECRET = 'sk-live-7f3a9c2e1b';
/** Secrets of other services, as `npm start` sets them for all of them. */
const PLANTED = { TERM_BRIDGE_API_KEY: 'bridge-key-0b7e', SOME_OTHER_SECRET: 'other-secret-91c4' };
/** What npm itself sets for the program it starts (not inherited from the gateway). */
const SET_BY_NPM = new Set(['NODE', 'COLOR', 'EDITOR', 'INIT_CWD', 'PWD']);

/** Sends one JSON-RPC request line and resolves with the answer carrying its id. */
async function call(child: StdioChild, id: number, method: string, params: object): Promise<unknown> {
  const answer = new Promise<unknown>((resolve) => {
    const listen = (line: string): void => {
      const message = JSON.parse(line) as { id?: number; result?: unknown };
      if (message.id !== id) return;
      child.off('line', listen);
      resolve(message.result);
    };
    child.on('line', listen);
  });
  await child.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  return answer;
}

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
      ...PLANTED,
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
      ...Object.keys(PLANTED),
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

  it("starts server-everything through npx -y, and get-env shows its secret but no other service's", async () => {
    const parent: Readonly<Record<string, string | undefined>> = { ...process.env, ...PLANTED };
    const child = new StdioChild({
      serverId: 'everything',
      commandLine: 'npx -y @modelcontextprotocol/server-everything stdio',
      parentEnvironment: parent,
      cwd: REPOSITORY_ROOT,
    });
    children.push(child);
    await startWithSecret(child, SECRET);
    await call(child, 1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'environment-test', version: '1.0.0' },
    });
    await child.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const result = (await call(child, 2, 'tools/call', { name: 'get-env', arguments: {} })) as {
      content: { text: string }[];
    };
    const environment = JSON.parse(result.content[0]?.text ?? '{}') as Record<string, string>;
    expect(environment['API_KEY']).toBe(SECRET);
    expect(environment['MCP_API_KEY']).toBe(SECRET);
    expect(environment).not.toHaveProperty('TERM_BRIDGE_API_KEY');
    expect(environment).not.toHaveProperty('SOME_OTHER_SECRET');
    // Nothing else of the gateway's environment arrives unless the allow-list lets it.
    const inherited = Object.keys(environment).filter(
      (name) =>
        parent[name] === environment[name] &&
        !isInheritedVariable(name) &&
        !name.startsWith('npm_') &&
        !SET_BY_NPM.has(name),
    );
    expect(inherited).toEqual([]);
  });

  it('reports a missing executable as a spawn failure', async () => {
    const missing = new StdioChild({ serverId: 'missing', commandLine: '/nonexistent/mcp-server --stdio' });
    const result = await missing.start({ kind: 'none' });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'spawn', code: 'ENOENT' } });
    expect(missing.state).toBe('failed');
  });
});
