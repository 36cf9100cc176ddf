// What a tmux control-mode client reports, as typed events (man tmux, CONTROL MODE).

/** The output of one command: the lines between `%begin` and `%end` (ok) or `%error`. */
export interface CommandBlock {
  readonly type: 'block';
  readonly time: string;
  readonly number: string;
  readonly flags: string;
  readonly ok: boolean;
  readonly lines: readonly string[];
}

export type ControlNotification =
  | { readonly type: 'output'; readonly paneId: string; readonly data: Buffer }
  | { readonly type: 'exit'; readonly reason: string }
  | { readonly type: 'session-changed'; readonly sessionId: string; readonly name: string }
  | { readonly type: 'session-renamed'; readonly name: string }
  | { readonly type: 'sessions-changed' }
  | { readonly type: 'window-renamed'; readonly windowId: string; readonly name: string }
  | { readonly type: 'layout-change'; readonly windowId: string }
  | { readonly type: 'window-pane-changed'; readonly windowId: string; readonly paneId: string }
  | { readonly type: 'session-window-changed'; readonly sessionId: string; readonly windowId: string }
  | { readonly type: 'window-close'; readonly windowId: string }
  | { readonly type: 'pane-mode-changed'; readonly paneId: string }
  /** Any other notification, kept for diagnostics (newer tmux versions add some). */
  | { readonly type: 'other'; readonly name: string; readonly text: string };

export type ControlEvent = CommandBlock | ControlNotification;
