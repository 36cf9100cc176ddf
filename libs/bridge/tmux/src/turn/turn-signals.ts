// Everything that can end a turn, fed to its SettleTimer (the rule itself is in
// settle/settle-timer.ts): changes and prompts seen in the pane's mirror, OSC 133 marks from
// shell integration, the window renamed back to the shell (automatic-rename), the shell back in
// the foreground at a pause (asked once per pause, never polled), the session ending and the
// caller leaving.
import type { PaneScreen } from '../screen/pane-screen';
import type { SessionMonitor } from '../session/session-monitor';
import { SettleTimer, type SettleTimings, type TurnEnding } from '../settle/settle-timer';
import { isShellCommand, type PaneState } from '../tmux/pane-state';
import type { TurnOutput } from './turn-output';

export interface TurnSignalSources {
  readonly monitor: SessionMonitor;
  /** The pane as it was when the turn started. */
  readonly pane: PaneState;
  readonly screen: PaneScreen;
  readonly output: TurnOutput;
  /** Typed text ends with Enter, which leaves the input line; pressed keys may not. */
  readonly inputKind: 'text' | 'keys';
}

export class TurnSignals {
  readonly settle: SettleTimer;
  private changes = 0;
  private shellBack = false;
  private readonly unsubscribers: (() => void)[];

  constructor(
    private readonly sources: TurnSignalSources,
    settings: { readonly timings: SettleTimings; readonly ending: TurnEnding; readonly signal?: AbortSignal },
    /** Receives the output lines that became complete. */
    private readonly onLines: (lines: readonly string[]) => void,
  ) {
    this.settle = new SettleTimer(settings.timings, {
      ending: settings.ending,
      onPause: () => void this.checkShellReturned(),
    });
    const { monitor, pane, screen } = sources;
    let leftShell = false;
    const abort = (): void => this.settle.end('cancelled');
    const { signal } = settings;
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) abort();
    this.unsubscribers = [
      () => signal?.removeEventListener('abort', abort),
      monitor.onPaneUpdate(pane.paneId, () => this.observe()),
      monitor.onClosed(() => this.settle.end('ended')),
      // Shell integration: the shell sends OSC 133 `D` after the command's last output, so the
      // output is complete (the prompt it draws next is not output).
      screen.onOsc133((kind) => {
        if (kind === 'D') this.settle.prompt('exact');
      }),
      // With automatic-rename, the window takes the command's name and gets the shell's back at the end.
      monitor.onWindowRenamed((windowId, name) => {
        if (windowId !== pane.windowId) return;
        if (!isShellCommand(name)) {
          leftShell = true;
        } else if (leftShell) {
          this.shellBack = true;
          this.settle.prompt('pattern');
        }
      }),
    ];
  }

  /** Whether the turn learnt that the shell is the foreground program again (its prompt is not output). */
  get shellIsBack(): boolean {
    return this.shellBack;
  }

  /** Reads the mirror after new output: hands on complete lines and tells the timer what changed. */
  observe(): void {
    if (this.settle.isSettled) return;
    const observation = this.sources.output.observe();
    this.onLines(observation.lines);
    if (observation.changed) {
      this.changes += 1;
      this.settle.change();
    }
    if (observation.prompt !== undefined) this.settle.prompt(observation.prompt);
  }

  dispose(): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
  }

  /**
   * At a pause of a command typed at a shell: one question to tmux whether the shell is the
   * foreground program again, which ends the turn if the shell has drawn something at the cursor
   * (its prompt, however it looks). A shell busy with a builtin has drawn nothing there.
   */
  private async checkShellReturned(): Promise<void> {
    const { monitor, pane, screen, output } = this.sources;
    if (!isShellCommand(pane.currentCommand)) return;
    const seen = this.changes;
    const now = await monitor.paneState(pane.paneId).catch(() => undefined);
    await screen.flush();
    if (now === undefined || seen !== this.changes || !isShellCommand(now.currentCommand)) return;
    if (!output.cursorAfterDrawnText(this.sources.inputKind === 'keys')) return;
    this.shellBack = true;
    this.settle.shellReturned();
  }
}
