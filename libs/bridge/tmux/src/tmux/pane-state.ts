// One query for everything a turn needs to know about a pane before typing into it, with the
// format string and its parser kept together so the two can never drift apart.

export interface PaneState {
  readonly paneId: string;
  readonly windowId: string;
  readonly width: number;
  readonly height: number;
  readonly cursorX: number;
  readonly cursorY: number;
  readonly alternateScreen: boolean;
  readonly cursorVisible: boolean;
  /** The pane's foreground process name (`bash`, `less`, `node`, …). */
  readonly currentCommand: string;
}

/** A fixed format (no user data in it): fields separated by tabs, the command name last. */
export const PANE_STATE_FORMAT = [
  '#{pane_id}',
  '#{window_id}',
  '#{pane_width}',
  '#{pane_height}',
  '#{cursor_x}',
  '#{cursor_y}',
  '#{alternate_on}',
  '#{cursor_flag}',
  '#{pane_current_command}',
].join('\t');

export function parsePaneState(line: string): PaneState {
  const fields = line.split('\t');
  const [paneId, windowId, width, height, cursorX, cursorY, alternate, cursorFlag] = fields;
  if (paneId === undefined || !/^%\d+$/.test(paneId) || windowId === undefined || !/^@\d+$/.test(windowId)) {
    throw new Error(`unexpected pane state from tmux: ${JSON.stringify(line.slice(0, 200))}`);
  }
  return {
    paneId,
    windowId,
    width: toInteger(width),
    height: toInteger(height),
    cursorX: toInteger(cursorX),
    cursorY: toInteger(cursorY),
    alternateScreen: alternate === '1',
    cursorVisible: cursorFlag !== '0',
    currentCommand: fields.slice(8).join('\t'),
  };
}

function toInteger(text: string | undefined): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/** Programs that read a command line and run it: output scrolls, and the prompt marks the end. */
const SHELLS: ReadonlySet<string> = new Set([
  'bash',
  'sh',
  'zsh',
  'dash',
  'fish',
  'ksh',
  'mksh',
  'tcsh',
  'csh',
  'ash',
  'nu',
  'xonsh',
  'elvish',
]);

export function isShellCommand(command: string): boolean {
  return SHELLS.has(command.replace(/^-/, '').toLowerCase());
}
