// What typing into a pane needs: tmux's `send-keys` (literal text, key names) and a paste. The
// tmux client provides it with a process per call, a session's control connection without one;
// turns type through either.
import type { TmuxClient } from './tmux-client';

export type Keyboard = Pick<TmuxClient, 'sendLiteral' | 'paste' | 'sendKeys'>;
