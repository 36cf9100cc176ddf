// What a shell the bridge creates inherits (decision 018, "What a session inherits"), with real
// tmux, the official `openai` client and the MCP SDK client: the bridge's key, its database URL
// and any other variable of its process never reach a session, neither through a tmux server
// the bridge starts (whose global environment is its first client's) nor through a user's
// running server (whose `update-environment` copies client variables into sessions); the
// process basics do, and sessions start in the home directory.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { BRIDGE_SERVICE } from '../term-bridge.module';

/** Variables of the bridge's process that no session may see (values filled in once the bridge runs). */
const PLANTED_NAMES = [
  'TERM_BRIDGE_API_KEY',
  'DATABASE_URL',
  'DATABASE_DATA_DIR',
  'PORT',
  'BRIDGE_DEPLOY_TOKEN',
  'LC_PLANTED_SECRET',
] as const;

/** What the process basics are set to while the bridge runs. */
const LANG = 'C.UTF-8';

interface Harness {
  readonly bridge: BridgeUnderTest;
  readonly mcp: Client;
  readonly secrets: readonly string[];
}

const originalEnvironment = { ...process.env };

/** Starts the bridge, then plants its secrets in its process environment, where production keeps them. */
async function startPlanted(tmux: TmuxTestServer): Promise<Harness> {
  const bridge = await startBridge(BRIDGE_SERVICE, tmux, { TERM_BRIDGE_TAPS_PERSIST: 'false' });
  const planted: Record<(typeof PLANTED_NAMES)[number], string> = {
    TERM_BRIDGE_API_KEY: bridge.apiKey,
    DATABASE_URL: bridge.service.database.url,
    DATABASE_DATA_DIR: `/var/lib/planted-${randomBytes(6).toString('hex')}`,
    PORT: '48082',
    BRIDGE_DEPLOY_TOKEN: `planted-token-${randomBytes(12).toString('hex')}`,
    LC_PLANTED_SECRET: `planted-locale-${randomBytes(12).toString('hex')}`,
  };
  Object.assign(process.env, planted, { LANG });
  const mcp = new Client({ name: 'term-bridge-environment-test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${bridge.baseUrl}/mcp`), {
      requestInit: { headers: bridge.auth },
    }),
  );
  return { bridge, mcp, secrets: Object.values(planted) };
}

function restoreEnvironment(): void {
  for (const name of Object.keys(process.env)) {
    if (!(name in originalEnvironment)) delete process.env[name];
  }
  Object.assign(process.env, originalEnvironment);
}

/** The variable names of `env` output (one `NAME=value` per logical line). */
function namesIn(output: string): string[] {
  return output
    .split('\n')
    .map((line) => /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

function expectNoSecrets(output: string, harness: Harness): void {
  for (const secret of harness.secrets) expect(output).not.toContain(secret);
  const names = namesIn(output);
  for (const name of PLANTED_NAMES) expect(names).not.toContain(name);
}

/** A shell's `env`: no planted variable, and the basics a program needs. */
function expectCleanShellEnvironment(output: string, harness: Harness): void {
  expectNoSecrets(output, harness);
  const lines = output.split('\n');
  expect(lines).toContain(`PATH=${originalEnvironment['PATH'] ?? ''}`);
  expect(lines).toContain(`HOME=${homedir()}`);
  expect(lines).toContain(`LANG=${LANG}`);
}

async function say(harness: Harness, model: string, content: string): Promise<string> {
  const completion = await harness.bridge.openai.chat.completions.create({
    model,
    messages: [{ role: 'user', content }],
  });
  return completion.choices[0]?.message.content ?? '';
}

async function callTool(harness: Harness, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await harness.mcp.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text: string }[];
  };
  expect(result.isError ?? false).toBe(false);
  return result.content.map((part) => part.text).join('\n');
}

/** Creates sessions through every channel and returns what `env` shows in each. */
async function environmentsOfNewSessions(harness: Harness, prefix: string): Promise<string[]> {
  const throughTermNew = await say(harness, 'term:new', 'env');
  expect(throughTermNew).toMatch(/^Created session term-\d+:/);
  expect(await say(harness, 'term:new', `/new ${prefix}-chat`)).toMatch(/^Created session/);
  const throughSlashNew = await say(harness, `term:${prefix}-chat`, 'env');
  await callTool(harness, 'create_session', { name: `${prefix}-mcp` });
  const throughMcp = await callTool(harness, 'send_text', { session: `${prefix}-mcp`, text: 'env' });
  const throughMcpCommand = await callTool(harness, 'create_session', {
    name: `${prefix}-mcp-command`,
    command: 'env',
  });
  return [throughTermNew, throughSlashNew, throughMcp, throughMcpCommand];
}

describe('the environment of sessions the bridge creates (real HTTP, real tmux)', () => {
  afterAll(() => restoreEnvironment());

  describe('on a tmux server the bridge starts', () => {
    const tmux = TmuxTestServer.create('env-fresh');
    let harness: Harness;

    beforeAll(async () => {
      harness = await startPlanted(tmux);
    });

    afterAll(async () => {
      await harness?.mcp.close();
      await harness?.bridge.close();
      restoreEnvironment();
      await tmux.kill();
    });

    it('gives shells made through term:new, /new and create_session the basics and no secret', async () => {
      const environments = await environmentsOfNewSessions(harness, 'fresh');
      for (const output of environments) expectCleanShellEnvironment(output, harness);
    });

    it('starts the server with the allow-listed environment as its global environment', async () => {
      const global = await tmux.tmux('show-environment', '-g');
      expectNoSecrets(global, harness);
      expect(global.split('\n')).toContain(`LANG=${LANG}`);
    });

    it('starts sessions in the home directory, not in the bridge’s working directory', async () => {
      expect(await say(harness, 'term:new', '/new fresh-pwd')).toMatch(/^Created session fresh-pwd/);
      expect(await say(harness, 'term:fresh-pwd', 'pwd')).toBe(homedir());
    });
  });

  describe('on a tmux server that is already running (the user’s own)', () => {
    const tmux = TmuxTestServer.create('env-user');
    const agentSocket = `/tmp/planted-agent-${randomBytes(4).toString('hex')}/agent.1`;
    let harness: Harness;

    beforeAll(async () => {
      // The user's server and session, started before the bridge (from an environment without
      // the planted names, whatever the machine running the tests sets), with a configuration
      // that copies more client variables into sessions than tmux's default list does.
      for (const name of PLANTED_NAMES) delete process.env[name];
      await tmux.newSession('mine');
      await tmux.tmux(
        'set-option',
        '-g',
        'update-environment',
        `DISPLAY SSH_AUTH_SOCK ${PLANTED_NAMES.join(' ')}`,
      );
      await tmux.tmux('set-environment', '-t', '=mine', 'SSH_AUTH_SOCK', agentSocket);
      harness = await startPlanted(tmux);
    });

    afterAll(async () => {
      await harness?.mcp.close();
      await harness?.bridge.close();
      restoreEnvironment();
      await tmux.kill();
    });

    it('gives sessions it creates no variable of the bridge, whatever update-environment copies', async () => {
      const environments = await environmentsOfNewSessions(harness, 'user');
      for (const output of environments) expectNoSecrets(output, harness);
      for (const name of ['user-chat', 'user-mcp']) {
        expectNoSecrets(await tmux.tmux('show-environment', '-t', `=${name}`), harness);
      }
    });

    it('leaves the environment of the user’s own sessions as it was when it attaches to them', async () => {
      expect(await say(harness, 'term:mine', 'echo attached')).toBe('attached');
      const environment = await tmux.tmux('show-environment', '-t', '=mine');
      expectNoSecrets(environment, harness);
      expect(environment.split('\n')).toContain(`SSH_AUTH_SOCK=${agentSocket}`);
    });
  });
});
