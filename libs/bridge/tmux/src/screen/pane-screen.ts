// A headless terminal (xterm.js) that mirrors one tmux pane from its control-mode output, so
// clients get the text a person would see: escape sequences applied, carriage-return overwrites
// and spinners resolved, full-screen programs as a screen. Seeded from tmux's own rendering when
// the bridge attaches, because a client attaching mid-session receives no earlier output.
import { type IMarker, Terminal } from '@xterm/headless';

export interface PaneSeed {
  readonly width: number;
  readonly height: number;
  /** The visible lines as `capture-pane -p` prints them. */
  readonly lines: readonly string[];
  readonly cursorX: number;
  readonly cursorY: number;
  readonly alternateScreen: boolean;
  readonly cursorVisible: boolean;
}

/** Rows of history the mirror keeps; a turn's output longer than this keeps only its tail. */
export const SCREEN_SCROLLBACK_ROWS = 5000;

type Osc133Listener = (kind: string) => void;

export class PaneScreen {
  private readonly terminal: Terminal;
  private hiddenCursor = false;
  private readonly osc133Listeners = new Set<Osc133Listener>();

  constructor(width: number, height: number) {
    this.terminal = new Terminal({
      cols: Math.max(2, width),
      rows: Math.max(1, height),
      scrollback: SCREEN_SCROLLBACK_ROWS,
      allowProposedApi: true,
      logLevel: 'off',
    });
    // DECTCEM: programs that hide the cursor redraw in place (TUIs), which decides how a turn reads output.
    const track = (hidden: boolean) => (params: (number | number[])[]) => {
      if (params.includes(25)) this.hiddenCursor = hidden;
      return false;
    };
    this.terminal.parser.registerCsiHandler({ prefix: '?', final: 'l' }, track(true));
    this.terminal.parser.registerCsiHandler({ prefix: '?', final: 'h' }, track(false));
    // Shell integration (OSC 133): `D` marks a finished command, `A` a prompt.
    this.terminal.parser.registerOscHandler(133, (data) => {
      const kind = data.split(';')[0] ?? '';
      for (const listener of this.osc133Listeners) listener(kind);
      return true;
    });
  }

  static seeded(seed: PaneSeed): Promise<PaneScreen> {
    const screen = new PaneScreen(seed.width, seed.height);
    return screen.write(seedSequence(seed)).then(() => screen);
  }

  /** Feeds pane bytes; resolves once the terminal has parsed them. */
  write(data: Uint8Array | string): Promise<void> {
    return new Promise((resolve) => this.terminal.write(data, resolve));
  }

  /** Resolves once everything written so far is parsed. */
  flush(): Promise<void> {
    return this.write('');
  }

  resize(width: number, height: number): void {
    if (width !== this.terminal.cols || height !== this.terminal.rows) {
      this.terminal.resize(Math.max(2, width), Math.max(1, height));
    }
  }

  onOsc133(listener: Osc133Listener): () => void {
    this.osc133Listeners.add(listener);
    return () => this.osc133Listeners.delete(listener);
  }

  get alternateScreen(): boolean {
    return this.terminal.buffer.active.type === 'alternate';
  }

  get cursorHidden(): boolean {
    return this.hiddenCursor;
  }

  get cursorX(): number {
    return this.terminal.buffer.active.cursorX;
  }

  /** The cursor's row counted from the top of the history (stable while nothing is trimmed). */
  get cursorRow(): number {
    const buffer = this.terminal.buffer.active;
    return buffer.baseY + buffer.cursorY;
  }

  /** The first row of the visible screen. */
  get viewportTop(): number {
    return this.terminal.buffer.active.baseY;
  }

  get rowCount(): number {
    return this.terminal.buffer.active.length;
  }

  /** A marker on a row that follows it when history is trimmed (disposed if the row is dropped). */
  markRow(row: number): IMarker | undefined {
    return this.terminal.registerMarker(row - this.cursorRow);
  }

  /** The last row of the visible screen that is not blank, or -1. */
  lastContentRow(): number {
    const top = this.viewportTop;
    for (let row = top + this.terminal.rows - 1; row >= top; row -= 1) {
      if (this.rowText(row).trim() !== '') return row;
    }
    return -1;
  }

  rowText(row: number, endColumn?: number): string {
    return this.terminal.buffer.active.getLine(row)?.translateToString(true, 0, endColumn) ?? '';
  }

  /** Whether a row continues the previous one (the line was wrapped at the screen edge). */
  isContinuation(row: number): boolean {
    return this.terminal.buffer.active.getLine(row)?.isWrapped ?? false;
  }

  /** The last row of the logical line starting at `row` (wrapped rows belong to it). */
  logicalLineEnd(row: number): number {
    let end = row;
    while (end + 1 < this.rowCount && this.isContinuation(end + 1)) end += 1;
    return end;
  }

  /** The text of rows `from…to` joined into one logical line, right-trimmed. */
  joinRows(from: number, to: number): string {
    const parts: string[] = [];
    for (let row = from; row <= to; row += 1) {
      // Wrapped rows are full width; only the last row's trailing blanks are padding.
      parts.push(this.terminal.buffer.active.getLine(row)?.translateToString(row === to) ?? '');
    }
    return parts.join('').trimEnd();
  }

  /** The visible screen as logical lines, trailing blank lines removed. */
  visibleLines(): string[] {
    const lines: string[] = [];
    const top = this.viewportTop;
    const bottom = top + this.terminal.rows - 1;
    for (let row = top; row <= bottom; row += 1) {
      if (row > top && this.isContinuation(row)) continue;
      lines.push(this.joinRows(row, Math.min(this.logicalLineEnd(row), bottom)));
    }
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  dispose(): void {
    this.osc133Listeners.clear();
    this.terminal.dispose();
  }
}

/** Escape sequences that reproduce a captured screen: each row at its place, then the cursor. */
function seedSequence(seed: PaneSeed): string {
  let sequence = seed.alternateScreen ? '\u001b[?1049h' : '';
  seed.lines.slice(0, seed.height).forEach((line, index) => {
    sequence += `\u001b[${index + 1};1H${line}`;
  });
  sequence += `\u001b[${seed.cursorY + 1};${seed.cursorX + 1}H`;
  if (!seed.cursorVisible) sequence += '\u001b[?25l';
  return sequence;
}
