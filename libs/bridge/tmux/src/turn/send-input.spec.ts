import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { KeySpec } from '../keys/key-names';
import { sendInput } from './send-input';

function fakeTmux() {
  const calls: string[] = [];
  return {
    calls,
    tmux: {
      sendLiteral: async (paneId: string, text: string) => void calls.push(`literal ${paneId} ${text}`),
      paste: async (paneId: string, text: string) =>
        void calls.push(`paste ${paneId} ${JSON.stringify(text)}`),
      sendKeys: async (paneId: string, keys: readonly KeySpec[]) =>
        void calls.push(
          `keys ${paneId} ${keys.map((key) => (key.kind === 'named' ? key.name : key.text)).join(' ')}`,
        ),
    },
  };
}

describe('sending a turn input', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('presses Enter as its own call, only after the delay has passed', async () => {
    const { calls, tmux } = fakeTmux();
    const done = sendInput(tmux, '%1', { kind: 'text', text: 'echo hi' }, 120);
    await jest.advanceTimersByTimeAsync(119);
    expect(calls).toEqual(['literal %1 echo hi']);
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(calls).toEqual(['literal %1 echo hi', 'keys %1 Enter']);
  });

  it('pastes multi-line text and text ending in ";" before the Enter', async () => {
    const { calls, tmux } = fakeTmux();
    const done = sendInput(tmux, '%2', { kind: 'text', text: 'a\nb;' }, 120);
    await jest.advanceTimersByTimeAsync(120);
    await done;
    expect(calls).toEqual(['paste %2 "a\\nb;"', 'keys %2 Enter']);
  });

  it('presses Enter at once for empty text, and keys without an Enter', async () => {
    const { calls, tmux } = fakeTmux();
    await sendInput(tmux, '%3', { kind: 'text', text: '' }, 120);
    await sendInput(tmux, '%3', { kind: 'keys', keys: [{ kind: 'named', name: 'C-c' }] }, 120);
    expect(calls).toEqual(['keys %3 Enter', 'keys %3 C-c']);
  });
});
