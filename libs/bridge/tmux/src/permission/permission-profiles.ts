// How to answer a permission prompt of the AI coding CLIs people run in tmux. Each program asks
// differently and expects different keys, and a stray `y` or Enter in a shell could run a
// half-typed line, so keys are chosen per program and only when its prompt is on screen.
import type { KeySpec } from '../keys/key-names';

export type PermissionProgram = 'claude-code' | 'codex' | 'gemini-cli' | 'aider' | 'yes-no';

export interface PermissionProfile {
  readonly program: PermissionProgram;
  /** For replies: which program's prompt was answered. */
  readonly label: string;
  readonly approve: readonly KeySpec[];
  readonly reject: readonly KeySpec[];
  /** Foreground command names that identify the program (many run as `node`). */
  readonly commands: readonly string[];
  /** Whether the recent screen lines show this program's permission prompt. */
  readonly isPromptVisible: (lines: readonly string[]) => boolean;
}

const key = (name: string): KeySpec => ({ kind: 'named', name });
const text = (character: string): KeySpec => ({ kind: 'literal', text: character });

function any(lines: readonly string[], ...patterns: RegExp[]): boolean {
  return lines.some((line) => patterns.some((pattern) => pattern.test(line)));
}

export const PERMISSION_PROFILES: readonly PermissionProfile[] = [
  {
    program: 'claude-code',
    label: 'Claude Code',
    approve: [text('1')],
    reject: [key('Escape')],
    commands: ['claude'],
    isPromptVisible: (lines) =>
      any(lines, /\b1\.\s*Yes\b/) &&
      any(lines, /Do you want to/, /tell Claude what to do differently/, /Esc to cancel/),
  },
  {
    program: 'codex',
    label: 'Codex',
    approve: [text('y')],
    reject: [key('Escape')],
    commands: ['codex'],
    isPromptVisible: (lines) =>
      any(
        lines,
        /Would you like to (?:run the following command|make the following edits)/,
        /Press Enter to confirm or Esc to cancel/,
      ),
  },
  {
    program: 'gemini-cli',
    label: 'Gemini CLI',
    approve: [key('Enter')],
    reject: [key('Escape')],
    commands: ['gemini'],
    isPromptVisible: (lines) =>
      any(lines, /Allow execution of/, /Apply this change\?/) &&
      any(lines, /Yes, allow once/, /No, suggest changes/),
  },
  {
    program: 'aider',
    label: 'aider',
    approve: [text('y'), key('Enter')],
    reject: [text('n'), key('Enter')],
    commands: ['aider'],
    isPromptVisible: (lines) => any(lines.slice(-3), /\(Y\)es\/\(N\)o/),
  },
  {
    program: 'yes-no',
    label: 'a yes/no question',
    approve: [text('y'), key('Enter')],
    reject: [text('n'), key('Enter')],
    commands: [],
    // Only the last line: a y/n question that scrolled up is no longer waiting. The line is
    // trimmed first, so the pattern needs no second `\s*` (two in a row retry each other: quadratic).
    isPromptVisible: (lines) =>
      lines
        .slice(-1)
        .some((line) => /(?:\[[yY]\/[nN]\]|\([yY]\/[nN]\)|\(yes\/no\))\s*[:?]?$/.test(line.trimEnd())),
  },
];

/** Lines at the bottom of the screen that are searched for a prompt. */
export const PROMPT_SEARCH_LINES = 30;

/**
 * The profile whose prompt is visible, preferring the program named by the pane's foreground
 * command; `undefined` when no permission prompt is waiting.
 */
export function detectPermissionPrompt(
  screenLines: readonly string[],
  currentCommand: string,
): PermissionProfile | undefined {
  const recent = screenLines.filter((line) => line.trim() !== '').slice(-PROMPT_SEARCH_LINES);
  const command = currentCommand.toLowerCase();
  const preferred = PERMISSION_PROFILES.filter((profile) => profile.commands.includes(command));
  const others = PERMISSION_PROFILES.filter((profile) => !profile.commands.includes(command));
  return [...preferred, ...others].find((profile) => profile.isPromptVisible(recent));
}
