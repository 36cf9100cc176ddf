// Reads what one turn produced from the pane mirror. Two ways, chosen when the turn starts:
// - line mode (a shell or REPL: the cursor is visible and the normal screen is active): the
//   output is the logical lines below the line the input was typed on; lines are handed out as
//   soon as the cursor has left them, the echo of the input and the final prompt are dropped;
// - screen mode (a full-screen program or a TUI that redraws in place, such as an AI coding
//   CLI): nothing is streamed while it redraws; the settled screen is the output.
// A line-mode turn falls back to reading the screen when the program starts drawing: it hides
// the cursor (held until it shows again), clears the screen (`clear`, `top`, `watch`), or opens
// the alternate screen (`less`, `vim`).
import type { IMarker } from '@xterm/headless';
import type { PaneScreen } from '../screen/pane-screen';
import { matchPrompt, type PromptMatch } from '../settle/prompt-patterns';

export type TurnMode = 'line' | 'screen';

export interface TurnOutputOptions {
  readonly mode: TurnMode;
  /** The typed text by line; later lines' echoes are recognised and dropped. */
  readonly inputLines: readonly string[];
  /** The cursor's row up to the cursor when the turn started: the prompt, in a shell. */
  readonly promptText: string;
}

export interface Observation {
  /** Logical lines that became complete since the last observation. */
  readonly lines: readonly string[];
  /** Whether what the client would see changed. */
  readonly changed: boolean;
  readonly prompt?: PromptMatch;
}

export class TurnOutput {
  private readonly anchor: IMarker | undefined;
  private next: IMarker | undefined;
  /** Output outgrew the mirror's history: line reading goes on from the visible screen. */
  private overflowRow: number | undefined;
  /** The program cleared the screen: the output is the screen from then on. */
  private redrawn = false;
  private echoLinePending = true;
  private echoRemaining: string[];
  private lastCursorKey = '';
  private shellIsBack = false;
  private lastScreenKey: string;

  constructor(
    private readonly screen: PaneScreen,
    private readonly options: TurnOutputOptions,
  ) {
    this.anchor = options.mode === 'line' ? screen.markRow(screen.cursorRow) : undefined;
    this.next = options.mode === 'line' ? screen.markRow(screen.cursorRow) : undefined;
    this.echoRemaining = options.inputLines
      .slice(1)
      .map((line) => line.trimEnd())
      .filter((line) => line !== '');
    this.lastScreenKey = this.screenKey();
  }

  observe(): Observation {
    if (this.options.mode === 'line' && !this.screen.alternateScreen) this.noticeClear();
    let lines: string[] = [];
    let changed: boolean;
    if (this.readsScreen() || this.screen.cursorHidden) {
      const key = this.screenKey();
      changed = key !== this.lastScreenKey;
      this.lastScreenKey = key;
    } else {
      lines = this.collect(false);
      const cursorKey = this.cursorKey();
      changed = lines.length > 0 || cursorKey !== this.lastCursorKey;
      this.lastCursorKey = cursorKey;
    }
    const prompt = this.waitingForInput();
    return prompt === undefined ? { lines, changed } : { lines, changed, prompt };
  }

  /**
   * The rest of the output once the turn has settled. `shellIsBack`: the shell is known to be the
   * foreground program again, so text at the cursor is its prompt even if no pattern recognises it.
   */
  finish(shellIsBack = false): string[] {
    this.shellIsBack = shellIsBack;
    if (this.screen.alternateScreen) return this.screen.visibleLines();
    if (this.options.mode === 'line') this.noticeClear();
    if (this.readsScreen() || this.screen.cursorHidden) return this.visibleLinesWithoutPrompt();
    return this.collect(true);
  }

  dispose(): void {
    this.anchor?.dispose();
    this.next?.dispose();
  }

  private readsScreen(): boolean {
    return this.options.mode === 'screen' || this.screen.alternateScreen || this.redrawn;
  }

  private screenKey(): string {
    return this.screen.visibleLines().join('\n');
  }

  /** A cleared screen (the cursor above the input line, or history gone) means redrawing. */
  private noticeClear(): void {
    if (this.redrawn) return;
    const anchorLine = this.anchor?.line ?? -1;
    if (
      this.anchor === undefined ||
      this.anchor.isDisposed ||
      anchorLine < 0 ||
      this.screen.cursorRow < anchorLine
    ) {
      this.redrawn = true;
    }
  }

  private visibleLinesWithoutPrompt(): string[] {
    const lines = this.screen.visibleLines();
    const cursorLine = this.screen.cursorRow - this.screen.viewportTop;
    if (lines.length - 1 === cursorLine && (this.waitingForInput() !== undefined || this.shellIsBack))
      lines.pop();
    return lines;
  }

  /**
   * A prompt at the cursor, looked for whenever a visible cursor sits on the normal screen: a
   * full-screen program (or a TUI with a hidden cursor) is never "at a prompt".
   */
  private waitingForInput(): PromptMatch | undefined {
    if (this.screen.alternateScreen || this.screen.cursorHidden) return undefined;
    return this.promptAtCursor();
  }

  /** Complete logical lines from the first unread row; with `final`, everything up to the end. */
  private collect(final: boolean): string[] {
    const cursorRow = this.screen.cursorRow;
    let row = this.firstUnreadRow();
    const lastRow = final ? Math.max(cursorRow, this.screen.lastContentRow()) : cursorRow - 1;
    const lines: string[] = [];
    while (row <= lastRow) {
      const end = Math.min(this.screen.logicalLineEnd(row), Math.max(lastRow, cursorRow));
      if (!final && end >= cursorRow) break;
      const text = this.screen.joinRows(row, end);
      const holdsCursor = row <= cursorRow && cursorRow <= end;
      row = end + 1;
      if (this.isEcho(text)) continue;
      if (final && holdsCursor && this.atPrompt()) continue;
      lines.push(text);
    }
    this.moveNext(row);
    return lines;
  }

  private firstUnreadRow(): number {
    if (
      this.overflowRow === undefined &&
      (this.next === undefined || this.next.isDisposed || this.next.line < 0)
    ) {
      // Output that scrolled out of the history unread is not recovered.
      this.overflowRow = this.screen.viewportTop;
      this.echoLinePending = false;
      this.echoRemaining = [];
    }
    return this.overflowRow ?? (this.next as IMarker).line;
  }

  private moveNext(row: number): void {
    if (this.overflowRow !== undefined) {
      this.overflowRow = row;
      return;
    }
    this.next?.dispose();
    this.next = this.screen.markRow(row);
  }

  private isEcho(text: string): boolean {
    if (this.echoLinePending) {
      this.echoLinePending = false;
      return true;
    }
    if (this.echoRemaining.length === 0) return false;
    if (text.trim() === '') return true;
    if (text.trimEnd().endsWith(this.echoRemaining[0] as string)) {
      this.echoRemaining.shift();
      return true;
    }
    this.echoRemaining = [];
    return false;
  }

  /** The input line (and its wrapped rows) is not output; nor is an empty cursor row. */
  private cursorKey(): string {
    const cursorRow = this.screen.cursorRow;
    if (cursorRow <= this.echoEnd()) return '';
    const text = this.screen.rowText(cursorRow).trimEnd();
    return text === '' ? '' : `${cursorRow}\u0000${text}`;
  }

  /**
   * Whether the cursor sits at the end of drawn text on the normal screen with a visible cursor:
   * where a shell leaves it after drawing any prompt. Text on the input line counts only when
   * `onInputLine` allows it: after pressed keys (no Enter) the shell may still be at that line.
   */
  cursorAfterDrawnText(onInputLine = false): boolean {
    if (this.screen.alternateScreen || this.screen.cursorHidden) return false;
    const cursorRow = this.screen.cursorRow;
    if (!onInputLine && cursorRow <= this.echoEnd()) return false;
    const beforeCursor = this.screen.rowText(cursorRow, this.screen.cursorX);
    return beforeCursor.trim() !== '' && this.screen.rowText(cursorRow).trimEnd() === beforeCursor.trimEnd();
  }

  private atPrompt(): boolean {
    return this.promptAtCursor() !== undefined || (this.shellIsBack && this.cursorAfterDrawnText());
  }

  private promptAtCursor(): PromptMatch | undefined {
    const cursorRow = this.screen.cursorRow;
    if (cursorRow <= this.echoEnd()) return undefined;
    const beforeCursor = this.screen.rowText(cursorRow, this.screen.cursorX);
    // Something typed after the prompt means the program is not waiting at an empty prompt.
    if (this.screen.rowText(cursorRow).trimEnd() !== beforeCursor.trimEnd()) return undefined;
    return matchPrompt(beforeCursor, this.options.promptText);
  }

  private echoEnd(): number {
    if (this.redrawn || this.overflowRow !== undefined || this.anchor === undefined || this.anchor.isDisposed)
      return -1;
    return this.screen.logicalLineEnd(this.anchor.line);
  }
}
