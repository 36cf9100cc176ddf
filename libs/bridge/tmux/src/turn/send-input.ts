// Types a turn's input: text by its planned steps, then Enter as a separate key press after a
// pause (interactive TUIs treat an Enter that closely follows a burst of characters as part of a
// paste and insert a newline instead of submitting), or allow-listed keys as they are.
import type { KeySpec } from '../keys/key-names';
import type { Keyboard } from '../tmux/keyboard';
import { planTextInput } from '../tmux/text-input-plan';
import type { TmuxClient } from '../tmux/tmux-client';

export type TurnInput =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'keys'; readonly keys: readonly KeySpec[] };

export type InputStepListener = (step: 'text' | 'paste' | 'keys' | 'enter') => void;

const ENTER: KeySpec = { kind: 'named', name: 'Enter' };

export async function sendInput(
  tmux: Keyboard,
  paneId: string,
  input: TurnInput,
  enterDelayMs: number,
  onStep: InputStepListener = () => undefined,
): Promise<void> {
  if (input.kind === 'keys') {
    await tmux.sendKeys(paneId, input.keys);
    onStep('keys');
    return;
  }
  const typed = await typeText(tmux, paneId, input.text, onStep);
  if (typed && enterDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, enterDelayMs));
  await tmux.sendKeys(paneId, [ENTER]);
  onStep('enter');
}

/** Types text without pressing Enter; resolves with whether anything was typed. */
export async function typeText(
  tmux: Pick<TmuxClient, 'sendLiteral' | 'paste'>,
  paneId: string,
  text: string,
  onStep: InputStepListener = () => undefined,
): Promise<boolean> {
  const steps = planTextInput(text);
  for (const step of steps) {
    if (step.kind === 'literal') await tmux.sendLiteral(paneId, step.text);
    else await tmux.paste(paneId, step.text);
    onStep(step.kind === 'literal' ? 'text' : 'paste');
  }
  return steps.length > 0;
}
