// Control commands through the official client against real tmux; key presses are proved by a
// program that records the bytes it receives.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI, { type APIError } from 'openai';
import { type BridgeUnderTest, startBridge, TmuxTestServer } from '@platform/testing-bridge';
import { BRIDGE_SERVICE } from '../term-bridge.module';

const CLAUDE_PROMPT = [
  '│ Bash command: rm -rf build',
  '│ Do you want to proceed?',
  '│ ❯ 1. Yes',
  "│   2. Yes, and don't ask again this session",
  '│   3. No, and tell Claude what to do differently (esc)',
];
const CODEX_PROMPT = [
  'Would you like to run the following command?',
  '  $ cargo test',
  'Press Enter to confirm or Esc to cancel',
];
const AIDER_PROMPT = ["Add src/app.py to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: "];

describe('control commands (openai client, real tmux)', () => {
  const tmux = TmuxTestServer.create('control');
  let bridge: BridgeUnderTest;

  async function say(model: string, content: string): Promise<string> {
    const completion = await bridge.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content }],
    });
    return completion.choices[0]?.message.content ?? '';
  }

  async function refusal(model: string, content: string): Promise<APIError> {
    const error = await say(model, content).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof OpenAI.APIError)) throw new Error('expected the command to be refused');
    return error;
  }

  beforeAll(async () => {
    await tmux.newSession('main');
    bridge = await startBridge(BRIDGE_SERVICE, tmux, { TERM_BRIDGE_FIRST_OUTPUT_MS: '400' });
  });

  afterAll(async () => {
    await bridge?.close();
    await tmux.kill();
  });

  it('/help lists the commands', async () => {
    const help = await say('term:main', '/help');
    for (const command of ['/list', '/new', '/kill', '/tail', '/cancel', '/approve', '/reject', '/keys'])
      expect(help).toContain(command);
  });

  it('answers an unknown command helpfully, typing nothing', async () => {
    expect(await say('term:main', '/usr/bin/env')).toMatch(
      /^Unknown command "\/usr\/bin\/env"\. Send \/help/,
    );
  });

  it('/new creates sessions, runs an optional command, and refuses an existing name', async () => {
    expect(await say('term:new', '/new build')).toBe(
      'Created session build: chat with the model term:build to use it.',
    );
    expect(await say('term:main', '/new job echo started-$((40+2))')).toBe(
      'Created session job: chat with the model term:job to use it.\n\nstarted-42',
    );
    const error = await refusal('term:new', '/new build');
    expect(error.status).toBe(400);
    expect(error.code).toBe('session_exists');
    expect(error.message).toBe('400 Session already exists: build');
    expect(await say('term:new', '/new')).toMatch(/^Created session term-1:/);
  });

  it('/list shows the sessions as a table', async () => {
    const list = await say('term:new', '/list');
    expect(list).toMatch(/^\| Session \| Model \|/);
    expect(list).toContain('| build | term:build |');
  });

  it('/kill ends a session by exact name', async () => {
    await tmux.newSession('build-extra');
    expect(await say('term:main', '/kill build')).toBe('Killed session build.');
    const remaining = await tmux.tmux('list-sessions', '-F', '#{session_name}');
    expect(remaining).toContain('build-extra');
    expect(remaining.split('\n')).not.toContain('build');
    const error = await refusal('term:main', '/kill build');
    expect(error.status).toBe(404);
    expect(error.code).toBe('session_not_found');
    expect(await say('term:main', '/kill')).toMatch(/^Usage: \/kill <name>/);
  });

  it('/tail shows the last lines; /cancel interrupts the running command', async () => {
    await say('term:main', 'for i in 1 2 3 4 5; do echo tail-$i; done');
    expect((await say('term:main', '/tail 3')).split('\n')).toEqual([
      'tail-4',
      'tail-5',
      expect.stringMatching(/[#$] ?$/),
    ]);
    const running = await say('term:main', 'sleep 60');
    expect(running).toBe('[sleep is still running: send /tail to see more output, /cancel to interrupt]');
    await say('term:main', '/cancel');
    expect(await say('term:main', 'echo after-cancel')).toBe('after-cancel');
  });

  it('session commands on term:new ask for a session', async () => {
    expect(await say('term:new', '/tail')).toMatch(/works on a session/);
    expect(await say('term:new', '/approve')).toMatch(/works on a session/);
  });

  describe('/keys', () => {
    it('presses allow-listed keys exactly', async () => {
      const recorder = await tmux.newRecorderSession('keys');
      await say('term:keys', '/keys C-c Escape y Enter F1 Up ; Tab');
      expect((await recorder.waitForBytes(12)).toString()).toBe('\u0003\u001by\r\u001bOP\u001b[A;\t');
    });

    it('refuses anything else and presses nothing', async () => {
      const recorder = await tmux.newRecorderSession('keys-refused');
      const error = await refusal('term:keys-refused', '/keys Enter kill-server');
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/Key "kill-server" is not allowed/);
      expect(recorder.bytes().length).toBe(0);
    });
  });

  describe('/approve and /reject', () => {
    it.each([
      ['Claude Code', CLAUDE_PROMPT, '/approve', 'Approved the Claude Code prompt.', '1'],
      ['Claude Code', CLAUDE_PROMPT, '/reject', 'Rejected the Claude Code prompt.', '\u001b'],
      ['Codex', CODEX_PROMPT, '/approve', 'Approved the Codex prompt.', 'y'],
      ['aider', AIDER_PROMPT, '/reject', 'Rejected the aider prompt.', 'n\r'],
    ])('answers a %s prompt with its keys', async (_program, screen, command, reply, bytes) => {
      const name = `prompt-${Math.random().toString(36).slice(2, 8)}`;
      const recorder = await tmux.newRecorderSession(name, { screen });
      await tmux.waitForScreen(name, (text) => text.includes(screen[screen.length - 1]?.trim() ?? ''));
      expect(await say(`term:${name}`, command)).toBe(reply);
      expect((await recorder.waitForBytes(bytes.length)).toString()).toBe(bytes);
    });

    it('sends nothing when no permission prompt is on screen', async () => {
      const recorder = await tmux.newRecorderSession('no-prompt', { screen: ['just some output'] });
      expect(await say('term:no-prompt', '/approve')).toBe(
        'No permission prompt is waiting in no-prompt: nothing was sent. /tail shows the screen.',
      );
      expect(await say('term:no-prompt', '/reject')).toMatch(/^No permission prompt is waiting/);
      expect(recorder.bytes().length).toBe(0);
    });
  });
});
