// Typing through the control-mode pipe against real tmux: byte-exact, whatever the text.
import { afterAll, describe, expect, it } from '@jest/globals';
import { TmuxTestServer } from '@platform/testing-bridge';
import { TmuxClient } from '../tmux/tmux-client';
import { ProcessTmuxRunner } from '../tmux/tmux-runner';
import { sendInput } from '../turn/send-input';
import { SessionMonitor } from './session-monitor';

describe('typing through the control client (real tmux)', () => {
  const tmux = TmuxTestServer.create('keyboard');
  const client = new TmuxClient(new ProcessTmuxRunner(tmux.server));
  const monitors: SessionMonitor[] = [];

  afterAll(async () => {
    await Promise.all(monitors.map((monitor) => monitor.close()));
    await tmux.kill();
  });

  it.each([
    ['quotes of both kinds', `it's "quoted" '' \\' end`],
    ['tmux syntax', 'a ; kill-server \\; #(touch /tmp/never) #{pane_id} ~ $HOME { } %1'],
    ['key names and options', '-R Enter C-c --'],
    ['a trailing separator', 'echo done;'],
    ['control characters', 'tab\there esc\u001b[A nul\u0000end'],
    ['Unicode and emoji', 'héllo 宽 🙂👍🏽'],
  ])('types %s byte for byte', async (label, text) => {
    const name = `kb-${label.replace(/\W+/g, '-')}`;
    const recorder = await tmux.newRecorderSession(name);
    const monitor = await SessionMonitor.open(tmux.server, name);
    monitors.push(monitor);
    const pane = await monitor.activePane();
    await sendInput(monitor.keyboard(client), pane.paneId, { kind: 'text', text }, 0);
    const expected = Buffer.from(`${text}\r`);
    expect((await recorder.waitForBytes(expected.length)).equals(expected)).toBe(true);
    expect((await tmux.tmux('list-sessions', '-F', '#{session_name}')).split('\n')).toContain(name);
  });

  it('presses allow-listed keys in order', async () => {
    const recorder = await tmux.newRecorderSession('kb-keys');
    const monitor = await SessionMonitor.open(tmux.server, 'kb-keys');
    monitors.push(monitor);
    const pane = await monitor.activePane();
    await monitor.keyboard(client).sendKeys(pane.paneId, [
      { kind: 'named', name: 'C-c' },
      { kind: 'literal', text: "'" },
      { kind: 'literal', text: ';' },
      { kind: 'named', name: 'Up' },
      { kind: 'named', name: 'Enter' },
    ]);
    expect((await recorder.waitForBytes(7)).toString()).toBe("\u0003';\u001b[A\r");
  });
});
