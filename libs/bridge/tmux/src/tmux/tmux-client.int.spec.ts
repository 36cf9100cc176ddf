// One-shot tmux commands against a real server: exact targeting and byte-exact typing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { TmuxTestServer } from '@platform/testing-bridge';
import { planTextInput } from './text-input-plan';
import { TmuxClient } from './tmux-client';
import { TmuxSessionExistsError, TmuxSessionNotFoundError, TmuxUnavailableError } from './tmux-errors';
import { ProcessTmuxRunner } from './tmux-runner';

describe('tmux client (real tmux)', () => {
  const tmux = TmuxTestServer.create('tmux-client');
  const client = new TmuxClient(new ProcessTmuxRunner(tmux.server));

  /** Types text the way the bridge does: the planned steps, then Enter as its own key press. */
  async function type(paneId: string, text: string): Promise<void> {
    for (const step of planTextInput(text)) {
      if (step.kind === 'literal') await client.sendLiteral(paneId, step.text);
      else await client.paste(paneId, step.text);
    }
    await client.sendKeys(paneId, [{ kind: 'named', name: 'Enter' }]);
  }

  beforeAll(async () => {
    await tmux.newSession('sp-ace');
  });

  afterAll(async () => {
    await tmux.kill();
  });

  it('lists sessions with valid names only', async () => {
    await tmux.tmux('new-session', '-d', '-s', 'my session');
    const names = (await client.listSessions()).map((session) => session.name);
    expect(names).toContain('sp-ace');
    expect(names).not.toContain('my session');
    const [session] = await client.listSessions();
    expect(session?.created).toBeGreaterThan(1_600_000_000);
  });

  it("reads tmux's answers in a C locale too (a slim image sets no LANG)", async () => {
    const saved = {
      LANG: process.env['LANG'],
      LC_ALL: process.env['LC_ALL'],
      LC_CTYPE: process.env['LC_CTYPE'],
    };
    process.env['LANG'] = 'C';
    delete process.env['LC_ALL'];
    delete process.env['LC_CTYPE'];
    try {
      // Without -u, tmux would print the tabs between the fields as '_' and no line would parse.
      const names = (await client.listSessions()).map((session) => session.name);
      expect(names).toContain('sp-ace');
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('addresses sessions exactly: a prefix neither exists nor can be killed', async () => {
    expect(await client.sessionExists('sp')).toBe(false);
    await expect(client.killSession('sp')).rejects.toBeInstanceOf(TmuxSessionNotFoundError);
    expect(await client.sessionExists('sp-ace')).toBe(true);
  });

  it('creates sessions and refuses duplicates', async () => {
    const created = await client.createSession('fresh', { command: 'exec sleep 600' });
    expect(created.sessionId).toMatch(/^\$\d+$/);
    expect(created.paneId).toMatch(/^%\d+$/);
    await expect(client.createSession('fresh')).rejects.toBeInstanceOf(TmuxSessionExistsError);
    await client.killSession('fresh');
    expect(await client.sessionExists('fresh')).toBe(false);
  });

  it('refuses unvalidated names before tmux sees them, so formats never run', async () => {
    const marker = tmux.path('name-marker');
    await expect(client.createSession(`x#(touch ${marker})`)).rejects.toThrow(TypeError);
    await expect(client.sessionExists('a.b')).rejects.toThrow(TypeError);
    expect(existsSync(marker)).toBe(false);
  });

  it.each([
    ['a word that is a key name', 'Enter'],
    ['a control-key name', 'C-c'],
    ['an option-like word', '-R'],
    ['a trailing separator', 'echo a;'],
    ['a lone separator', ';'],
    ['an escaped separator', 'find . -exec true {} \\;'],
    ['tmux formats', '#{pane_id} #(touch /tmp/never)'],
    ['a tmux command after a separator', 'x ; run-shell "touch /tmp/never"'],
    ['quotes and backslashes', `'"\\'\\\\`],
    ['Unicode and emoji', 'héllo 宽 ✓ 🙂👍🏽'],
    ['a long line', 'x'.repeat(3000)],
  ])('types %s byte for byte', async (_label, text) => {
    const name = `rec-${Math.random().toString(36).slice(2, 8)}`;
    const recorder = await tmux.newRecorderSession(name);
    const pane = await client.paneStateOf(name);
    await type(pane.paneId, text);
    const expected = Buffer.from(`${text}\r`);
    expect((await recorder.waitForBytes(expected.length)).toString('utf8')).toBe(expected.toString('utf8'));
  });

  it('pastes multi-line text as one bracketed paste when the program asks for it', async () => {
    const recorder = await tmux.newRecorderSession('rec-bracketed', { bracketedPaste: true });
    const pane = await client.paneStateOf('rec-bracketed');
    const text = 'line one\nline two;\n  indented\t tab';
    await type(pane.paneId, text);
    // Like a real terminal, tmux sends line breaks inside a paste as carriage returns.
    const expected = `\u001b[200~${text.replace(/\n/g, '\r')}\u001b[201~\r`;
    expect((await recorder.waitForBytes(Buffer.byteLength(expected))).toString('utf8')).toBe(expected);
  });

  it('presses allow-listed keys', async () => {
    const recorder = await tmux.newRecorderSession('rec-keys');
    const pane = await client.paneStateOf('rec-keys');
    await client.sendKeys(pane.paneId, [
      { kind: 'named', name: 'C-c' },
      { kind: 'named', name: 'Escape' },
      { kind: 'literal', text: ';' },
      { kind: 'literal', text: 'y' },
      { kind: 'named', name: 'Enter' },
    ]);
    expect(await recorder.waitForBytes(5)).toEqual(Buffer.from('\u0003\u001b;y\r'));
  });

  it('captures the rendered pane', async () => {
    await tmux.newSession('capture', "printf 'one\\ntwo\\n'; exec sleep 600");
    await tmux.waitForScreen('capture', (screen) => screen.includes('two'));
    expect(await client.capturePane('capture', 10)).toEqual(['one', 'two']);
    expect(await client.capturePane('capture', 1)).toEqual(['two']);
    await expect(client.capturePane('no-such', 5)).rejects.toBeInstanceOf(TmuxSessionNotFoundError);
  });

  it('reports the tmux version and a missing executable', async () => {
    expect(await client.version()).toMatch(/^tmux \d/);
    const missing = new TmuxClient(new ProcessTmuxRunner({ binary: '/nonexistent/tmux' }));
    await expect(missing.listSessions()).rejects.toBeInstanceOf(TmuxUnavailableError);
  });

  it('treats a server that is not running as having no sessions', async () => {
    const idle = new TmuxClient(
      new ProcessTmuxRunner({ binary: 'tmux', socketName: `${tmux.socketName}-idle` }),
    );
    expect(await idle.listSessions()).toEqual([]);
    expect(await idle.sessionExists('anything')).toBe(false);
  });
});
