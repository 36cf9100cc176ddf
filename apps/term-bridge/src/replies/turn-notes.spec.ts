import { describe, expect, it } from '@jest/globals';
import type { SettleReason, TurnResult } from '@platform/tmux';
import { closingNote } from './turn-notes';

function result(reason: SettleReason, before: string, after?: string): TurnResult {
  return {
    text: '',
    outcome: { reason, elapsedMs: 30_000 },
    mode: 'line',
    paneId: '%1',
    commandBefore: before,
    ...(after === undefined ? {} : { commandAfter: after }),
  };
}

describe('closing notes', () => {
  it('says how to see more when the cap cut a running command', () => {
    expect(closingNote(result('max-time', 'bash', 'make'))).toBe(
      '[still running after 30 s: send /tail to see more output, /cancel to interrupt]',
    );
  });

  it('names a command still running after the output went quiet', () => {
    expect(closingNote(result('quiet', 'bash', 'sleep'))).toMatch(/^\[sleep is still running/);
    expect(closingNote(result('no-output', 'zsh', 'npm'))).toMatch(/^\[npm is still running/);
  });

  it('says nothing when the shell is back, or inside a program that always runs', () => {
    expect(closingNote(result('prompt', 'bash', 'bash'))).toBeUndefined();
    expect(closingNote(result('quiet', 'bash', 'bash'))).toBeUndefined();
    expect(closingNote(result('quiet', 'node', 'node'))).toBeUndefined();
    expect(closingNote(result('cancelled', 'bash', 'sleep'))).toBeUndefined();
  });

  it('says when the session ended', () => {
    expect(closingNote(result('ended', 'bash'))).toBe('[the session ended]');
  });
});
