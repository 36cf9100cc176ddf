// The closing note of a turn whose program did not finish: says what is still running and how
// to see more, so a response cut at the cap (or at a quiet moment) is never mistaken for the end.
import { isShellCommand, type TurnResult } from '@platform/tmux';

export function closingNote(result: TurnResult): string | undefined {
  const seconds = Math.round(result.outcome.elapsedMs / 1000);
  switch (result.outcome.reason) {
    case 'max-time':
      return `[still running after ${seconds} s: send /tail to see more output, /cancel to interrupt]`;
    case 'ended':
      return '[the session ended]';
    case 'quiet':
    case 'no-output':
      if (
        isShellCommand(result.commandBefore) &&
        result.commandAfter !== undefined &&
        !isShellCommand(result.commandAfter)
      ) {
        return `[${result.commandAfter} is still running: send /tail to see more output, /cancel to interrupt]`;
      }
      return undefined;
    case 'prompt':
    case 'cancelled':
      return undefined;
  }
}
