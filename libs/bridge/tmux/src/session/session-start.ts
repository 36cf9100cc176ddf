// Waits until a new session's program is ready for input, as a person at a new terminal waits
// for the prompt before typing. Text typed earlier is echoed by the terminal before the shell
// has drawn its prompt, so the first turn reads the prompt as output, or nothing at all when the
// shell takes longer to start than the turn waits for output. Event-driven like a turn: the
// pane's mirror says when something changed, and tmux is asked about the foreground program
// once per pause, never polled.
//
// | what the new pane shows                                                   | ready (`reason`) |
// |---------------------------------------------------------------------------|------------------|
// | a prompt-like row at the cursor (`$ # % > ❯ »` …), unchanged for 100 ms    | `prompt`         |
// | at a pause, the shell is the foreground program and has drawn at the cursor | `shell`          |
// |   (a prompt no pattern knows)                                              |                  |
// | at a pause, a full-screen program (alternate screen, hidden cursor) has    | `screen`         |
// |   drawn its screen                                                         |                  |
// | none of these within `limitMs` (a program that draws nothing, or that      | `timeout`        |
// |   keeps drawing): the session is used as it is                             |                  |
// | the session ended                                                          | `ended`          |
//
// A pause is `quietMs` without a visible change after something was drawn. A program that
// prints before its shell starts (`echo starting; sleep 1; exec sh`) is not ready at the pause
// after `starting`: the foreground program is `sleep`, and nothing sits at the cursor.
import type { PaneScreen } from '../screen/pane-screen';
import { matchPrompt } from '../settle/prompt-patterns';
import { PROMPT_PATTERN_GRACE_MS } from '../settle/settle-timer';
import { isShellCommand } from '../tmux/pane-state';
import type { SessionMonitor } from './session-monitor';

export type SessionStartReason = 'prompt' | 'shell' | 'screen' | 'timeout' | 'ended';

export interface SessionStartOptions {
  /** A pause: this long without a visible change (the turn's quiescence). */
  readonly quietMs: number;
  /** The longest wait; the session is used as it is then. */
  readonly limitMs: number;
}

export interface SessionStartOutcome {
  readonly reason: SessionStartReason;
  /** From the start of the wait. */
  readonly elapsedMs: number;
}

export async function waitForSessionStart(
  monitor: SessionMonitor,
  options: SessionStartOptions,
): Promise<SessionStartOutcome> {
  const startedAt = performance.now();
  const pane = await monitor.activePane();
  const screen = await monitor.screen(pane);
  await screen.flush();
  const reason = await new StartWatch(monitor, pane.paneId, screen, options).ready;
  return { reason, elapsedMs: Math.round(performance.now() - startedAt) };
}

/** One wait: fed by the pane's updates, ended by the first rule of the table that applies. */
class StartWatch {
  readonly ready: Promise<SessionStartReason>;
  private resolveReady!: (reason: SessionStartReason) => void;
  private done = false;
  private changes = 0;
  private lastKey: string | undefined;
  private promptTimer: NodeJS.Timeout | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private readonly limitTimer: NodeJS.Timeout;
  private readonly unsubscribers: (() => void)[];

  constructor(
    private readonly monitor: SessionMonitor,
    private readonly paneId: string,
    private readonly screen: PaneScreen,
    private readonly options: SessionStartOptions,
  ) {
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
    this.limitTimer = setTimeout(() => this.finish('timeout'), options.limitMs);
    this.unsubscribers = [
      monitor.onPaneUpdate(paneId, () => this.look()),
      monitor.onClosed(() => this.finish('ended')),
    ];
    // A shell that started before the mirror was seeded has drawn its prompt already.
    this.look();
  }

  private look(): void {
    if (this.done) return;
    const key = screenKey(this.screen);
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.changes += 1;
    clearTimeout(this.promptTimer);
    clearTimeout(this.quietTimer);
    if (this.screen.visibleLines().length === 0) return;
    this.quietTimer = setTimeout(() => void this.atPause(), this.options.quietMs);
    const drawn = textBeforeCursor(this.screen);
    if (drawn !== undefined && matchPrompt(drawn, '') !== undefined) {
      const grace = Math.min(this.options.quietMs, PROMPT_PATTERN_GRACE_MS);
      this.promptTimer = setTimeout(() => this.finish('prompt'), grace);
    }
  }

  /** Nothing changed for quietMs after something was drawn: one question to tmux, if needed. */
  private async atPause(): Promise<void> {
    if (isFullScreen(this.screen)) {
      this.finish('screen');
      return;
    }
    const seen = this.changes;
    const now = await this.monitor.paneState(this.paneId).catch(() => undefined);
    await this.screen.flush();
    if (this.done || now === undefined || seen !== this.changes) return;
    if (isShellCommand(now.currentCommand) && textBeforeCursor(this.screen) !== undefined) {
      this.finish('shell');
    }
  }

  private finish(reason: SessionStartReason): void {
    if (this.done) return;
    this.done = true;
    for (const timer of [this.limitTimer, this.promptTimer, this.quietTimer]) clearTimeout(timer);
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.resolveReady(reason);
  }
}

/** What a person would notice: the visible text, where the cursor is, and whether it shows. */
function screenKey(screen: PaneScreen): string {
  const flags = `${screen.cursorRow}:${screen.cursorX}:${screen.alternateScreen}:${screen.cursorHidden}`;
  return `${flags}\u0000${screen.visibleLines().join('\n')}`;
}

function isFullScreen(screen: PaneScreen): boolean {
  return screen.alternateScreen || screen.cursorHidden;
}

/**
 * The drawn text of the cursor's row when the cursor sits right after it on the normal screen,
 * visible (where a shell leaves it after drawing its prompt); undefined otherwise.
 */
function textBeforeCursor(screen: PaneScreen): string | undefined {
  if (isFullScreen(screen)) return undefined;
  const beforeCursor = screen.rowText(screen.cursorRow, screen.cursorX);
  if (beforeCursor.trim() === '') return undefined;
  return screen.rowText(screen.cursorRow).trimEnd() === beforeCursor.trimEnd() ? beforeCursor : undefined;
}
