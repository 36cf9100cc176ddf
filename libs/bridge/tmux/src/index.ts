// The terminal bridge's tmux adapter: safe names and keys, one-shot tmux commands, control-mode
// sessions with event-driven pane output mirrored in a headless terminal, and the turn logic that
// types into a pane and decides when its output has settled. See README.md.
export {
  describeSessionNameProblem,
  exactPaneTarget,
  exactSessionTarget,
  isValidSessionName,
  lowestFreeName,
  RESERVED_SESSION_NAMES,
  SESSION_NAME_PATTERN,
  sessionNameProblem,
} from './naming/session-name';
export type { SessionNameProblem } from './naming/session-name';
export { allowedKeyNames, describeKey, parseKey, parseKeySequence } from './keys/key-names';
export type { KeySequenceResult, KeySpec } from './keys/key-names';
export { describeServer, serverArguments } from './tmux/tmux-server';
export type { TmuxServerOptions } from './tmux/tmux-server';
export { ProcessTmuxRunner } from './tmux/tmux-runner';
export type { TmuxResult, TmuxRunner, TmuxRunOptions } from './tmux/tmux-runner';
export { TmuxClient } from './tmux/tmux-client';
export type { CreateSessionOptions, TmuxSessionInfo } from './tmux/tmux-client';
export {
  TmuxClientClosedError,
  TmuxCommandError,
  TmuxSessionExistsError,
  TmuxSessionNotFoundError,
  TmuxUnavailableError,
} from './tmux/tmux-errors';
export { isShellCommand } from './tmux/pane-state';
export type { PaneState } from './tmux/pane-state';
export { SessionMonitor } from './session/session-monitor';
export { waitForSessionStart } from './session/session-start';
export type { SessionStartOptions, SessionStartOutcome, SessionStartReason } from './session/session-start';
export type { SettleOutcome, SettleReason, SettleTimings, TurnEnding } from './settle/settle-timer';
export { runTurn } from './turn/pane-turn';
export type { TurnDependencies, TurnRequest, TurnResult } from './turn/pane-turn';
export { typeText } from './turn/send-input';
export type { Keyboard } from './tmux/keyboard';
export type { InputStepListener, TurnInput } from './turn/send-input';
export type { TurnMode } from './turn/turn-output';
export { detectPermissionPrompt, PERMISSION_PROFILES } from './permission/permission-profiles';
export type { PermissionProfile, PermissionProgram } from './permission/permission-profiles';
