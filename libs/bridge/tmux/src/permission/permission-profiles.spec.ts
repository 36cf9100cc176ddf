import { describe, expect, it } from '@jest/globals';
import type { KeySpec } from '../keys/key-names';
import { detectPermissionPrompt } from './permission-profiles';

const names = (keys: readonly KeySpec[]): string[] =>
  keys.map((key) => (key.kind === 'named' ? key.name : key.text));

const CLAUDE = [
  '╭──────────────────────────────────────────╮',
  '│ Bash command                              │',
  '│   rm -rf build                            │',
  '│ Do you want to proceed?                   │',
  '│ ❯ 1. Yes                                  │',
  "│   2. Yes, and don't ask again this session│",
  '│   3. No, and tell Claude what to do differently (esc) │',
  '╰──────────────────────────────────────────╯',
];
const CODEX = [
  'Would you like to run the following command?',
  '  $ cargo test',
  '› 1. Yes, proceed',
  'Press Enter to confirm or Esc to cancel',
];
const GEMINI = [
  "Allow execution of: 'npm test'?",
  '● 1. Yes, allow once',
  '  2. Yes, allow always ...',
  '  3. No, suggest changes (esc)',
];
const AIDER = ['Add file to the chat?', "src/app.py (Y)es/(N)o/(D)on't ask again [Yes]: "];

describe('permission prompts', () => {
  it.each([
    ['Claude Code', CLAUDE, 'node', 'claude-code', ['1'], ['Escape']],
    ['Codex', CODEX, 'codex', 'codex', ['y'], ['Escape']],
    ['Gemini CLI', GEMINI, 'node', 'gemini-cli', ['Enter'], ['Escape']],
    ['aider', AIDER, 'aider', 'aider', ['y', 'Enter'], ['n', 'Enter']],
    ['a y/n question', ['Remove 3 files? [y/N] '], 'bash', 'yes-no', ['y', 'Enter'], ['n', 'Enter']],
  ])('recognises %s and answers with its keys', (_name, screen, command, program, approve, reject) => {
    const profile = detectPermissionPrompt([...screen, '', ''], command);
    expect(profile?.program).toBe(program);
    expect(names(profile?.approve ?? [])).toEqual(approve);
    expect(names(profile?.reject ?? [])).toEqual(reject);
  });

  it('finds no prompt on an ordinary screen', () => {
    expect(detectPermissionPrompt(['bash-5.2# ls', 'a b c', 'bash-5.2# '], 'bash')).toBeUndefined();
    expect(detectPermissionPrompt(['1. Yes we can', 'build finished'], 'node')).toBeUndefined();
  });

  it('ignores a y/n question that is no longer the last line', () => {
    expect(detectPermissionPrompt(['Continue? [y/N] n', 'aborted', 'bash-5.2# '], 'bash')).toBeUndefined();
  });

  it('only looks at the bottom of the screen', () => {
    const scrolled = [...CLAUDE, ...Array.from({ length: 40 }, (_, index) => `line ${index}`)];
    expect(detectPermissionPrompt(scrolled, 'claude')).toBeUndefined();
  });

  it('prefers the program named by the foreground command', () => {
    const both = [...CODEX, 'Do you want to proceed?', '1. Yes'];
    expect(detectPermissionPrompt(both, 'claude')?.program).toBe('claude-code');
    expect(detectPermissionPrompt(both, 'codex')?.program).toBe('codex');
  });

  it('reads a y/n question with trailing blanks, and a hostile wide line, in one pass', () => {
    expect(detectPermissionPrompt(['Continue? [y/N]:    '], 'bash')?.program).toBe('yes-no');
    expect(detectPermissionPrompt(['Overwrite? (yes/no) ? '], 'bash')?.program).toBe('yes-no');
    // `[y/N]` then blanks then more text: not waiting. Two adjacent `\s*` made this quadratic.
    const hostile = `[y/N]${' '.repeat(200_000)}x`;
    expect(detectPermissionPrompt([hostile], 'bash')).toBeUndefined();
  });
});
