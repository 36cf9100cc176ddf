// A session is ready for input when its creation returns (decision 018, "A new session is
// ready when creation returns"), with real tmux, the official `openai` client and the MCP SDK
// client: the first message right after `/new`, `term:new` or `create_session` gets its whole
// output, for shells that start at once, after a pause, after printing something first, and
// more slowly than the bridge used to wait.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  type BridgeUnderTest,
  startBridge,
  TEST_SHELL_COMMAND,
  TmuxTestServer,
} from '@platform/testing-bridge';
import { TapsService } from '../taps/taps.service';
import { BRIDGE_SERVICE } from '../term-bridge.module';

const STARTS = [
  { label: 'a shell that starts at once', command: TEST_SHELL_COMMAND },
  { label: 'a shell that starts after a second', command: "sh -c 'sleep 1; exec sh'" },
  {
    label: 'a shell that prints a line, then starts after a second',
    command: "sh -c 'echo starting; sleep 1; exec sh'",
  },
  { label: 'a shell that takes three seconds to start', command: "sh -c 'sleep 3; exec sh'" },
];

describe.each(STARTS)('the first message to a new session: $label', ({ command }) => {
  const tmux = TmuxTestServer.create('start');
  let bridge: BridgeUnderTest;
  let mcp: Client;

  async function say(model: string, content: string): Promise<string> {
    const completion = await bridge.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content }],
    });
    return completion.choices[0]?.message.content ?? '';
  }

  async function sayStreamed(model: string, content: string): Promise<string> {
    const stream = await bridge.openai.chat.completions.create({
      model,
      stream: true,
      messages: [{ role: 'user', content }],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    return text;
  }

  async function callTool(name: string, args: Record<string, unknown>): Promise<string> {
    const result = (await mcp.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(result.isError ?? false).toBe(false);
    return result.content.map((part) => part.text).join('\n');
  }

  beforeAll(async () => {
    bridge = await startBridge(BRIDGE_SERVICE, tmux, {
      TERM_BRIDGE_DEFAULT_COMMAND: command,
      TERM_BRIDGE_TAPS_PERSIST: 'false',
    });
    mcp = new Client({ name: 'term-bridge-start-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${bridge.baseUrl}/mcp`), {
        requestInit: { headers: bridge.auth },
      }),
    );
  });

  afterAll(async () => {
    await mcp?.close();
    await bridge?.close();
    await tmux.kill();
  });

  it('answers `echo hello` right after /new, whole and streamed, every time', async () => {
    for (const round of [1, 2, 3]) {
      expect(await say('term:new', `/new chat-${round}`)).toMatch(/^Created session chat-\d:/);
      expect(await say(`term:chat-${round}`, 'echo hello')).toBe('hello');
    }
    expect(await say('term:new', '/new streamed')).toMatch(/^Created session streamed:/);
    expect(await sayStreamed('term:streamed', 'echo hello')).toBe('hello');
  });

  it('answers the message that creates a term:new session, and /new with a command', async () => {
    expect(await say('term:new', 'echo hello')).toMatch(/^Created session term-\d+: .*\n\nhello$/);
    expect(await say('term:new', '/new with-command echo hello')).toMatch(
      /^Created session with-command: .*\n\nhello$/,
    );
  });

  it('answers send_text right after create_session, and create_session with a command', async () => {
    await callTool('create_session', { name: 'tool-made' });
    expect(await callTool('send_text', { session: 'tool-made', text: 'echo hello' })).toBe('hello');
    expect(await callTool('create_session', { name: 'tool-command', command: 'echo hello' })).toBe('hello');
  });

  it('records when each session became ready, and why', () => {
    const ready = bridge.service.app
      .get(TapsService)
      .list({ kind: 'session', limit: 1000 })
      .events.filter((event) => event.data['event'] === 'ready');
    expect(ready.length).toBeGreaterThanOrEqual(8);
    for (const event of ready) expect(['prompt', 'shell']).toContain(event.data['reason']);
  });
});
