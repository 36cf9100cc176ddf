// Runs a turn as part of a chat reply: its output as one section, then a closing note if the
// program is still running.
import type { TurnInput } from '@platform/tmux';
import type { Caller } from '../auth/api-key.verifier';
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

/** Who sent a chat message and how its reply travels; a chat completion and a control command alike. */
export interface ChatTurnOrigin {
  readonly caller: Caller;
  readonly stream: boolean;
  readonly requestId?: string;
}

/** The context of a turn typed through the chat channel, for {@link followTurn} and `runIf`. */
export function chatTurnContext(origin: ChatTurnOrigin, signal: AbortSignal): Omit<TurnContext, 'onText'> {
  return {
    caller: origin.caller,
    channel: 'chat',
    signal,
    stream: origin.stream,
    ...(origin.requestId === undefined ? {} : { requestId: origin.requestId }),
  };
}
