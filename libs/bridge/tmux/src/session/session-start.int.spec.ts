// When a new session counts as ready for input, against real tmux: each row of the table in
// session-start.ts, with programs that start the ways real shells and programs do.
import { afterAll, describe, expect, it } from '@jest/globals';
import { TEST_SHELL_COMMAND, TmuxTestServer } from '@platform/testing-bridge';
import { SessionMonitor } from './session-monitor';
import { type SessionStartOutcome, waitForSessionStart } from './session-start';

const OPTIONS = { quietMs: 300, limitMs: 10_000 };

describe('waiting for a new session to be ready (real tmux)', () => {
  const tmux = TmuxTestServer.create('session-start');
  const monitors: SessionMonitor[] = [];

  /** Creates the session and waits at once, as the bridge does right after `new-session`. */
  async function start(
    name: string,
    command: string,
    limitMs = OPTIONS.limitMs,
  ): Promise<SessionStartOutcome> {
    await tmux.newSession(name, command);
    const monitor = await SessionMonitor.open(tmux.server, name);
    monitors.push(monitor);
    return waitForSessionStart(monitor, { ...OPTIONS, limitMs });
  }

  afterAll(async () => {
    await Promise.all(monitors.map((monitor) => monitor.close()));
    await tmux.kill();
  });

  it('is ready at a prompt-like row at the cursor', async () => {
    expect((await start('plain', TEST_SHELL_COMMAND)).reason).toBe('prompt');
    expect(await tmux.screen('plain')).toMatch(/[$#] *\n*$/);
  });

  it('is ready at a prompt no pattern knows once the shell is the foreground program', async () => {
    const outcome = await start('lambda', `exec env HISTFILE=/dev/null PS1='λ ' bash --norc --noprofile`);
    expect(outcome.reason).toBe('shell');
    expect((await tmux.screen('lambda')).trim()).toBe('λ');
  });

  it('is not ready when a program prints before its shell starts, only at the shell’s prompt', async () => {
    expect((await start('chatty', "sh -c 'echo starting; sleep 1; exec sh'")).reason).toBe('prompt');
    expect(await tmux.screen('chatty')).toMatch(/^starting\n[$#] *\n*$/);
  });

  it('is ready when a full-screen program has drawn its screen', async () => {
    const outcome = await start('menu', 'sh -c "printf \'\\033[?1049h\\033[?25lmenu\'; exec sleep 600"');
    expect(outcome.reason).toBe('screen');
  });

  it('gives up at the limit for a program that draws nothing, or never stops drawing', async () => {
    expect((await start('silent', 'exec sleep 600', 800)).reason).toBe('timeout');
    const busy = "sh -c 'while :; do date +%s%N; sleep 0.05; done'";
    expect((await start('busy', busy, 1500)).reason).toBe('timeout');
  });

  it('reports a session that ends while starting', async () => {
    expect((await start('brief', "sh -c 'echo bye; sleep 2'")).reason).toBe('ended');
  });
});
