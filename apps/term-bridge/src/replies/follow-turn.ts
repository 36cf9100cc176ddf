// Runs a turn as part of a chat reply: its output as one section, then a closing note if the
// program is still running.
import type { TurnInput } from '@platform/tmux';
import type { TerminalTurns, TurnContext, TurnPlace } from '../terminals/terminal-turns.service';
import type { ReplyOutput } from './chat-reply';
import { closingNote } from './turn-notes';

export async function followTurn(
  out: ReplyOutput,
  turns: TerminalTurns,
  target: TurnPlace | string,
  input: TurnInput,
  context: Omit<TurnContext, 'onText'>,
): Promise<void> {
  out.section();
  const result = await turns.run(target, input, { ...context, onText: (piece) => out.text(piece) });
  const note = closingNote(result);
  if (note !== undefined) {
    out.section();
    out.text(note);
  }
}
