// Whole turns against real tmux: typing, following output through control mode, rendering with
// the headless terminal, and settling.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { TmuxTestServer } from '@platform/testing-bridge';
import { SessionMonitor } from '../session/session-monitor';
import { TmuxClient } from '../tmux/tmux-client';
import { ProcessTmuxRunner } from '../tmux/tmux-runner';
import { runTurn, type TurnRequest, type TurnResult } from './pane-turn';
import type { TurnInput } from './send-input';

const TIMINGS = { quietMs: 300, firstOutputMs: 1500, maxMs: 8000 };

describe('turns (real tmux)', () => {
  const tmux = TmuxTestServer.create('pane-turn');
  const client = new TmuxClient(new ProcessTmuxRunner(tmux.server));
  const monitors: SessionMonitor[] = [];

  async function session(name: string, command?: string): Promise<SessionMonitor> {
    await tmux.newSession(name, command);
    if (command === undefined) await tmux.waitForScreen(name, (screen) => /[$#] ?$/m.test(screen));
    const monitor = await SessionMonitor.open(tmux.server, name);
    monitors.push(monitor);
    return monitor;
  }

  function turn(
    monitor: SessionMonitor,
    input: TurnInput | string,
    extra: Partial<TurnRequest> = {},
  ): Promise<TurnResult> {
    return runTurn(
      { monitor, keyboard: monitor.keyboard(client) },
      {
        input: typeof input === 'string' ? { kind: 'text', text: input } : input,
        timings: TIMINGS,
        enterDelayMs: 20,
        ...extra,
      },
    );
  }

  afterAll(async () => {
    await Promise.all(monitors.map((monitor) => monitor.close()));
    await tmux.kill();
  });

  describe('in a shell', () => {
    let shell: SessionMonitor;
    beforeAll(async () => {
      shell = await session('shell');
    });

    it('returns the output without the echoed command or the prompt, ending at the prompt', async () => {
      const result = await turn(shell, 'echo hello; echo "two  words"');
      expect(result.text).toBe('hello\ntwo  words');
      expect(result.outcome.reason).toBe('prompt');
      expect(result.mode).toBe('line');
      expect(result.commandBefore).toBe('bash');
    });

    it('joins lines the terminal wrapped and resolves carriage-return overwrites', async () => {
      const long = 'x'.repeat(150);
      const result = await turn(
        shell,
        `printf '%s\\n' ${long}; printf 'progress 10%%\\rprogress 99%%\\n'; printf 'abc\\bX\\n'`,
      );
      expect(result.text).toBe(`${long}\nprogress 99%\nabX`);
    });

    it('drops the echo of every line of a multi-line input', async () => {
      const result = await turn(shell, 'echo first\necho second');
      expect(result.text).toBe('first\nsecond');
    });

    it('streams pieces that add up to the whole text, as lines complete', async () => {
      const pieces: string[] = [];
      const result = await turn(shell, 'for i in 1 2 3; do echo tick$i; sleep 0.2; done', {
        onText: (piece) => pieces.push(piece),
      });
      expect(pieces.join('')).toBe(result.text);
      expect(result.text).toBe('tick1\ntick2\ntick3');
      expect(pieces.length).toBeGreaterThanOrEqual(3);
    });

    it('keeps Unicode, wide characters and emoji', async () => {
      const result = await turn(shell, "printf 'héllo 宽 ✓ 🙂\\n'");
      expect(result.text).toBe('héllo 宽 ✓ 🙂');
    });

    it('reads on after the screen is cleared', async () => {
      const result = await turn(shell, 'clear; echo after-clear');
      expect(result.text).toBe('after-clear');
    });

    it('ends a silent command at its prompt with no text', async () => {
      const result = await turn(shell, 'true');
      expect(result).toMatchObject({ text: '', outcome: { reason: 'prompt' } });
    });

    it('waits for the first output, then settles when it stops', async () => {
      const result = await turn(shell, 'sleep 0.5; echo late; sleep 5');
      expect(result.text).toBe('late');
      expect(result.outcome.reason).toBe('quiet');
      expect(result.commandAfter).toBe('sleep');
      await turn(shell, { kind: 'keys', keys: [{ kind: 'named', name: 'C-c' }] });
    });

    it('gives up waiting for output after the first-output wait', async () => {
      const result = await turn(shell, 'sleep 5', { timings: { ...TIMINGS, firstOutputMs: 300 } });
      expect(result).toMatchObject({ text: '', outcome: { reason: 'no-output' }, commandAfter: 'sleep' });
      await turn(shell, { kind: 'keys', keys: [{ kind: 'named', name: 'C-c' }] });
    });

    it('caps a command that never stops printing', async () => {
      const result = await turn(shell, 'while true; do echo spam; sleep 0.05; done', {
        timings: { ...TIMINGS, maxMs: 600 },
      });
      expect(result.outcome.reason).toBe('max-time');
      expect(result.text.split('\n').every((line) => line === 'spam')).toBe(true);
      await turn(shell, { kind: 'keys', keys: [{ kind: 'named', name: 'C-c' }] });
    });

    it('stops following when the client goes away', async () => {
      const controller = new AbortController();
      const pending = turn(shell, 'sleep 0.3; echo gone', { signal: controller.signal });
      controller.abort();
      expect((await pending).outcome.reason).toBe('cancelled');
      await turn(shell, 'true');
    });

    it('returns the settled screen of a full-screen program, then the shell again', async () => {
      const file = tmux.path('pager.txt');
      writeFileSync(file, Array.from({ length: 60 }, (_, index) => `pager line ${index + 1}`).join('\n'));
      const opened = await turn(shell, `less ${file}`);
      expect(opened.mode).toBe('line');
      expect(opened.text).toContain('pager line 1\npager line 2');
      expect(opened.text).not.toContain('pager line 40');
      const paged = await turn(shell, { kind: 'keys', keys: [{ kind: 'named', name: 'Space' }] });
      expect(paged.mode).toBe('screen');
      expect(paged.text).toContain('pager line 30');
      const closed = await turn(shell, { kind: 'keys', keys: [{ kind: 'literal', text: 'q' }] });
      expect(closed.text).not.toContain('pager line');
      expect((await turn(shell, 'echo back')).text).toBe('back');
    });
  });

  describe('a streamed reply follows the command until the prompt returns', () => {
    let shell: SessionMonitor;
    beforeAll(async () => {
      shell = await session('follow');
    });

    it('streams through a pause and ends when the prompt is back, not at the pause', async () => {
      const pieces: string[] = [];
      const result = await turn(shell, 'echo start; sleep 1.5; echo end', {
        ending: 'prompt',
        onText: (piece) => pieces.push(piece),
      });
      expect(result).toMatchObject({
        text: 'start\nend',
        outcome: { reason: 'prompt' },
        commandAfter: 'bash',
      });
      expect(pieces).toEqual(['start', '\nend']);
      // The same command in a whole reply ends at the pause, with sleep still running.
      const whole = await turn(shell, 'echo start; sleep 1.5; echo end');
      expect(whole).toMatchObject({ text: 'start', outcome: { reason: 'quiet' }, commandAfter: 'sleep' });
      expect((await turn(shell, 'sleep 2; echo drained', { ending: 'prompt' })).text).toContain('drained');
    });

    it('ends when the shell is back in the foreground though its prompt is unrecognisable, not while a builtin runs', async () => {
      // A prompt that changes with every command and matches no prompt pattern; no automatic-rename.
      const monitor = await session(
        'plain',
        `exec env HISTFILE=/dev/null PS1='[\\#] ' bash --norc --noprofile`,
      );
      await tmux.tmux('set-option', '-w', '-t', '=plain:', 'automatic-rename', 'off');
      await tmux.waitForScreen('plain', (screen) => screen.includes('] '));
      // `read -t` is a builtin: bash stays in the foreground, silent, with nothing drawn at the cursor.
      const result = await turn(monitor, 'read -t 1.5 x; echo woke', { ending: 'prompt' });
      expect(result).toMatchObject({ text: 'woke', outcome: { reason: 'prompt' }, commandAfter: 'bash' });
    });

    it('ends a key press at an idle shell at the first pause, even when the screen stays the same', async () => {
      const clearScreen = { kind: 'keys' as const, keys: [{ kind: 'named' as const, name: 'C-l' }] };
      await turn(shell, clearScreen, { ending: 'prompt' });
      // Cleared twice: nothing on screen changes, the shell still waits at its prompt.
      const again = await turn(shell, clearScreen, { ending: 'prompt' });
      expect(again).toMatchObject({ text: '', outcome: { reason: 'prompt' }, commandAfter: 'bash' });
    });

    it('never ends a full-screen program by itself: only the caller stops following it', async () => {
      const monitor = await session('follow-top');
      const controller = new AbortController();
      const pending = turn(monitor, 'top -d 0.3', { ending: 'prompt', signal: controller.signal });
      await tmux.waitForScreen('follow-top', (screen) => screen.includes('PID'));
      // Set-up, not an assertion: several refreshes and pauses longer than the quiet period pass.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      controller.abort();
      const result = await pending;
      expect(result.outcome.reason).toBe('cancelled');
      expect(result.text).toMatch(/PID USER/);
      await turn(monitor, { kind: 'keys', keys: [{ kind: 'literal', text: 'q' }] });
    });
  });

  it('reads a program that redraws the normal screen (top) as a screen, not as a stream of rows', async () => {
    const monitor = await session('top');
    const pieces: string[] = [];
    const result = await turn(monitor, 'top -d 0.2', { onText: (piece) => pieces.push(piece) });
    expect(result.mode).toBe('line');
    expect(pieces).toHaveLength(1);
    expect(result.text).toMatch(/^top - .*\nTasks:/);
    expect(result.text).toMatch(/PID USER/);
    expect(result.commandAfter).toBe('top');
    await turn(monitor, { kind: 'keys', keys: [{ kind: 'literal', text: 'q' }] });
    expect((await turn(monitor, 'echo after-top')).text).toBe('after-top');
  });

  it('ends at an OSC 133 "command finished" mark from shell integration', async () => {
    const monitor = await session('osc');
    const result = await turn(monitor, "printf 'marked\\n\\033]133;D;0\\007'; sleep 5", {
      timings: { quietMs: 3000, firstOutputMs: 3000, maxMs: 8000 },
    });
    expect(result).toMatchObject({ text: 'marked', outcome: { reason: 'prompt' } });
    await turn(monitor, { kind: 'keys', keys: [{ kind: 'named', name: 'C-c' }] });
  });

  it('ends when automatic-rename gives the window back to the shell (no recognisable prompt)', async () => {
    const monitor = await session('renamed', 'exec env HISTFILE=/dev/null PS1= bash --norc --noprofile');
    await tmux.tmux('set-option', '-w', '-t', '=renamed:', 'automatic-rename', 'on');
    const result = await turn(monitor, 'sleep 1.5', {
      timings: { quietMs: 6000, firstOutputMs: 6000, maxMs: 8000 },
    });
    expect(result.outcome.reason).toBe('prompt');
    expect(result.text).toBe('');
  });

  it('mirrors a session that already had output before the bridge attached', async () => {
    await tmux.newSession('busy');
    await tmux.tmux('send-keys', '-t', '=busy:', '-l', '--', 'echo earlier-output');
    await tmux.tmux('send-keys', '-t', '=busy:', 'Enter');
    await tmux.waitForScreen('busy', (screen) => screen.includes('earlier-output\n'));
    const monitor = await SessionMonitor.open(tmux.server, 'busy');
    monitors.push(monitor);
    const result = await turn(monitor, 'echo now');
    expect(result.text).toBe('now');
  });

  it('reads a program that hides its cursor and redraws in place as a screen', async () => {
    const tui = await session(
      'tui',
      `bash --norc --noprofile -c 'printf "\\033[?25l"; while IFS= read -r line; do printf "\\033[H\\033[2Jstatus: %s\\nready" "$line"; done'`,
    );
    const result = await turn(tui, 'first');
    expect(result.mode).toBe('screen');
    expect(result.text).toBe('status: first\nready');
    expect((await turn(tui, 'second')).text).toBe('status: second\nready');
  });

  it('ends a turn when its session is killed', async () => {
    const doomed = await session('doomed');
    // A long quiet period, so the kill (not a pause) ends the turn however slow the machine is.
    const pending = turn(doomed, 'sleep 0.2; echo bye; sleep 30', { timings: { ...TIMINGS, quietMs: 6000 } });
    await tmux.waitForScreen('doomed', (screen) => screen.includes('bye\n'));
    await tmux.tmux('kill-session', '-t', '=doomed');
    const result = await pending;
    expect(result.outcome.reason).toBe('ended');
    expect(result.commandAfter).toBeUndefined();
    expect(doomed.isClosed).toBe(true);
  });
});
