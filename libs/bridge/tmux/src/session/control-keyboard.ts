// Typing through a session's control-mode client instead of a `tmux` process per call: the
// same `send-keys -l --` and key names, written to the client's command pipe with tmux's own
// quoting, which saves a process start per keystroke batch (the bulk of a turn's overhead).
// Pastes still load their buffer through a process, because the text arrives on its stdin.
import type { ControlClient } from '../control/control-client';
import { quoteControlArgument } from '../control/control-quoting';
import type { KeySpec } from '../keys/key-names';
import type { TmuxClient } from '../tmux/tmux-client';
import type { Keyboard } from '../tmux/keyboard';

const PANE_ID = /^%\d+$/;

export class ControlKeyboard implements Keyboard {
  constructor(
    private readonly client: ControlClient,
    private readonly tmux: Pick<TmuxClient, 'paste'>,
  ) {}

  async sendLiteral(paneId: string, text: string): Promise<void> {
    if (text.endsWith(';')) throw new TypeError('a trailing ";" must be pasted, not sent with send-keys');
    await this.client.command(`send-keys -t ${pane(paneId)} -l -- ${quoteControlArgument(text)}`);
  }

  async sendKeys(paneId: string, keys: readonly KeySpec[]): Promise<void> {
    for (const key of keys) {
      if (key.kind === 'literal' && key.text === ';') await this.paste(paneId, key.text);
      else if (key.kind === 'literal') await this.sendLiteral(paneId, key.text);
      else await this.client.command(`send-keys -t ${pane(paneId)} ${quoteControlArgument(key.name)}`);
    }
  }

  paste(paneId: string, text: string): Promise<void> {
    return this.tmux.paste(paneId, text);
  }
}

function pane(paneId: string): string {
  if (!PANE_ID.test(paneId)) throw new TypeError('pane targets must be resolved pane ids (%N)');
  return quoteControlArgument(paneId);
}
