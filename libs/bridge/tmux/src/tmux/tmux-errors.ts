// What can go wrong when talking to tmux, as distinct error classes the bridge maps to responses.

/** The tmux executable is missing (spawn failed with ENOENT or EACCES). */
export class TmuxUnavailableError extends Error {
  constructor(readonly binary: string) {
    super(`The tmux executable "${binary}" was not found. Install tmux or set TERM_BRIDGE_TMUX_BIN.`);
    this.name = 'TmuxUnavailableError';
  }
}

/** A tmux command exited non-zero; `stderr` is tmux's own message (it never contains secrets). */
export class TmuxCommandError extends Error {
  constructor(
    readonly command: string,
    readonly stderr: string,
    readonly exitCode: number,
  ) {
    super(`tmux ${command} failed: ${stderr.trim() || `exit code ${exitCode}`}`);
    this.name = 'TmuxCommandError';
  }
}

/** The named session does not exist (or no tmux server is running, which means the same). */
export class TmuxSessionNotFoundError extends Error {
  constructor(readonly sessionName: string) {
    super(`Session "${sessionName}" does not exist.`);
    this.name = 'TmuxSessionNotFoundError';
  }
}

/** `new-session` refused a name that is already taken. */
export class TmuxSessionExistsError extends Error {
  constructor(readonly sessionName: string) {
    super(`Session already exists: ${sessionName}`);
    this.name = 'TmuxSessionExistsError';
  }
}

/** The control-mode client ended (session killed, server gone, or closed by us). */
export class TmuxClientClosedError extends Error {
  constructor(readonly sessionName: string) {
    super(`The connection to session "${sessionName}" has closed.`);
    this.name = 'TmuxClientClosedError';
  }
}

/** tmux's messages when the server or the target is not there. */
export function isMissingTargetMessage(stderr: string): boolean {
  return /can't find (?:session|pane|window)|no server running|error connecting to|no current (?:session|target)/i.test(
    stderr,
  );
}
