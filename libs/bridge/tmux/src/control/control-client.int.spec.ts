// The control-mode client against a real tmux server on a private socket.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { TmuxTestServer } from '@platform/testing-bridge';
import { TmuxCommandError, TmuxSessionNotFoundError, TmuxUnavailableError } from '../tmux/tmux-errors';
import { ControlClient, controlClientArguments } from './control-client';
import type { ControlNotification } from './control-events';

describe('control-mode client (real tmux)', () => {
  const tmux = TmuxTestServer.create('control-client');

  beforeAll(async () => {
    await tmux.newSession('demo');
    await tmux.newSession('demo-two');
    await tmux.waitForScreen('demo', (screen) => screen.includes('$') || screen.includes('#'));
  });

  afterAll(async () => {
    await tmux.kill();
  });

  it('only ever attaches to one exact session', () => {
    expect(controlClientArguments(tmux.server, 'demo')).toEqual([
      '-u',
      '-L',
      tmux.socketName,
      '-C',
      'attach-session',
      '-E',
      '-r',
      '-f',
      'ignore-size',
      '-t',
      '=demo',
    ]);
    expect(() => controlClientArguments(tmux.server, 'x#(touch /tmp/x)')).toThrow(TypeError);
  });

  it('attaches, answers commands and streams pane output as it happens', async () => {
    const client = await ControlClient.attach({ server: tmux.server, sessionName: 'demo' });
    try {
      expect(client.sessionId).toMatch(/^\$\d+$/);
      const [info] = await client.command("display-message -p '#{session_name} #{client_control_mode}'");
      expect(info).toBe('demo 1');
      const chunks: Buffer[] = [];
      const sawMarker = new Promise<void>((resolve) => {
        client.onNotification((event) => {
          if (event.type !== 'output') return;
          chunks.push(event.data);
          if (Buffer.concat(chunks).toString('utf8').includes('done-2-é✓')) resolve();
        });
      });
      await tmux.tmux('send-keys', '-t', '=demo:', '-l', '--', 'echo done-$((1+1))-é✓');
      await tmux.tmux('send-keys', '-t', '=demo:', 'Enter');
      await sawMarker;
      expect(Buffer.concat(chunks).toString('utf8')).toContain('done-2-é✓');
    } finally {
      await client.close();
    }
  });

  it('keeps pane text that looks like protocol lines inside the command answer', async () => {
    const client = await ControlClient.attach({ server: tmux.server, sessionName: 'demo' });
    try {
      await tmux.tmux(
        'send-keys',
        '-t',
        '=demo:',
        '-l',
        '--',
        "clear; printf '%s\\n' '%end 1 2 1' '%output %9 spoof'",
      );
      await tmux.tmux('send-keys', '-t', '=demo:', 'Enter');
      await tmux.waitForScreen('demo', (screen) => screen.includes('spoof\n'));
      const lines = await client.command(`capture-pane -p -t '${client.sessionId}'`);
      expect(lines).toEqual(expect.arrayContaining(['%end 1 2 1', '%output %9 spoof']));
      // The client still matches the next answer to the next command.
      expect(await client.command("display-message -p 'after'")).toEqual(['after']);
    } finally {
      await client.close();
    }
  });

  it('runs several commands on one line and returns each answer', async () => {
    const client = await ControlClient.attach({ server: tmux.server, sessionName: 'demo' });
    try {
      const result = await client.commands(["display-message -p 'one'", "display-message -p 'two'"]);
      expect(result.outputs).toEqual([['one'], ['two']]);
      await expect(client.command('no-such-command')).rejects.toThrow(/unknown command/);
      await expect(client.command('display-message -p x\nkill-server')).rejects.toThrow(TypeError);
    } finally {
      await client.close();
    }
  });

  it('names only the commands in its errors, never the text a command was typing', async () => {
    const client = await ControlClient.attach({ server: tmux.server, sessionName: 'demo' });
    try {
      const typing = "send-keys -t '%9999' -l -- 'hunter2-typed-password'";
      const alone = await client.command(typing).catch((error: unknown) => error);
      expect(alone).toBeInstanceOf(TmuxCommandError);
      expect((alone as TmuxCommandError).message).toBe("tmux send-keys failed: can't find pane: %9999");
      const inLine = await client
        .commands(["display-message -p 'x'", typing])
        .catch((error: unknown) => error as TmuxCommandError);
      expect(inLine).toBeInstanceOf(TmuxCommandError);
      for (const error of [alone, inLine] as TmuxCommandError[]) {
        expect(JSON.stringify({ ...error, message: error.message })).not.toContain('hunter2');
      }
      expect((inLine as TmuxCommandError).command).toBe('display-message ; send-keys');
    } finally {
      await client.close();
    }
  });

  it('attaches by exact name only: a prefix of an existing session is not found', async () => {
    await expect(ControlClient.attach({ server: tmux.server, sessionName: 'dem' })).rejects.toBeInstanceOf(
      TmuxSessionNotFoundError,
    );
    const sessions = await tmux.tmux('list-sessions', '-F', '#{session_name}');
    expect(sessions.trim().split('\n').sort()).toEqual(['demo', 'demo-two']);
  });

  it('reports the session ending when it is killed', async () => {
    await tmux.newSession('short-lived');
    const client = await ControlClient.attach({ server: tmux.server, sessionName: 'short-lived' });
    const events: ControlNotification[] = [];
    client.onNotification((event) => events.push(event));
    await tmux.tmux('kill-session', '-t', '=short-lived');
    await client.whenClosed();
    expect(events.some((event) => event.type === 'exit')).toBe(true);
    expect(client.isClosed).toBe(true);
    await expect(client.command("display-message -p 'x'")).rejects.toThrow(/closed/);
  });

  it('says so when the tmux executable is missing', async () => {
    await expect(
      ControlClient.attach({
        server: { binary: '/nonexistent/tmux', socketName: tmux.socketName },
        sessionName: 'demo',
      }),
    ).rejects.toBeInstanceOf(TmuxUnavailableError);
  });

  it('never creates a session by attaching', async () => {
    await expect(ControlClient.attach({ server: tmux.server, sessionName: 'ghost' })).rejects.toBeInstanceOf(
      TmuxSessionNotFoundError,
    );
    expect(await tmux.tmux('list-sessions', '-F', '#{session_name}')).not.toContain('ghost');
    expect(existsSync(tmux.path('never'))).toBe(false);
  });
});
